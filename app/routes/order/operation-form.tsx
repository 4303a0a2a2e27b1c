import {
  type FieldMetadata,
  getFormProps,
  getSelectProps,
  type SubmissionResult,
} from "@conform-to/react";
import type { TFunction } from "i18next";
import { useEffect, useRef, useState } from "react";
import {
  type FetcherWithComponents,
  Form,
  useFetcher,
  useLocation,
  useNavigation,
} from "react-router";
import { CancelStep } from "~/components/confirm-dialog.tsx";
import { ErrorLine, FormErrors, TextareaField, useZodForm } from "~/components/form.tsx";
import { validationOf } from "~/components/form-validation.ts";
import type { Locale } from "~/locales/index.ts";
import { draftKey, readDraft, removeDraft, writeDraft } from "~/utils/form-drafts.ts";
import { formatCount } from "~/utils/format.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { RESULT_PARAM } from "~/utils/list-query.ts";
import { orderStatusKey } from "~/utils/logistics-status.ts";
import type { BlockedGroup, TargetChoice } from "~/utils/order-moves.ts";
import { OPERATION_PARAM } from "~/utils/order-selection.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";
import { operationSchema } from "./operation-schemas.ts";
import { ORDER_OPERATIONS, type OrderIntent } from "./operations.ts";
import type { OrderActionData, PendingOperation } from "./order-view.ts";

/** How many order numbers the confirmation lists before "and N more". */
const LISTED = 10;

/** The list's address asking for an operation's confirmation (`op=`), whose loader adds its choices. */
function confirmationHref(action: string, intent: string): string {
  const [path, query = ""] = action.split("?");
  const params = new URLSearchParams(query);
  params.set(OPERATION_PARAM, intent);
  return `${path}?${params}`;
}

/** Why a target is not offered: each group of orders that may not move there. */
function whyNot(choice: TargetChoice, t: TFunction): string {
  const reason = (group: BlockedGroup) => {
    const from = t(orderStatusKey(group.from));
    if (group.allowed.length === 0) {
      return t("logistics.order.moves.groupNone", { count: group.count, from });
    }
    const targets = group.allowed
      .map((code) => t("logistics.order.moves.quoted", { status: t(orderStatusKey(code)) }))
      .join(t("logistics.order.moves.or"));
    return t("logistics.order.moves.group", { count: group.count, from, targets });
  };
  return t("logistics.order.moves.target", {
    target: t(orderStatusKey(choice.to)),
    reasons: choice.blocked.map(reason).join(t("logistics.order.moves.separator")),
  });
}

/**
 * The targets "change status" may offer its orders: those the loader or the
 * action counted, or else (a dialog opened in the browser) asked of the
 * list's loader when the form opens. Undefined while they are on their way;
 * null when they could not be read (every target is offered).
 */
function useChoices(pending: PendingOperation, action: string): TargetChoice[] | null | undefined {
  const loader = useFetcher<{ pending: PendingOperation | null }>();
  const missing = pending.intent === "status" && pending.choices === undefined;
  const href = confirmationHref(action, pending.intent);
  const asked = useRef<string | null>(null);
  const { load } = loader;
  useEffect(() => {
    if (!missing || asked.current === href) return;
    asked.current = href;
    void load(href);
  }, [missing, href, load]);
  if (pending.intent !== "status") return undefined;
  if (pending.choices !== undefined) return pending.choices;
  if (!loader.data) return undefined;
  return loader.data.pending?.choices ?? null;
}

/**
 * The drafts of a dialog's text fields (~/utils/form-drafts.ts): what was
 * kept when it opens (read once), a writer for each field, and their removal
 * once the operation is applied, which the list tells by the new result in
 * its address. Off (`kept` false) outside a dialog.
 */
