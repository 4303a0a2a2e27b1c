/**
 * Logistics rules shared by the handlers: answers in contract shape, order
 * filtering over the newest-first index, and status moves that keep the
 * pallet and service aggregates in step.
 */
import {
  type ArrivalCounts,
  ORDER_STATUSES,
  type OrderEventSource,
  type OrderFilter,
  OrderStatus,
  type OrderStatusChange,
  type OrderStatusCode,
} from "../app/contract/cba.ts";
import { ApiCode } from "../app/contract/envelope.ts";
import { CHINA_OFFSET_SECONDS } from "../app/utils/china-time.ts";
import { isAllowedOrderMove } from "../app/utils/order-moves.ts";
import { chinaDay, nowSeconds } from "./clock.ts";
import {
  companyStatsOf,
  db,
  deriveStatus,
  type OrderRow,
  type PalletRow,
  palletStatsOf,
  recordStatusChange,
  type ServiceRow,
  serviceStatsOf,
} from "./db.ts";
import { ApiError } from "./errors.ts";
import { type Actor, historyView, moveAction, recordEvents } from "./history.ts";
import { type Lang, type MessageParams, t } from "./i18n.ts";
import { canonicalNo } from "./numbers.ts";
import { consigneeCandidates, consigneeMatches } from "./order-index.ts";
import { ts } from "./paging.ts";
import type { CompanyScope } from "./scope.ts";
import { orderStatusLabel, palletStatusLabel } from "./status-labels.ts";

/** Who asked for a change and how: written to the history of every changed order. */
export interface ChangeOrigin {
  actor: Actor;
  source: OrderEventSource;
}

export function serviceView(row: ServiceRow, lang: Lang) {
  const stats = serviceStatsOf(row.serviceNo);
  const cbaStatus = deriveStatus(stats);
  return {
    serviceNo: row.serviceNo,
    name: row.name,
    salverTotal: db.servicePallets.get(row.serviceNo)?.length ?? 0,
    ordersTotal: stats.ordersTotal,
    amount: stats.amount,
    cbaStatus,
    cbaStatusStr: palletStatusLabel(cbaStatus, lang),
    createdOn: ts(row.createdOn),
  };
}

export function palletView(row: PalletRow, lang: Lang) {
  const stats = palletStatsOf(row.salverNo);
  const cbaStatus = deriveStatus(stats);
  return {
    serviceNo: row.serviceNo,
    salverNo: row.salverNo,
    name: row.name,
    width: row.width,
    length: row.length,
    height: row.height,
    weight: row.weight,
    salverDirection: row.salverDirection,
    cbaStatus,
    cbaStatusStr: palletStatusLabel(cbaStatus, lang),
    ordersTotal: stats.ordersTotal,
    amount: stats.amount,
    createdOn: ts(row.createdOn),
  };
}

/** An order as the scope's user sees it, with its history. */
export function orderView(row: OrderRow, lang: Lang, scope: CompanyScope) {
  return {
    serviceNo: row.serviceNo,
    salverNo: row.salverNo,
    logisticsNo: row.logisticsNo,
    orderNo: row.orderNo,
    consignee: row.consignee,
    consigneeAddress: row.consigneeAddress,
    consigneeTelephone: row.consigneeTelephone,
    acturalPaid: row.acturalPaid,
    enterCbaTime: ts(row.enterCbaTime),
    exitCbaTime: ts(row.exitCbaTime),
    createdOn: ts(row.createdOn),
    cbaStatus: row.cbaStatus,
    cbaStatusStr: orderStatusLabel(row.cbaStatus, lang),
    previousCbaStatus: row.previousCbaStatus,
    reasonForDetention: row.reasonForDetention,
    subOrder: row.subOrder.map((line) => ({ ...line })),
    history: historyView(row.orderNo, scope),
  };
}

