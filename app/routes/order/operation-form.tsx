import {
  type FieldMetadata,
  getFormProps,
  getSelectProps,
  type SubmissionResult,
} from "@conform-to/react";
import { type FetcherWithComponents, Form, Link, useNavigation } from "react-router";
import { ErrorLine, FormErrors, TextareaField, useZodForm } from "~/components/form.tsx";
import { validationOf } from "~/components/form-validation.ts";
import type { Locale } from "~/locales/index.ts";
import { formatCount } from "~/utils/format.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";
import { operationSchema } from "./operation-schemas.ts";
import { ORDER_OPERATIONS, type OrderIntent } from "./operations.ts";
import type { OrderActionData, PendingOperation } from "./order-view.ts";

/** How many order numbers the confirmation lists before "and N more". */
const LISTED = 10;

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
  const [form, fields] = useZodForm(validationOf(operationSchema(intent, all)), {
    id: `operation-${intent}${all ? "-all" : ""}`,
    lastResult,
  });
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
            return field.kind === "text" ? (
              <TextareaField
                {...first}
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
                <select {...getSelectProps(meta)} {...first} key={meta.key} className="input">
                  <option value="">{t(field.empty)}</option>
                  {field.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {t(option.label)}
                    </option>
                  ))}
                </select>
                <ErrorLine id={meta.errorId} errors={meta.errors} />
              </div>
            );
          })
        : null}

      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {t("common.cancel")}
          </button>
        ) : (
          <Link to={cancelHref} className="btn-secondary">
            {t("common.cancel")}
          </Link>
        )}
        <button
          type="submit"
          className={operation.tone === "danger" ? "btn-danger" : "btn-primary"}
          disabled={busy}
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
