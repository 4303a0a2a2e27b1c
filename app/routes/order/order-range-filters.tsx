/**
 * The order list's filters beyond the text fields: several statuses at once,
 * and the day and amount ranges in a disclosure. Plain form controls inside
 * the list's GET form, so they land in the address without JavaScript too;
 * JavaScript keeps the status summary up to date, closes its panel, and
 * draws the closed ranges when they are opened.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { DateRangeField } from "~/components/date-range.tsx";
import { ErrorLine } from "~/components/form-messages.tsx";
import type { OrderStatusCode } from "~/contract/status-codes.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { listHref } from "~/utils/list-query.ts";
import { ORDER_STATUSES, orderStatusKey } from "~/utils/logistics-status.ts";
import { useHydrated } from "~/utils/use-hydrated.ts";
import {
  DAY_RANGE_NAMES,
  DAY_RANGES,
  MORE_FILTERS_OPEN,
  MORE_FILTERS_PARAM,
  type OrderRangeFilterView,
  PAID_MAX_LENGTH,
  PAID_PARAMS,
  STATUS_CHOICES_OPEN,
} from "./order-filters.ts";

/**
 * The statuses as checkboxes in a disclosure that looks like the other
 * fields: none checked is every status; each checked one repeats `cbaStatus`.
 * With none chosen its checkboxes are not in the first paint: before the
 * page runs (and without JavaScript) the field is a link to the address
 * that draws them (`?filters=status`, or `?filters=more`); once the page
 * runs, they are drawn when the disclosure first opens.
 */
export function OrderStatusChoices({ chosen }: { chosen: readonly OrderStatusCode[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const asked = params.get(MORE_FILTERS_PARAM);
  const [opened, setOpened] = useState(false);
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
  const face = (
    <>
      <span id="filter-cbaStatus-summary" className="truncate" data-testid="status-summary">
        {summary}
      </span>
      <span aria-hidden="true" className="text-xs text-gray-500">
        ▾
      </span>
    </>
  );
  // The link before the page runs is a field's box like the disclosure's; the
  // marker and cursor classes are the summary's only (a link has neither).
  const linkClass = "input flex items-center justify-between gap-2";
  const summaryClass = `${linkClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`;
  const drawn = chosen.length > 0 || asked === STATUS_CHOICES_OPEN || asked === MORE_FILTERS_OPEN;
  return (
    <div className="relative w-44">
      <span id="filter-cbaStatus-label" className="filter-label">
        {t("logistics.order.status")}
      </span>
      {!drawn && !hydrated ? (
        // Drawn until the page runs its JavaScript: a plain link, which costs
        // the server's rendering no `<Link>` hooks.
        <a
          href={listHref(location.pathname, params, { [MORE_FILTERS_PARAM]: STATUS_CHOICES_OPEN })}
          aria-labelledby="filter-cbaStatus-label filter-cbaStatus-summary"
          className={linkClass}
          // Another id than the disclosure's: tests know a page runs by the disclosure.
          data-testid="status-choices-link"
        >
          {face}
        </a>
      ) : (
        <details
          ref={ref}
          id="filter-cbaStatus"
          open={asked === STATUS_CHOICES_OPEN}
          onToggle={(event) => {
            if (event.currentTarget.open) setOpened(true);
          }}
          data-testid="status-choices"
        >
          <summary
            aria-labelledby="filter-cbaStatus-label filter-cbaStatus-summary"
            className={summaryClass}
          >
            {face}
          </summary>
          {drawn || opened ? <StatusBoxes chosen={chosen} onChange={setChecked} /> : null}
        </details>
      )}
    </div>
  );
}

/** The statuses' checkboxes, in the panel of their disclosure. */
function StatusBoxes({
  chosen,
  onChange,
}: {
  chosen: readonly OrderStatusCode[];
  onChange: (update: (now: readonly number[]) => readonly number[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="absolute z-20 mt-1 w-max min-w-full rounded-md border border-gray-200 bg-white px-3 py-2 shadow-lg">
      <legend className="sr-only">{t("logistics.order.status")}</legend>
      {ORDER_STATUSES.map((code) => (
        <label key={code} className="menu-check">
          <input
            type="checkbox"
            name="cbaStatus"
            value={code}
            defaultChecked={chosen.includes(code)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              onChange((now) => (on ? [...now, code] : now.filter((c) => c !== code)));
            }}
            data-testid={`status-choice-${code}`}
          />
          {t(orderStatusKey(code))}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The day ranges and the amount range, in a disclosure open whenever one is
 * in use or the address asks for it (`?filters=more`). Closed, its fields
 * are not drawn: before the page runs (and without JavaScript) it is a link
 * to that address; once the page runs, a disclosure that draws them when
 * first opened.
 */
export function OrderRangeFilters({
  view,
  today,
}: {
  view: OrderRangeFilterView;
  /** `YYYY-MM-DD`, China time: the date shortcuts end today. */
  today: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const inUse = view.rangesInUse > 0;
  const asked = params.get(MORE_FILTERS_PARAM) === MORE_FILTERS_OPEN;
  const [opened, setOpened] = useState(false);
  const label = inUse
    ? t("logistics.order.moreFiltersInUse", { n: view.rangesInUse })
    : t("logistics.order.moreFilters");
  if (!inUse && !asked && !hydrated) {
    return (
      <p className="w-full">
        {/* Until the page runs its JavaScript: a plain link, no `<Link>` hooks. */}
        <a
          href={listHref(location.pathname, params, { [MORE_FILTERS_PARAM]: MORE_FILTERS_OPEN })}
          className="btn-link inline-flex items-center gap-1"
          // Another id than the disclosure's: tests know a page runs by the disclosure.
          data-testid="more-filters-link"
        >
          <span aria-hidden="true">›</span>
          {label}
        </a>
      </p>
    );
  }
  return (
    <details
      className="group w-full"
      open={inUse || asked}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
      data-testid="more-filters"
    >
      <summary className="btn-link inline-flex cursor-pointer items-center gap-1">
        <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        {label}
      </summary>
      {inUse || asked || opened ? <RangeFields view={view} today={today} /> : null}
    </details>
  );
}

/** The fields of "more filters": three day ranges and the amount paid. */
function RangeFields({ view, today }: { view: OrderRangeFilterView; today: string }) {
  const { t } = useTranslation();
  const { paid } = view;
  const paidInvalid = paid.error ? true : undefined;
  return (
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
        <span id="filter-paid-label" className="filter-label">
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
