import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { ErrorLine, FormErrors, TextareaField, useZodForm } from "~/components/form.tsx";
import type { Locale } from "~/locales/index.ts";
import { formatCount } from "~/utils/format.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { orderStatusKey } from "~/utils/logistics-status.ts";
import {
  detainAllSchema,
  detainSchema,
  REASON_MAX,
  remarksAllSchema,
  remarksSchema,
  STATUS_TARGETS,
  statusAllSchema,
  statusSchema,
  stockInSchema,
} from "~/validation/logistics.ts";
import type { PendingOperation } from "./orders.server.ts";

const SCHEMAS = {
  detain: detainSchema,
  status: statusSchema,
  remarks: remarksSchema,
  stockIn: stockInSchema,
} as const;

/** The same operations on every order matching the filters. */
const ALL_SCHEMAS = {
  detain: detainAllSchema,
  status: statusAllSchema,
  remarks: remarksAllSchema,
  stockIn: stockInSchema,
} as const;

/** How many order numbers the confirmation lists before "and N more". */
const LISTED = 10;

/**
 * The confirmation of an order operation, with what it needs (a reason, a
 * status, a remark). Posted with `confirmed=1`; in a dialog with JavaScript
 * (`onCancel` closes it), in the page without (`cancelHref` leaves it).
 */
export function OperationForm({
  pending,
  action,
  lastResult,
  onCancel,
  cancelHref,
}: {
  pending: PendingOperation;
  action: string;
  lastResult?: SubmissionResult<string[]>;
  onCancel?: () => void;
  cancelHref: string;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const intent = pending.intent === "import" ? "stockIn" : pending.intent;
  const all = pending.matching !== undefined && intent !== "stockIn";
  const [form, fields] = useZodForm((all ? ALL_SCHEMAS : SCHEMAS)[intent], {
    id: `operation-${intent}${all ? "-all" : ""}`,
    lastResult,
  });
  const matching = formatCount(pending.matching ?? 0, i18n.language as Locale);
  const busy = navigation.state === "submitting" && navigation.formData?.get("confirmed") === "1";
  const listed = pending.orderNoList.slice(0, LISTED).join(", ");
  const more = pending.orderNoList.length - LISTED;

  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="space-y-3"
      data-testid="operation-form"
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="confirmed" value="1" />
      {pending.orderNoList.map((orderNo) => (
        <input key={orderNo} type="hidden" name="orderNoList" value={orderNo} />
      ))}
      {all ? <input type="hidden" name="expectedCount" value={pending.matching} /> : null}
      {pending.salverNoOrOrderNo ? (
        <input type="hidden" name="salverNoOrOrderNo" value={pending.salverNoOrOrderNo} />
      ) : null}

      <p className="text-sm text-gray-800" data-testid="operation-question">
        {intent === "stockIn"
          ? t("logistics.order.confirm.stockIn", { number: pending.salverNoOrOrderNo ?? "" })
          : all
            ? t(`logistics.order.confirm.${intent}All`, { n: matching })
            : t(`logistics.order.confirm.${intent}`, { n: pending.orderNoList.length })}
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

      {intent === "detain" ? (
        <TextareaField
          label={t("logistics.order.reason")}
          field={fields.reasonForDetention}
          maxLength={REASON_MAX}
          placeholder={t("logistics.order.reasonPlaceholder")}
        />
      ) : null}

      {intent === "status" ? (
        <div>
          <label htmlFor={fields.cbaStatus.id} className="mb-1 block text-sm font-medium">
            {t("logistics.order.targetStatus")}
          </label>
          <select
            {...getSelectProps(fields.cbaStatus)}
            key={fields.cbaStatus.key}
            className="input"
          >
            <option value="">{t("logistics.order.statusRequired")}</option>
            {STATUS_TARGETS.map((code) => (
              <option key={code} value={code}>
                {t(orderStatusKey(code))}
              </option>
            ))}
          </select>
          <ErrorLine id={fields.cbaStatus.errorId} errors={fields.cbaStatus.errors} />
        </div>
      ) : null}

      {intent === "remarks" ? (
        <TextareaField
          label={t("logistics.order.remarkLabel")}
          field={fields.reasonForDetention}
          maxLength={REASON_MAX}
          hint={t("logistics.order.remarkHint")}
        />
      ) : null}

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
          className={intent === "detain" ? "btn-danger" : "btn-primary"}
          disabled={busy}
        >
          {t("common.confirm")}
        </button>
      </div>
    </Form>
  );
}
