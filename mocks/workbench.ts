/**
 * The workbench's figures. The trends come from per-day counts of each
 * company (stock in, stock out, detentions, amount stocked out), read from
 * the orders' history: every change of an order appends an event there
 * (mocks/history.ts), so the history is the one record of what happened on
 * which day, and the seed writes the history the seeded orders would have
 * had.
 *
 * The counts are built on first use from `db.orderHistory` and kept beside
 * `db.orderList`, never in the database (like mocks/order-index.ts): a new
 * or loaded database makes a new list, and so new counts; `appendEvents`
 * notes each new event here. Thirty days of a company are then thirty map
 * lookups, whatever the number of orders.
 */
import {
  ORDER_STATUSES,
  OrderStatus,
  PALLET_STATUSES,
  PalletStatus,
  type PalletStatusCode,
} from "../app/contract/status-codes.ts";
import {
  PALLET_SERVICES_SHOWN,
  STALLED_AFTER_DAYS,
  WORKBENCH_DAYS,
  type WorkbenchData,
  type WorkbenchTrendDay,
} from "../app/contract/workbench.ts";
import { CHINA_OFFSET_SECONDS } from "../app/utils/china-time.ts";
import { chinaDay, nowSeconds } from "./clock.ts";
import {
  companyStatsOf,
  db,
  deriveStatus,
  type OrderEventRow,
  type OrderRow,
  palletStatsOf,
  type Stats,
  serviceStatsOf,
} from "./db.ts";
import { countStockedInBefore } from "./order-index.ts";
import { ts } from "./paging.ts";

const DAY = 86_400;

/** The China-time day number of a time (days since 1970-01-01 in China). */
export function dayNumber(seconds: number): number {
  return Math.floor((seconds + CHINA_OFFSET_SECONDS) / DAY);
}

/** stock in, stock out, detentions, amount stocked out (fen) */
type DayFigures = [number, number, number, number];

/** Per company, per day number. */
type Activity = Map<string, Map<number, DayFigures>>;

const activities = new WeakMap<readonly OrderRow[], Activity>();

/** The figure each kind of event counts in; releases, remarks and waybill numbers count in none. */
const SLOT: Partial<Record<OrderEventRow["action"], 0 | 1 | 2>> = {
  stockIn: 0,
  stockOut: 1,
  detain: 2,
};

function note(activity: Activity, companyId: string, event: OrderEventRow, paid: number): void {
  const slot = SLOT[event.action];
  if (slot === undefined) return;
  let days = activity.get(companyId);
  if (!days) {
    days = new Map();
    activity.set(companyId, days);
  }
  const day = dayNumber(event.time);
  let figures = days.get(day);
  if (!figures) {
    figures = [0, 0, 0, 0];
    days.set(day, figures);
  }
  figures[slot] += 1;
  if (slot === 1) figures[3] += paid;
}

function activityOf(): Activity {
  let activity = activities.get(db.orderList);
  if (!activity) {
    activity = new Map();
    for (const row of db.orderHistory.values()) {
      const paid = db.orders.get(row.orderNo)?.acturalPaid ?? 0;
      for (const event of row.events) note(activity, row.companyId, event, paid);
    }
    activities.set(db.orderList, activity);
  }
  return activity;
}

/** Notes new history events in the counts, when they were built (mocks/history.ts calls it). */
export function noteEvents(
  pending: ReadonlyMap<string, readonly OrderEventRow[]>,
  companies: ReadonlyMap<string, string>,
): void {
  const activity = activities.get(db.orderList);
  if (!activity) return;
  for (const [orderNo, events] of pending) {
    const paid = db.orders.get(orderNo)?.acturalPaid ?? 0;
    const companyId = companies.get(orderNo) ?? "";
    for (const event of events) note(activity, companyId, event, paid);
  }
}

