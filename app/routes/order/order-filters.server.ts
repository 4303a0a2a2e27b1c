/**
 * Reads the order list's filters from its address (or from the posted form
 * of a download), once for the list, its totals, the operations on every
 * matching order and the downloads: what each of them sends the backend is
 * the same `query`. A range that is wrong (not a day, start after end, an
 * amount that is not one) is not applied: the form shows why beside it and
 * the list names it among the ignored filters.
 */
import { ORDER_STATUSES, type OrderFilter, type OrderStatusCode } from "~/contract/index.ts";
import {
  type DateRange,
  isCalendarDay,
  RANGE_ERRORS,
  type RangeErrorKey,
  typedDay,
} from "~/utils/date-range.ts";
import {
  filterEntries,
  type IgnoredFilter,
  ignoredFilters,
  parseFilters,
} from "~/utils/list-query.ts";
import { orderListFilterSchema } from "~/validation/logistics.ts";
import {
  DAY_RANGE_NAMES,
  DAY_RANGES,
  type DayRangeName,
  type OrderRangeFilterView,
  PAID_ERRORS,
  PAID_MAX_LENGTH,
  PAID_PARAMS,
  type PaidErrorKey,
} from "./order-filters.ts";

/** The query of the backend's order calls, paging aside. */
export type OrderQueryFilter = Partial<OrderFilter>;

export interface OrderFilterReading {
  query: OrderQueryFilter;
  /** The text filters and the sorting, as the form and the table show them. */
  filters: ReturnType<typeof parseTextFilters>;
  view: OrderRangeFilterView;
  ignored: IgnoredFilter[];
  /** The applied filters as query entries (repeated `cbaStatus`), posted with the downloads. */
  entries: [string, string][];
}

/** The text filters and the sorting: read like every list's (list-query.ts). */
const textFilterSchema = orderListFilterSchema.omit({ cbaStatus: true });

function parseTextFilters(params: URLSearchParams) {
  return parseFilters(params, textFilterSchema);
}

/** More `cbaStatus` values than this are not read: there are only four statuses. */
const STATUS_VALUES_READ = 16;
/** A value shown back (in the form or the notice) is cut here. */
const SHOWN_MAX = 32;

const STATUS_TEXTS = new Map(ORDER_STATUSES.map((code) => [String(code), code]));

/** `12.5` yuan → 1250 fen; null when it is no amount of at most two decimals. */
function yuanToFen(text: string): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const cut = (value: string | undefined) => (value ?? "").slice(0, SHOWN_MAX);

function readStatuses(params: URLSearchParams) {
  const statuses: OrderStatusCode[] = [];
  const wrong: string[] = [];
  const values = params.getAll("cbaStatus").slice(0, STATUS_VALUES_READ);
  for (const raw of new Set(values.map((value) => value.trim()).filter(Boolean))) {
    const code = STATUS_TEXTS.get(raw);
    if (code === undefined) wrong.push(raw);
    else statuses.push(code);
  }
  return { statuses: statuses.sort((a, b) => a - b), wrong };
}

function readDays(params: URLSearchParams, name: DayRangeName) {
  const names = DAY_RANGES[name];
  const start = typedDay(params.get(names.start));
  const end = typedDay(params.get(names.end));
  const input: DateRange = { startDate: start && cut(start), endDate: end && cut(end) };
  let error: RangeErrorKey | null = null;
  if ((start && !isCalendarDay(start)) || (end && !isCalendarDay(end)))
    error = RANGE_ERRORS.invalid;
  else if (start && end && start > end) error = RANGE_ERRORS.order;
  return { input, error, applied: error ? {} : { [names.start]: start, [names.end]: end } };
}