function useDrafts(kept: boolean, form: string, names: readonly string[]) {
  const location = useLocation();
  const keyOf = (name: string) => draftKey(location.pathname, form, name);
  const [restored] = useState(() =>
    kept
      ? Object.fromEntries(
          names.map((name) => [name, readDraft(keyOf(name))]).filter(([, value]) => value !== ""),
        )
      : {},
  );
  const result = new URLSearchParams(location.search).get(RESULT_PARAM);
  const resultAtOpen = useRef(result);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new result
  useEffect(() => {
    if (!kept || !result || result === resultAtOpen.current) return;
    for (const name of names) removeDraft(keyOf(name));
  }, [result]);
  return {
    restored,
    write: (name: string) => (kept ? (value: string) => writeDraft(keyOf(name), value) : undefined),
  };
}

/**
 * The confirmation of an order operation, drawn from its entry in
 * `./operations.ts` (its schema in `./operation-schemas.ts`): its question and the fields it asks for (a reason, a
 * status, a remark). Posted with `confirmed=1`: in a dialog with JavaScript,
 * through the dialog's own `fetcher` (`onCancel` closes it); in the page
 * without (`cancelHref` leaves it).
 */
export function OperationForm({
  pending,
  submissionKey,
  action,
  lastResult,
  fetcher,
  onCancel,
  cancelHref,
}: {
  pending: PendingOperation;
  /** The form's one-time key: a second post of it changes nothing more. */
  submissionKey: string;
  action: string;
  lastResult?: SubmissionResult<string[]>;
  fetcher?: FetcherWithComponents<OrderActionData>;
  onCancel?: () => void;
  cancelHref: string;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { intent } = pending;
  const operation = ORDER_OPERATIONS[intent];
  const all = operation.target === "selection" && pending.matching !== undefined;
  // In a dialog, what is typed is kept as a draft until the operation is applied.
  const textFields =
    operation.target === "selection"
      ? operation.fields.filter((field) => field.kind === "text").map((field) => field.name)
      : [];
  const drafts = useDrafts(fetcher !== undefined, intent, textFields);
  const [form, fields] = useZodForm(validationOf(operationSchema(intent, all)), {
    id: `operation-${intent}${all ? "-all" : ""}`,
    lastResult,
    defaultValue: drafts.restored,
  });
  const choices = useChoices(pending, action);
  // While the choices are on their way, none is offered (nor refused).
  const loading = intent === "status" && choices === undefined;
  const offered = loading
    ? new Set<number>()
    : choices
      ? new Set<number>(choices.filter((c) => c.offered).map((c) => c.to))
      : null;
  const notOffered = choices?.filter((choice) => !choice.offered) ?? [];
  const nothingOffered = !loading && offered !== null && offered.size === 0;
  const matching = formatCount(pending.matching ?? 0, i18n.language as Locale);
  const busy = fetcher
    ? fetcher.state === "submitting"
    : navigation.state === "submitting" && navigation.formData?.get("confirmed") === "1";
  const listed = pending.orderNoList.slice(0, LISTED).join(", ");
  const more = pending.orderNoList.length - LISTED;
  const PostForm = fetcher ? fetcher.Form : Form;
  const hasFields = operation.target === "selection" && operation.fields.length > 0;
  const question =
    operation.target === "scan"
      ? t(operation.question, { number: pending.scanned ?? "" })
      : all
        ? t(operation.questionAll, { n: matching })
        : t(operation.question, { n: pending.orderNoList.length });

  return (
    <PostForm
      method="post"
      action={action}
      {...getFormProps(form)}
      className="space-y-3"
      data-testid="operation-form"
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="confirmed" value="1" />
      <input type="hidden" name={SUBMISSION_FIELD} value={submissionKey} />
      {pending.orderNoList.map((orderNo) => (
        <input key={orderNo} type="hidden" name="orderNoList" value={orderNo} />
      ))}
      {all ? <input type="hidden" name="expectedCount" value={pending.matching} /> : null}
      {operation.target === "scan" ? (
        <input type="hidden" name={operation.field} value={pending.scanned ?? ""} />
      ) : null}

      <p className="text-sm text-gray-800" data-testid="operation-question">
        {question}
      </p>
      {all ? (
        <p className="text-xs text-gray-600">
          {t("logistics.order.confirm.allGuard", { n: matching })}
        </p>
      ) : null}
      {pending.orderNoList.length > 0 ? (
        <p className="font-mono text-xs break-all text-gray-600">
          {t("logistics.order.confirm.orders", { list: listed })}
          {more > 0
            ? ` ${t("logistics.order.confirm.more", { n: pending.orderNoList.length })}`
            : ""}
        </p>
      ) : null}

      <FormErrors id={form.errorId} errors={form.errors} />

      {/* In the dialog focus starts in the first field, else on "confirm" (Headless UI's data-autofocus). */}
      {operation.target === "selection"
        ? operation.fields.map((field, index) => {
            const meta = fields[field.name];
            if (!meta) return null;
            const first = index === 0 ? { "data-autofocus": true } : {};
            const keep = drafts.write(field.name);
            return field.kind === "text" ? (
              <TextareaField
                {...first}
                onInput={keep ? (event) => keep(event.currentTarget.value) : undefined}
                key={field.name}
                label={t(field.label)}
                // A text field's schema holds a string.
                field={meta as FieldMetadata<string | undefined>}
                maxLength={field.maxLength}
                placeholder={field.placeholder ? t(field.placeholder) : undefined}
                hint={field.hint ? t(field.hint) : undefined}
              />
            ) : (
              <div key={field.name}>
                <label htmlFor={meta.id} className="mb-1 block text-sm font-medium">
                  {t(field.label)}
                </label>
                <select
                  {...getSelectProps(meta)}
                  {...first}
                  key={meta.key}
                  className="input"
                  aria-describedby={
                    [meta.errorId, notOffered.length > 0 ? `${meta.id}-why` : null]
                      .filter(Boolean)
                      .join(" ") || undefined
                  }
                  aria-busy={loading ? true : undefined}
                >
                  <option value="">{t(field.empty)}</option>
                  {field.options
                    .filter((option) => !offered || offered.has(Number(option.value)))
                    .map((option) => (
                      <option key={option.value} value={option.value}>
                        {t(option.label)}
                      </option>
                    ))}
                </select>
                <ErrorLine id={meta.errorId} errors={meta.errors} />
                {loading ? (
                  <p className="text-xs text-gray-600" role="status" data-testid="choices-loading">
                    {t("logistics.order.moves.loading")}
                  </p>
                ) : null}
                {notOffered.length > 0 ? (
                  <div
                    id={`${meta.id}-why`}
                    className="mt-1 text-xs text-gray-700"
                    data-testid="status-not-offered"
                  >
                    {nothingOffered ? (
                      <p className="font-medium text-red-700">{t("logistics.order.moves.none")}</p>
                    ) : null}
                    <p>{t("logistics.order.moves.notOffered")}</p>
                    <ul className="ml-4 list-disc">
                      {notOffered.map((choice) => (
                        <li key={choice.to}>{whyNot(choice, t)}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </div>
            );
          })
        : null}

      <div className="flex justify-end gap-2">
        <CancelStep onCancel={onCancel} cancelHref={cancelHref} />
        <button
          type="submit"
          className={operation.tone === "danger" ? "btn-danger" : "btn-primary"}
          disabled={busy || loading || nothingOffered}
          data-autofocus={hasFields ? undefined : true}
        >
          {t("common.confirm")}
        </button>
      </div>
    </PostForm>
  );
}

/**
 * A scanned number checked as the action checks it, before its confirmation
 * opens: the number to confirm, or the refusal (a translation key).
 */
export function checkScan(
  intent: OrderIntent,
  value: FormDataEntryValue | null,
): { scanned: string } | { error: string } {
  const operation = ORDER_OPERATIONS[intent];
  if (operation.target !== "scan") throw new Error(`${intent} is not a scan`);
  const parsed = operationSchema(intent).safeParse({ [operation.field]: value ?? undefined });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "" };
  return { scanned: String(parsed.data[operation.field]) };
}
