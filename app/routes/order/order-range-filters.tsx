/**
 * The order list's filters beyond the text fields: several statuses at once,
 * and the day and amount ranges in a disclosure. Plain form controls inside
 * the list's GET form, so they land in the address without JavaScript too;
 * JavaScript only keeps the status summary up to date and closes its panel.
 */
import { useEffect, useRef, useState } from "react";
import { DateRangeField } from "~/components/date-range.tsx";
import { ErrorLine } from "~/components/form-messages.tsx";
import type { OrderStatusCode } from "~/contract/status-codes.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { ORDER_STATUSES, orderStatusKey } from "~/utils/logistics-status.ts";
import {
  DAY_RANGE_NAMES,
  DAY_RANGES,
  type OrderRangeFilterView,
  PAID_MAX_LENGTH,
  PAID_PARAMS,
} from "./order-filters.ts";

/**
 * The statuses as checkboxes in a disclosure that looks like the other
 * fields: none checked is every status; each checked one repeats `cbaStatus`.
 */
export function OrderStatusChoices({ chosen }: { chosen: readonly OrderStatusCode[] }) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<readonly number[]>(chosen);
  const ref = useRef<HTMLDetailsElement>(null);
  // With JavaScript the panel closes like a menu: a click elsewhere or Escape.
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
        return;
      }
      if (!details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  const summary =
    checked.length === 0 || checked.length === ORDER_STATUSES.length
      ? t("logistics.allStatuses")
      : ORDER_STATUSES.filter((code) => checked.includes(code))
          .map((code) => t(orderStatusKey(code)))
          .join(t("common.listSeparator"));
  return (
    <div className="relative w-44">
      <span id="filter-cbaStatus-label" className="mb-1 block text-xs font-medium text-gray-600">
        {t("logistics.order.status")}
      </span>
      <details ref={ref} id="filter-cbaStatus" data-testid="status-choices">
        <summary
          aria-labelledby="filter-cbaStatus-label filter-cbaStatus-summary"
          className="input flex cursor-pointer list-none items-center justify-between gap-2 [&::-webkit-details-marker]:hidden"
        >
          <span id="filter-cbaStatus-summary" className="truncate" data-testid="status-summary">
            {summary}
          </span>
          <span aria-hidden="true" className="text-xs text-gray-500">
            ▾
          </span>
        </summary>
        <fieldset className="absolute z-20 mt-1 w-max min-w-full rounded-md border border-gray-200 bg-white px-3 py-2 shadow-lg">
          <legend className="sr-only">{t("logistics.order.status")}</legend>
          {ORDER_STATUSES.map((code) => (
            <label key={code} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                name="cbaStatus"
                value={code}
                defaultChecked={chosen.includes(code)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setChecked((now) => (on ? [...now, code] : now.filter((c) => c !== code)));
                }}
                className="size-4 rounded border-gray-300 text-brand-600"
                data-testid={`status-choice-${code}`}
              />
              {t(orderStatusKey(code))}
            </label>
          ))}
        </fieldset>
      </details>
    </div>
  );
}

/** The day ranges and the amount range, in a disclosure open whenever one is in use. */
export function OrderRangeFilters({
  view,
  today,
}: {
  view: OrderRangeFilterView;
  /** `YYYY-MM-DD`, China time: the date shortcuts end today. */
  today: string;
}) {
  const { t } = useTranslation();
  const { paid } = view;
  const paidInvalid = paid.error ? true : undefined;
  return (
    <details className="group w-full" open={view.rangesInUse > 0} data-testid="more-filters">
      <summary className="btn-link inline-flex cursor-pointer items-center gap-1 text-sm">
        <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        {view.rangesInUse > 0
          ? t("logistics.order.moreFiltersInUse", { n: view.rangesInUse })
          : t("logistics.order.moreFilters")}
      </summary>
      <div className="mt-3 flex flex-wrap items-start gap-x-8 gap-y-3 rounded-md bg-gray-50 p-3">
        {DAY_RANGE_NAMES.map((name) => (
          <div key={name} className="w-80 max-w-full">
            <DateRangeField
              id={`filter-${name}`}
              label={t(`logistics.order.${name}Range`)}
              range={view.days[name].input}
              today={today}
              error={view.days[name].error}
              names={DAY_RANGES[name]}
            />
          </div>
        ))}
        <fieldset aria-labelledby="filter-paid-label" className="min-w-0" data-testid="filter-paid">
          <span id="filter-paid-label" className="mb-1 block text-xs font-medium text-gray-600">
            {t("logistics.order.paidRange")}
          </span>
          <div className="flex items-center gap-1.5">
            <PaidBound end="min" value={paid.min} invalid={paidInvalid} />
            <span className="text-sm text-gray-500" aria-hidden="true">
              –
            </span>
            <PaidBound end="max" value={paid.max} invalid={paidInvalid} />
          </div>
          {paid.error ? <ErrorLine id="filter-paid-error" errors={[paid.error]} /> : null}
        </fieldset>
      </div>
    </details>
  );
}

/** One end of the amount range; an invalid range points both ends at its message. */
function PaidBound({
  end,
  value,
  invalid,
}: {
  end: "min" | "max";
  value: string;
  invalid: true | undefined;
}) {
  const { t } = useTranslation();
  const id = end === "min" ? "filter-paidMin" : "filter-paidMax";
  const label = t(end === "min" ? "logistics.order.paidMin" : "logistics.order.paidMax");
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name={PAID_PARAMS[end]}
        defaultValue={value}
        inputMode="decimal"
        autoComplete="off"
        maxLength={PAID_MAX_LENGTH}
        placeholder={label}
        aria-invalid={invalid}
        aria-describedby={invalid ? "filter-paid-error" : undefined}
        className="input w-32"
      />
    </>
  );
}