function readPaid(params: URLSearchParams) {
  const min =
    params
      .get(PAID_PARAMS.min)
      ?.trim()
      .slice(0, PAID_MAX_LENGTH + 1) ?? "";
  const max =
    params
      .get(PAID_PARAMS.max)
      ?.trim()
      .slice(0, PAID_MAX_LENGTH + 1) ?? "";
  const minFen = min ? yuanToFen(min) : undefined;
  const maxFen = max ? yuanToFen(max) : undefined;
  let error: PaidErrorKey | null = null;
  if (minFen === null || maxFen === null) error = PAID_ERRORS.invalid;
  else if (minFen !== undefined && maxFen !== undefined && minFen > maxFen)
    error = PAID_ERRORS.order;
  const ok = error === null;
  return {
    min,
    max,
    error,
    query: ok ? { acturalPaidMin: minFen ?? undefined, acturalPaidMax: maxFen ?? undefined } : {},
    entries: ok ? { [PAID_PARAMS.min]: min, [PAID_PARAMS.max]: max } : {},
  };
}

/** Every query field the filters read: an address naming none of them reads as the bare list. */
const READ_FIELDS = new Set<string>([
  ...Object.keys(textFilterSchema.shape),
  "cbaStatus",
  ...Object.values(DAY_RANGES).flatMap(({ start, end }) => [start, end]),
  PAID_PARAMS.min,
  PAID_PARAMS.max,
]);

/**
 * The reading of an address that names no filter (the bare list, a page of
 * it, an opened row): what the fields' readers make of absent fields, made
 * without them. The bare list is the page most requests ask for, and its
 * reading comes before the page's call to the backend is made.
 */
function blankReading(): OrderFilterReading {
  const days = {} as OrderRangeFilterView["days"];
  for (const name of DAY_RANGE_NAMES) {
    days[name] = { input: { startDate: undefined, endDate: undefined }, error: null };
  }
  return {
    query: {},
    filters: {},
    view: { statuses: [], days, paid: { min: "", max: "", error: null }, rangesInUse: 0 },
    ignored: [],
    entries: [],
  };
}

/** The order list's filters of `params`: the backend's query, the form's view, what was ignored. */
export function readOrderFilters(params: URLSearchParams): OrderFilterReading {
  let named = false;
  for (const key of params.keys()) {
    if (READ_FIELDS.has(key)) {
      named = true;
      break;
    }
  }
  return named ? readNamedFilters(params) : blankReading();
}

function readNamedFilters(params: URLSearchParams): OrderFilterReading {
  const filters = parseTextFilters(params);
  const ignored = ignoredFilters(params, textFilterSchema);
  const { statuses, wrong } = readStatuses(params);
  for (const value of wrong.slice(0, 3)) ignored.push({ name: "cbaStatus", value: cut(value) });

  let applied: Record<string, string | undefined> = {};
  let rangesInUse = 0;
  const days = {} as OrderRangeFilterView["days"];
  for (const name of DAY_RANGE_NAMES) {
    const read = readDays(params, name);
    days[name] = { input: read.input, error: read.error };
    applied = { ...applied, ...read.applied };
    if (read.input.startDate || read.input.endDate) rangesInUse += 1;
    if (read.error) {
      ignored.push({
        name: `${name}Range`,
        value: `${read.input.startDate ?? ""} – ${read.input.endDate ?? ""}`,
      });
    }
  }
  const paid = readPaid(params);
  if (paid.min || paid.max) rangesInUse += 1;
  if (paid.error) ignored.push({ name: "paidRange", value: `${cut(paid.min)} – ${cut(paid.max)}` });

  const query: OrderQueryFilter = {
    ...filters,
    ...(statuses.length > 0 ? { cbaStatus: statuses } : {}),
    ...applied,
    ...paid.query,
  };
  const entries: [string, string][] = [
    ...filterEntries(filters),
    ...statuses.map((code): [string, string] => ["cbaStatus", String(code)]),
    ...filterEntries(applied),
    ...filterEntries(paid.entries),
  ];
  return {
    query,
    filters,
    view: {
      statuses,
      days,
      paid: { min: cut(paid.min), max: cut(paid.max), error: paid.error },
      rangesInUse,
    },
    ignored,
    entries,
  };
}