/**
 * The JSON text of each row's `orderView`, by language and by whether the
 * caller sees every company (its history's actors), kept while neither the
 * order nor its history changes (the tables' `rowChangedAt` of its number):
 * a page of the order list is the same rows' text again and again, and
 * their `JSON.stringify` was most of what the list's answer cost to make; a
 * change of one order leaves the other rows' texts kept.
 */
const viewTexts = new WeakMap<
  OrderRow,
  { orders: number; history: number; texts: Map<string, OrderViewJson> }
>();

/** A row's view as JSON: its text, and the text's UTF-8 bytes for a server that writes bytes. */
export interface OrderViewJson {
  text: string;
  bytes: Buffer;
}

/** `JSON.stringify(orderView(row, lang, scope))` and its UTF-8 bytes, kept (`viewTexts`). */
export function orderViewJson(row: OrderRow, lang: Lang, scope: CompanyScope): OrderViewJson {
  const orders = db.orders.rowChangedAt(row.orderNo);
  const history = db.orderHistory.rowChangedAt(row.orderNo);
  let kept = viewTexts.get(row);
  if (!kept || kept.orders !== orders || kept.history !== history) {
    kept = { orders, history, texts: new Map() };
    viewTexts.set(row, kept);
  }
  const key = scope.all ? `${lang} all` : lang;
  let json = kept.texts.get(key);
  if (json === undefined) {
    const text = JSON.stringify(orderView(row, lang, scope));
    json = { text, bytes: Buffer.from(text) };
    kept.texts.set(key, json);
  }
  return json;
}

function includesUpper(value: string | null, needle: string | undefined): boolean {
  if (needle === undefined) return true;
  if (value === null) return false;
  return value.toUpperCase().includes(needle);
}

export interface OrderQueryResult {
  /** The requested page, or every match when no page was asked for. */
  rows: OrderRow[];
  total: number;
  amountTotal: number;
}

/**
 * Orders of the scope's companies matching the filters, newest first (by
 * `timeField`: creation, stock-in or stock-out time), with the count and the
 * sum of acturalPaid over all matches. Fast paths: no filter or status only
 * (totals from the company's or everyone's aggregates, the scan stops after
 * the page); an exact order or pallet number (only that order or pallet is
 * looked at); a consignee (only the orders holding its rarest character,
 * counted from typed arrays when it is the only text filter:
 * mocks/order-index.ts).
 */
