/**
 * The shared date range picker (docs/product.md, Lists): two China-time calendar
 * days and the shortcuts last week, last month and last three months.
 *
 * Put it inside a list's filter form (`ListFilter`): the two date inputs are
 * named `startDate` and `endDate` and submit with the other filters. The
 * shortcuts are links to the same list with both days set (other filters
 * kept, back to page 1), so everything works without JavaScript. The loader
 * reads the range with `parseDateRange` and `rangeToSeconds`
 * (~/utils/date-range.ts) and passes `today` (`chinaToday()`), so the server
 * and the browser agree on the shortcuts.
 */

import { Link, useLocation } from "react-router";
import {
  activeShortcut,
  DATE_SHORTCUTS,
  type DateRange,
  END_DATE,
  START_DATE,
  shortcutRange,
} from "~/utils/date-range.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { listHref } from "~/utils/list-query.ts";
import { DateInput } from "./date-input.tsx";
import { ErrorLine } from "./form-messages.tsx";

export function DateRangeField({
  id,
  label,
  range,
  today,
  error,
  names = { start: START_DATE, end: END_DATE },
}: {
  /** Prefix of the inputs' ids. */
  id: string;
  /** The query parameters of the two days (a list with several ranges names each its own). */
  names?: { start: string; end: string };
  label: string;
  range: DateRange;
  /** `YYYY-MM-DD`, China time. */
  today: string;
  /** Translation key of a range error. */
  error?: string | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const chosen = activeShortcut(range, today);
  const startName = names.start;
  const endName = names.end;
  const errorId = `${id}-error`;
  const invalid = error ? true : undefined;
  return (
    <fieldset aria-labelledby={`${id}-label`} className="min-w-0" data-testid={id}>
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span id={`${id}-label`} className="text-xs font-medium text-gray-600">
          {label}
        </span>
        <nav
          aria-label={t("inventory.dateRange.shortcuts")}
          className="flex flex-wrap gap-x-2.5 text-xs"
        >
          {DATE_SHORTCUTS.map((shortcut) => {
            const days = shortcutRange(shortcut, today);
            return (
              <Link
                key={shortcut}
                to={listHref(location.pathname, params, {
                  [startName]: days.startDate,
                  [endName]: days.endDate,
                  current: null,
                })}
                aria-current={chosen === shortcut ? "true" : undefined}
                className="range-choice"
                data-testid={`${id}-${shortcut}`}
              >
                {t(`inventory.dateRange.${shortcut}`)}
              </Link>
            );
          })}
        </nav>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <label htmlFor={`${id}-start`} className="sr-only">
          {t("inventory.dateRange.start")}
        </label>
        <DateInput
          id={`${id}-start`}
          name={startName}
          defaultValue={range.startDate ?? ""}
          pickerLabel={t("inventory.dateRange.start")}
          aria-invalid={invalid}
          aria-describedby={error ? errorId : undefined}
          className="input w-34 px-2"
        />
        <span className="text-sm text-gray-500" aria-hidden="true">
          {t("inventory.dateRange.to")}
        </span>
        <label htmlFor={`${id}-end`} className="sr-only">
          {t("inventory.dateRange.end")}
        </label>
        <DateInput
          id={`${id}-end`}
          name={endName}
          defaultValue={range.endDate ?? ""}
          pickerLabel={t("inventory.dateRange.end")}
          aria-invalid={invalid}
          aria-describedby={error ? errorId : undefined}
          className="input w-34 px-2"
        />
      </div>
      {/* Only a wrong range takes a line: the inputs stay level with the other filters. */}
      {error ? <ErrorLine id={errorId} errors={[error]} /> : null}
    </fieldset>
  );
}
