/**
 * The order status moves (docs/product.md, Order moves), one rule for the portal and
 * the fake backend: 1 → 4 (stock in), 4 → 3 (stock out), any state but 3 → 2
 * (detain, reason required), 2 → the state it had before detention
 * ("change status"). The fake backend enforces it (`PUT /cba/order` answers
 * 40009 for a move it refuses); the portal can import the same rule, as it
 * is not part of the contract (a real backend has its own).
 *
 * Imports stay relative: the fake backend runs this module under plain Node.
 */
import { OrderStatus, type OrderStatusCode } from "../contract/cba.ts";

export function isAllowedOrderMove(
  from: OrderStatusCode,
  to: OrderStatusCode,
  previous: OrderStatusCode | null,
): boolean {
  if (from === OrderStatus.initial)
    return to === OrderStatus.stockedIn || to === OrderStatus.detained;
  if (from === OrderStatus.stockedIn)
    return to === OrderStatus.stockedOut || to === OrderStatus.detained;
  if (from === OrderStatus.detained) return previous !== null && to === previous;
  return false;
}

/** The move of a warehouse scan: stock in 1 → 4, stock out 4 → 3. */
export const SCAN_MOVES = {
  in: { from: OrderStatus.initial, to: OrderStatus.stockedIn },
  out: { from: OrderStatus.stockedIn, to: OrderStatus.stockedOut },
} as const satisfies Record<string, { from: OrderStatusCode; to: OrderStatusCode }>;

/** How many orders are in one status (a detained one with the status it returns to). */
export interface StatusCount {
  cbaStatus: OrderStatusCode;
  previousCbaStatus: OrderStatusCode | null;
  count: number;
}

/** Counts orders by status and, for detained ones, the status they return to. */
export function countStatuses(
  rows: Iterable<{ cbaStatus: OrderStatusCode; previousCbaStatus: OrderStatusCode | null }>,
): { total: number; counts: StatusCount[] } {
  const groups = new Map<string, StatusCount>();
  let total = 0;
  for (const row of rows) {
    total += 1;
    const previous = row.cbaStatus === OrderStatus.detained ? row.previousCbaStatus : null;
    const key = `${row.cbaStatus}|${previous ?? ""}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { cbaStatus: row.cbaStatus, previousCbaStatus: previous, count: 1 });
  }
  const counts = [...groups.values()].sort(
    (a, b) => a.cbaStatus - b.cbaStatus || (a.previousCbaStatus ?? 0) - (b.previousCbaStatus ?? 0),
  );
  return { total, counts };
}

/** Orders of one status that keep a target from being offered, and what they may become. */
export interface BlockedGroup {
  from: OrderStatusCode;
  count: number;
  /** The targets (among those asked about) these orders may move to; empty: none. */
  allowed: OrderStatusCode[];
}

/** A target of "change status": offered when every order may move to it, else why not. */
export interface TargetChoice {
  to: OrderStatusCode;
  offered: boolean;
  blocked: BlockedGroup[];
}

/**
 * Which of `targets` the orders counted in `counts` may all move to (moves
 * are all or nothing), and for each other one, the orders that keep it from
 * being offered, grouped by their status and what they may become instead.
 */
export function targetChoices(
  targets: readonly OrderStatusCode[],
  counts: readonly StatusCount[],
): TargetChoice[] {
  const total = counts.reduce((sum, group) => sum + group.count, 0);
  return targets.map((to) => {
    const groups = new Map<string, BlockedGroup>();
    for (const group of counts) {
      if (isAllowedOrderMove(group.cbaStatus, to, group.previousCbaStatus)) continue;
      const allowed = targets.filter((code) =>
        isAllowedOrderMove(group.cbaStatus, code, group.previousCbaStatus),
      );
      const key = `${group.cbaStatus}|${allowed.join(",")}`;
      const known = groups.get(key);
      if (known) known.count += group.count;
      else groups.set(key, { from: group.cbaStatus, count: group.count, allowed });
    }
    const blocked = [...groups.values()];
    return { to, offered: total > 0 && blocked.length === 0, blocked };
  });
}