export function queryOrders(
  scope: CompanyScope,
  filter: Partial<OrderFilter>,
  page?: { current: number; pageSize: number },
): OrderQueryResult {
  const ranges = rangesOf(filter);
  const statuses = filter.cbaStatus ?? [];
  // One status takes the indexed paths; several are matched row by row.
  const several = statuses.length > 1 ? new Set<number>(statuses) : null;
  const status = several ? undefined : (statuses[0] ?? filter.cbaStatus1 ?? filter.status);
  const serviceNo = filter.serviceNo === undefined ? undefined : canonicalNo(filter.serviceNo);
  const salverNo = filter.salverNo === undefined ? undefined : canonicalNo(filter.salverNo);
  const orderNo = filter.orderNo === undefined ? undefined : canonicalNo(filter.orderNo);
  const logisticsNo =
    filter.logisticsNo === undefined ? undefined : canonicalNo(filter.logisticsNo);
  const consignee = filter.consignee;
  const timeField = filter.timeField ?? "createdOn";
  const { startTime, endTime } = filter;
  const timed = startTime !== undefined || endTime !== undefined;
  const skip = page ? (page.current - 1) * page.pageSize : 0;
  const take = page ? page.pageSize : Number.POSITIVE_INFINITY;

  if (!scope.all && scope.companyId === null) return { rows: [], total: 0, amountTotal: 0 };
  const company = scope.all ? null : scope.companyId;

  let candidates: readonly OrderRow[] = db.orderList;
  if (orderNo !== undefined && orderNo.length === db.orderNoLength) {
    const exact = db.orders.get(orderNo);
    candidates = exact && scope.allows(exact.companyId) ? [exact] : [];
  } else if (salverNo !== undefined && salverNo.length === db.palletNoLength) {
    candidates = db.palletOrders.get(salverNo) ?? [];
  }

  // Newest first by the time the filter names (stock-in or stock-out time
  // for those tabs of the details), creation time unless said otherwise;
  // or by the column the list is sorted by.
  const sortField = filter.sortField ?? timeField;
  const descending = (filter.sortOrder ?? "desc") === "desc";
  const sortByTime = sortField !== "createdOn" || !descending;

  // Newest first over every order, no other filter than status and
  // consignee: the indexes answer those without reading the other rows.
  const indexed = newestByStatusOnly(filter, ranges);
  if (indexed && consignee !== undefined)
    return consigneeMatches(db.orderList, consignee, company, status, skip, take);
  if (consignee !== undefined && candidates === db.orderList)
    candidates = consigneeCandidates(db.orderList, consignee);

  const onlyStatus = indexed && consignee === undefined;
  if (onlyStatus) {
    const stats = company === null ? db.allStats : companyStatsOf(company);
    const total = status === undefined ? stats.ordersTotal : (stats.counts[status] ?? 0);
    const amountTotal = status === undefined ? stats.amount : (stats.amounts[status] ?? 0);
    const rows: OrderRow[] = [];
    if (page) {
      let seen = 0;
      for (const row of db.orderList) {
        if (company !== null && row.companyId !== company) continue;
        if (status !== undefined && row.cbaStatus !== status) continue;
        if (seen++ < skip) continue;
        rows.push(row);
        if (rows.length >= take) break;
      }
    } else {
      for (const row of ordersOfStatus(db.orderList, company, status)) rows.push(row);
    }
    return { rows, total, amountTotal };
  }

  const rows: OrderRow[] = [];
  let total = 0;
  let amountTotal = 0;
  for (const row of candidates) {
    if (company !== null && row.companyId !== company) continue;
    if (status !== undefined && row.cbaStatus !== status) continue;
    if (several !== null && !several.has(row.cbaStatus)) continue;
    if (serviceNo !== undefined && row.serviceNo.toUpperCase() !== serviceNo) continue;
    if (!includesUpper(row.salverNo, salverNo)) continue;
    if (!includesUpper(row.orderNo, orderNo)) continue;
    if (!includesUpper(row.logisticsNo, logisticsNo)) continue;
    if (consignee !== undefined && !row.consignee.includes(consignee)) continue;
    if (timed) {
      const time = row[timeField];
      if (time === null) continue;
      if (startTime !== undefined && time < startTime) continue;
      if (endTime !== undefined && time >= endTime) continue;
    }
    if (!inRanges(row, ranges)) continue;
    if (sortByTime || (total >= skip && rows.length < take)) rows.push(row);
    total += 1;
    amountTotal += row.acturalPaid;
  }
  if (sortByTime) {
    // Stable: equal values keep the newest-created first; orders without the time go last.
    rows.sort((a, b) => {
      const x = a[sortField];
      const y = b[sortField];
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return descending ? y - x : x - y;
    });
    return { rows: page ? rows.slice(skip, skip + take) : rows, total, amountTotal };
  }
  return { rows, total, amountTotal };
}

/**
 * Whether a filter asks for every order of the scope newest first, narrowed
 * by nothing but one status (or none) and perhaps a consignee: the kept
 * statistics and indexes answer such a list without reading the other rows
 * (`queryOrders`), and a download reads it as the file is written
 * (`downloadedOrders`). `ranges` are the filter's own (`rangesOf`).
 */
function newestByStatusOnly(filter: Partial<OrderFilter>, ranges: readonly RowRange[]): boolean {
  const sortField = filter.sortField ?? filter.timeField ?? "createdOn";
  return (
    sortField === "createdOn" &&
    (filter.sortOrder ?? "desc") === "desc" &&
    (filter.cbaStatus ?? []).length <= 1 &&
    filter.serviceNo === undefined &&
    filter.salverNo === undefined &&
    filter.orderNo === undefined &&
    filter.logisticsNo === undefined &&
    filter.startTime === undefined &&
    filter.endTime === undefined &&
    ranges.length === 0
  );
}

