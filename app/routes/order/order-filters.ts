/**
 * The order list's range and status filters as the page shows them: the
 * names of their query parameters and what the form draws again. Read on
 * the server by ./order-filters.server.ts; isomorphic and without zod, so
 * the page's browser code can import it.
 *
 * In the address, days are China-time calendar days (`YYYY-MM-DD`, both ends
 * inclusive, docs/decisions/2026-11-26-order-range-filters.md), amounts are
 * yuan as typed (`12.5`), and several statuses repeat `cbaStatus`.
 */
import type { OrderStatusCode } from "~/contract/status-codes.ts";
import type { DateRange, RangeErrorKey } from "~/utils/date-range.ts";

/** The day ranges: each a pair of query parameters, the same names as the backend's. */
export const DAY_RANGES = {
  created: { start: "createdFrom", end: "createdTo" },
  stockedIn: { start: "stockedInFrom", end: "stockedInTo" },
  stockedOut: { start: "stockedOutFrom", end: "stockedOutTo" },
} as const;
export type DayRangeName = keyof typeof DAY_RANGES;
export const DAY_RANGE_NAMES = Object.keys(DAY_RANGES) as DayRangeName[];

/** The amount paid range, in yuan with at most two decimals. */
export const PAID_PARAMS = { min: "paidMin", max: "paidMax" } as const;
/** The longest amount typed (10 digits of yuan, a point, 2 decimals). */
export const PAID_MAX_LENGTH = 13;

/** Translation keys of an amount range's errors. */
export const PAID_ERRORS = {
  invalid: "logistics.order.paidInvalid",
  order: "logistics.order.paidOrder",
} as const;
export type PaidErrorKey = (typeof PAID_ERRORS)[keyof typeof PAID_ERRORS];

/** What the filter form shows again of the range and status filters. */
export interface OrderRangeFilterView {
  /** The statuses chosen (none: every status). */
  statuses: OrderStatusCode[];
  days: Record<DayRangeName, { input: DateRange; error: RangeErrorKey | null }>;
  paid: { min: string; max: string; error: PaidErrorKey | null };
  /** How many of the ranges are filled in (applied or wrong): the disclosure opens with any. */
  rangesInUse: number;
}

/** The ranges of an address that fills none in: every field blank. */
const BLANK_RANGES: Omit<OrderRangeFilterView, "statuses"> = {
  days: {
    created: { input: {}, error: null },
    stockedIn: { input: {}, error: null },
    stockedOut: { input: {}, error: null },
  },
  paid: { min: "", max: "", error: null },
  rangesInUse: 0,
};

/**
 * The view as the loader sends it: the ranges are left out while none is
 * filled in (most lists), and the page draws them blank (`withBlankRanges`).
 */
export type SentRangeFilterView = Pick<OrderRangeFilterView, "statuses"> &
  Partial<Omit<OrderRangeFilterView, "statuses">>;

/**
 * The whole view of what the loader sent: blank ranges where it left them
 * out, and no status chosen where it left out the whole view (nothing
 * chosen or filled in).
 */
export function withBlankRanges(view: SentRangeFilterView | undefined): OrderRangeFilterView {
  return { statuses: [], ...BLANK_RANGES, ...view };
}

/**
 * The list's address with a closed filter drawn open: `?filters=more` the
 * day and amount ranges, `?filters=status` the statuses' choices. Before the
 * page runs, or without JavaScript, each closed disclosure is a link there,
 * so the first paint carries only its label
 * (docs/decisions/2026-11-26-closed-filters-on-addresses-of-their-own.md).
 */
export const MORE_FILTERS_PARAM = "filters";
export const MORE_FILTERS_OPEN = "more";
export const STATUS_CHOICES_OPEN = "status";
