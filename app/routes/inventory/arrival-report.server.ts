/**
 * The arrival report: per China-time day and pallet, the orders that arrived,
 * those in stock (status 4) and those not, broken down by their real status
 * (detained, stocked out, initial), with the totals of the whole filtered
 * set. The download takes the same query.
 */
import type { RouterContextProvider } from "react-router";
import type { ArrivalCounts, ArrivalRow, Pagination } from "~/contract/index.ts";
import type { Locale } from "~/locales/index.ts";
import { ARRIVAL_COUNTS, type ArrivalCountKey } from "~/utils/arrival-counts.ts";
import {
  chinaToday,
  type DateRange,
  parseDateRange,
  type RangeErrorKey,
  rangeToSeconds,
} from "~/utils/date-range.ts";
import { formatCount } from "~/utils/format.ts";
import {
  loadClampedPage,
  parseFilters,
  parsePaging,
  redirectToTidyQuery,
} from "~/utils/list-query.ts";
import { apiContext, getLocale } from "~/utils/request-context.server.ts";
import { arrivalFilterSchema } from "~/validation/inventory.ts";

type Context = Readonly<RouterContextProvider>;

type CountsView = Record<ArrivalCountKey, string>;

export interface ArrivalView extends CountsView {
  key: string;
  day: string;
  serviceNo: string;
  salverNo: string;
}

export interface ArrivalQuery {
  salverNo?: string;
  /** The range that applies (none when it is wrong). */
  range: DateRange;
  /** The range as typed, shown again in the form. */
  rangeInput: DateRange;
  rangeError: RangeErrorKey | null;
  /** The query of `arrivalReport` and `downloadArrivalReport` (without paging). */
  filter: { salverNo?: string; startTime?: number; endTime?: number };
}

export function parseArrivalQuery(params: URLSearchParams): ArrivalQuery {
  const { salverNo } = parseFilters(params, arrivalFilterSchema);
  const parsed = parseDateRange(params);
  const range = parsed.ok ? parsed.range : {};
  return {
    salverNo,
    range,
    rangeInput: parsed.input,
    rangeError: parsed.ok ? null : parsed.error,
    filter: { salverNo, ...rangeToSeconds(range) },
  };
}

function totalsView(totals: ArrivalCounts, locale: Locale): CountsView {
  return Object.fromEntries(
    ARRIVAL_COUNTS.map((key) => [key, formatCount(totals[key], locale)]),
  ) as CountsView;
}

const NO_ARRIVALS: ArrivalCounts = {
  arrived: 0,
  inStock: 0,
  notInStock: 0,
  detained: 0,
  stockedOut: 0,
  initial: 0,
};

function arrivalView(row: ArrivalRow, locale: Locale): ArrivalView {
  return {
    key: `${row.day}|${row.salverNo}`,
    day: row.day,
    serviceNo: row.serviceNo,
    salverNo: row.salverNo,
    ...totalsView(row, locale),
  };
}

export async function loadArrivalReport(context: Context, url: URL) {
  redirectToTidyQuery(url);
  const locale = getLocale(context);
  const paging = parsePaging(url.searchParams);
  const query = parseArrivalQuery(url.searchParams);
  const base = {
    filters: { salverNo: query.salverNo },
    // As typed: a wrong range is shown again beside its message.
    range: query.rangeInput,
    rangeError: query.rangeError,
    today: chinaToday(),
  };
  const failed = (error: string) => ({
    ...base,
    list: [] as ArrivalView[],
    pagination: { total: 0, ...paging } as Pagination,
    totals: totalsView(NO_ARRIVALS, locale),
    error,
  });
  if (query.rangeError) return failed(query.rangeError);
  const api = context.get(apiContext);
  const result = await loadClampedPage(
    paging,
    (page) => api.attempt("arrivalReport", { query: { ...page, ...query.filter } }),
    (answer) => (answer.ok ? answer.data.pagination : null),
  );
  if (!result.ok) return failed(result.message);
  return {
    ...base,
    list: result.data.list.map((row) => arrivalView(row, locale)),
    pagination: result.data.pagination,
    totals: totalsView(result.data.totals, locale),
    error: null as string | null,
  };
}