/** The orders of `list` of one company (every company for null) and one status (any for undefined), in the list's order. */
function* ordersOfStatus(
  list: readonly OrderRow[],
  company: string | null,
  status: number | undefined,
): Generator<OrderRow> {
  for (const row of list)
    if (
      (company === null || row.companyId === company) &&
      (status === undefined || row.cbaStatus === status)
    )
      yield row;
}

/**
 * The orders a download of `filter` writes: the same orders, in the same
 * order, as `queryOrders(scope, filter).rows`. Every order of the scope, or
 * those of one status, sorted newest first (a whole list, the largest
 * download) are read from the order list as the file is written, each one
 * checked against the scope and the status when it is reached, instead of
 * gathered into an array of them all first (8 bytes an order, which
 * outlived the download in the old generation). The list itself is made
 * once by the seed (only its rows change), so it can be read over the
 * download's seconds. Other filters answer `queryOrders`'s rows.
 */
export function downloadedOrders(
  scope: CompanyScope,
  filter: Partial<OrderFilter>,
): Iterable<OrderRow> {
  if (!newestByStatusOnly(filter, rangesOf(filter)) || filter.consignee !== undefined)
    return queryOrders(scope, filter).rows;
  if (!scope.all && scope.companyId === null) return [];
  const status = filter.cbaStatus?.[0] ?? filter.cbaStatus1 ?? filter.status;
  return ordersOfStatus(db.orderList, scope.all ? null : scope.companyId, status);
}

/** A bound of the order list's range filters: an order's field within [min, max). */
interface RowRange {
  field: "createdOn" | "enterCbaTime" | "exitCbaTime" | "acturalPaid";
  min: number;
  max: number;
}

const DAY_RANGES = [
  ["createdOn", "createdFrom", "createdTo"],
  ["enterCbaTime", "stockedInFrom", "stockedInTo"],
  ["exitCbaTime", "stockedOutFrom", "stockedOutTo"],
] as const;

/** Unix seconds of 00:00 China time on a `YYYY-MM-DD` day. */
function chinaMidnight(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date) / 1000 - CHINA_OFFSET_SECONDS;
}

function reversed(first: string, last: string, start: string | number, end: string | number) {
  return new ApiError(ApiCode.invalidParameters, "filterRangeReversed", {
    first,
    last,
    start,
    end,
  });
}

/**
 * The day and amount ranges of the filter as bounds on the orders' fields:
 * days are whole China-time days, both ends inclusive; amounts in fen, both
 * inclusive. A range whose start is after its end is refused (40001).
 */
function rangesOf(filter: Partial<OrderFilter>): RowRange[] {
  const ranges: RowRange[] = [];
  for (const [field, fromName, toName] of DAY_RANGES) {
    const from = filter[fromName];
    const to = filter[toName];
    if (from === undefined && to === undefined) continue;
    if (from !== undefined && to !== undefined && from > to)
      throw reversed(fromName, toName, from, to);
    ranges.push({
      field,
      min: from === undefined ? Number.NEGATIVE_INFINITY : chinaMidnight(from),
      max: to === undefined ? Number.POSITIVE_INFINITY : chinaMidnight(to) + 86_400,
    });
  }
  const { acturalPaidMin: min, acturalPaidMax: max } = filter;
  if (min !== undefined || max !== undefined) {
    if (min !== undefined && max !== undefined && min > max)
      throw reversed("acturalPaidMin", "acturalPaidMax", min, max);
    ranges.push({
      field: "acturalPaid",
      min: min ?? Number.NEGATIVE_INFINITY,
      max: max === undefined ? Number.POSITIVE_INFINITY : max + 1,
    });
  }
  return ranges;
}

/** Whether the order is within every range; an order without the time is in none on it. */
function inRanges(row: OrderRow, ranges: readonly RowRange[]): boolean {
  for (const { field, min, max } of ranges) {
    const value = row[field];
    if (value === null || value < min || value >= max) return false;
  }
  return true;
}

