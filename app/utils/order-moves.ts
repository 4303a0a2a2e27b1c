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