/** The last `WORKBENCH_DAYS` days up to `now`, of one company or (null) all of them. */
export function trendOf(companyId: string | null, now = nowSeconds()): WorkbenchTrendDay[] {
  const activity = activityOf();
  const companies = companyId === null ? [...activity.values()] : [activity.get(companyId)];
  const today = dayNumber(now);
  const trend: WorkbenchTrendDay[] = [];
  for (let day = today - WORKBENCH_DAYS + 1; day <= today; day++) {
    const sum: DayFigures = [0, 0, 0, 0];
    for (const days of companies) {
      const figures = days?.get(day);
      if (!figures) continue;
      for (let i = 0; i < 4; i++) sum[i] = (sum[i] as number) + (figures[i] as number);
    }
    trend.push({
      day: chinaDay(day * DAY - CHINA_OFFSET_SECONDS),
      stockIn: sum[0],
      stockOut: sum[1],
      detained: sum[2],
      amount: sum[3],
    });
  }
  return trend;
}

/** Pallets or services per derived status (docs/backend.md, Derived status). */
function derivedCounts<T extends { companyId: string }>(
  rows: Iterable<T>,
  companyId: string | null,
  statsOf: (row: T) => Stats,
): Map<PalletStatusCode, number> {
  const counts = new Map<PalletStatusCode, number>();
  for (const row of rows) {
    if (companyId !== null && row.companyId !== companyId) continue;
    const status = deriveStatus(statsOf(row));
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return counts;
}

/** The services with partly detained pallets and how many, most first. */
function partlyDetainedByService(companyId: string | null) {
  const perService = new Map<string, number>();
  for (const row of db.salvers.values()) {
    if (companyId !== null && row.companyId !== companyId) continue;
    if (deriveStatus(palletStatsOf(row.salverNo)) !== PalletStatus.partlyDetained) continue;
    perService.set(row.serviceNo, (perService.get(row.serviceNo) ?? 0) + 1);
  }
  return [...perService]
    .map(([serviceNo, pallets]) => ({ serviceNo, pallets }))
    .sort((a, b) => b.pallets - a.pallets || (a.serviceNo < b.serviceNo ? -1 : 1))
    .slice(0, PALLET_SERVICES_SHOWN);
}

/** Stocked in before the cut-off and still in stock (the typed arrays of mocks/order-index.ts). */
function stalledOrders(companyId: string | null, before: number): number {
  return countStockedInBefore(db.orderList, companyId, OrderStatus.stockedIn, before);
}

/** The figures of one company, or (null) of every company, as of `now`. */
export function workbenchFigures(
  companyId: string | null,
  now = nowSeconds(),
): Pick<WorkbenchData, "counts" | "trend"> & {
  actions: Omit<WorkbenchData["actions"], "pendingReviews" | "unreadNotices">;
} {
  const orders = companyId === null ? db.allStats : companyStatsOf(companyId);
  const pallets = derivedCounts(db.salvers.values(), companyId, (row) =>
    palletStatsOf(row.salverNo),
  );
  const services = derivedCounts(db.services.values(), companyId, (row) =>
    serviceStatsOf(row.serviceNo),
  );
  const stalledBefore = now - STALLED_AFTER_DAYS * DAY;
  const partlyDetained = partlyDetainedByService(companyId);
  return {
    actions: {
      detainedOrders: orders.counts[OrderStatus.detained],
      stalledOrders: stalledOrders(companyId, stalledBefore),
      stalledBefore: ts(stalledBefore),
      partlyDetainedPallets: pallets.get(PalletStatus.partlyDetained) ?? 0,
      partlyDetainedByService: partlyDetained,
    },
    counts: {
      services: PALLET_STATUSES.map((status) => ({ status, count: services.get(status) ?? 0 })),
      pallets: PALLET_STATUSES.map((status) => ({ status, count: pallets.get(status) ?? 0 })),
      orders: ORDER_STATUSES.map((status) => ({ status, count: orders.counts[status] })),
    },
    trend: trendOf(companyId, now),
  };
}