/**
 * Looks orders of the scope up by number; 40004 names the first unknown one
 * (another company's order is unknown). Duplicates are dropped.
 */
export function ordersByNumbers(scope: CompanyScope, orderNos: readonly string[]): OrderRow[] {
  const seen = new Set<string>();
  const rows: OrderRow[] = [];
  for (const raw of orderNos) {
    const orderNo = canonicalNo(raw);
    if (seen.has(orderNo)) continue;
    seen.add(orderNo);
    const row = db.orders.get(orderNo);
    if (!row || !scope.allows(row.companyId))
      throw new ApiError(ApiCode.notFound, "ordersNotFound", { no: orderNo });
    rows.push(row);
  }
  return rows;
}

export function statusLabel(lang: Lang, status: OrderStatusCode): string {
  return orderStatusLabel(status, lang);
}

/**
 * The parameters of the refusal naming every order that may not move to
 * `to`, grouped by what each may become instead; null when all may move.
 */
export function refusedMoves(
  rows: readonly OrderRow[],
  to: OrderStatusCode,
  lang: Lang,
  /** Order numbers named per group before "and N more" (a filter may match thousands). */
  listed = Number.POSITIVE_INFINITY,
): MessageParams | null {
  const groups = new Map<
    string,
    { from: OrderStatusCode; targets: OrderStatusCode[]; nos: string[] }
  >();
  let count = 0;
  for (const row of rows) {
    if (isAllowedOrderMove(row.cbaStatus, to, row.previousCbaStatus)) continue;
    count += 1;
    const targets = ORDER_STATUSES.filter((code) =>
      isAllowedOrderMove(row.cbaStatus, code, row.previousCbaStatus),
    );
    const key = `${row.cbaStatus}|${targets.join(",")}`;
    const group = groups.get(key) ?? { from: row.cbaStatus, targets, nos: [] };
    group.nos.push(row.orderNo);
    groups.set(key, group);
  }
  if (count === 0) return null;
  const quote = (code: OrderStatusCode) =>
    lang === "en" ? `"${statusLabel(lang, code)}"` : `“${statusLabel(lang, code)}”`;
  const parts = [...groups.values()].map((group) =>
    t(lang, "orderMoveGroup", {
      nos:
        group.nos.slice(0, listed).join(lang === "en" ? ", " : "、") +
        (group.nos.length > listed
          ? `${lang === "en" ? " " : ""}${t(lang, "orderMoveMore", { n: group.nos.length, more: group.nos.length - listed })}`
          : ""),
      from: statusLabel(lang, group.from),
      allowed:
        group.targets.length === 0
          ? t(lang, "orderMoveNone")
          : t(lang, "orderMoveAllowed", {
              targets: group.targets.map(quote).join(t(lang, "orderMoveOr")),
            }),
    }),
  );
  return {
    count,
    to: statusLabel(lang, to),
    groups: parts.join(t(lang, "orderMoveGroupSeparator")),
  };
}

/**
 * Moves orders to `to` after checking every one of them (all or nothing):
 * 40009 names every order that may not move and what it may become instead.
 */
export async function moveOrders(
  rows: readonly OrderRow[],
  to: OrderStatusCode,
  lang: Lang,
  origin: ChangeOrigin,
  reason?: string,
  listed?: number,
): Promise<OrderStatusChange[]> {
  const refused = refusedMoves(rows, to, lang, listed);
  if (refused !== null) throw new ApiError(ApiCode.wrongStatus, "orderMoveNotAllowed", refused);
  return applyMoves(rows, to, origin, reason);
}

/** Applies already checked moves, updates the aggregates and writes the orders' history. */
export async function applyMoves(
  rows: readonly OrderRow[],
  to: OrderStatusCode,
  origin: ChangeOrigin,
  reason?: string,
): Promise<OrderStatusChange[]> {
  const now = nowSeconds();
  const changes = rows.map((row) => ({ orderNo: row.orderNo, from: row.cbaStatus, to }));
  // Order rows are updated in place: note the states before the update.
  const before = new Map(rows.map((row) => [row.orderNo, row.cbaStatus]));
  const updated = await db.orders.updateMany(
    rows.map((row) => row.orderNo),
    (draft) => {
      const from = draft.cbaStatus;
      if (to === OrderStatus.detained) {
        draft.previousCbaStatus = from;
        draft.reasonForDetention = (reason ?? "").trim();
      } else if (from === OrderStatus.detained) {
        draft.previousCbaStatus = null;
      }
      if (from === OrderStatus.initial && to === OrderStatus.stockedIn) draft.enterCbaTime = now;
      if (from === OrderStatus.stockedIn && to === OrderStatus.stockedOut) draft.exitCbaTime = now;
      draft.cbaStatus = to;
    },
  );
  for (const row of updated) {
    const from = before.get(row.orderNo);
    if (from !== undefined) recordStatusChange(row, from, row.cbaStatus);
  }
  await recordEvents(
    updated.map((row) => {
      const from = before.get(row.orderNo) ?? row.cbaStatus;
      return {
        order: row,
        action: moveAction(from, row.cbaStatus),
        from,
        to: row.cbaStatus,
        text: to === OrderStatus.detained ? reason : "",
      };
    }),
    origin.actor,
    origin.source,
    now,
  );
  return changes;
}

export interface ArrivalGroup extends ArrivalCounts {
  day: string;
  serviceNo: string;
  salverNo: string;
}

const ARRIVAL_COUNT_OF = {
  [OrderStatus.initial]: "initial",
  [OrderStatus.detained]: "detained",
  [OrderStatus.stockedOut]: "stockedOut",
  [OrderStatus.stockedIn]: "inStock",
} as const satisfies Record<OrderStatusCode, keyof ArrivalCounts>;

function noArrivals(): ArrivalCounts {
  return { arrived: 0, inStock: 0, notInStock: 0, detained: 0, stockedOut: 0, initial: 0 };
}

function countArrival(counts: ArrivalCounts, status: OrderStatusCode): void {
  counts.arrived += 1;
  counts[ARRIVAL_COUNT_OF[status]] += 1;
  if (status !== OrderStatus.stockedIn) counts.notInStock += 1;
}

/**
 * Orders of the scope arrived per China-time day of createdOn and pallet: in
 * stock (status 4) or not, and those not in stock by their real status
 * (detained, stocked out, initial), newest day first.
 */
export function arrivalReport(
  scope: CompanyScope,
  filter: {
    startTime?: number;
    endTime?: number;
    salverNo?: string;
  },
): {
  rows: ArrivalGroup[];
  totals: ArrivalCounts;
} {
  const groups = new Map<string, ArrivalGroup>();
  const needle = filter.salverNo === undefined ? undefined : canonicalNo(filter.salverNo);
  const totals = noArrivals();
  for (const row of db.orderList) {
    if (!scope.allows(row.companyId)) continue;
    if (filter.startTime !== undefined && row.createdOn < filter.startTime) continue;
    if (filter.endTime !== undefined && row.createdOn >= filter.endTime) continue;
    if (needle !== undefined && !row.salverNo.toUpperCase().includes(needle)) continue;
    const dayIndex = Math.floor((row.createdOn + CHINA_OFFSET_SECONDS) / 86_400);
    const key = `${dayIndex}|${row.salverNo}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        day: chinaDay(row.createdOn),
        serviceNo: row.serviceNo,
        salverNo: row.salverNo,
        ...noArrivals(),
      };
      groups.set(key, group);
    }
    countArrival(group, row.cbaStatus);
    countArrival(totals, row.cbaStatus);
  }
  const rows = [...groups.values()].sort((a, b) =>
    a.day === b.day ? (a.salverNo < b.salverNo ? -1 : 1) : a.day < b.day ? 1 : -1,
  );
  return { rows, totals };
}
