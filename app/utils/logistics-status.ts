/**
 * The two status code sets (docs/product.md, Status codes): services and pallets (1-7)
 * and orders (1-4) give the same numbers different meanings. Labels come
 * from the translations (`logistics.palletStatus.*`, `logistics.orderStatus.*`):
 * the pages translate the keys, the fake backend fills `cbaStatusStr` and its
 * workbooks from the same texts (mocks/status-labels.ts).
 *
 * Imports stay relative: the fake backend runs this module under plain Node.
 */
import {
  ORDER_STATUSES,
  OrderStatus,
  type OrderStatusCode,
  PALLET_STATUSES,
  PalletStatus,
  type PalletStatusCode,
} from "../contract/status-codes.ts";

/** The colour of a status: how far along, or how wrong, things are (`StatusBadge` draws it). */
export type StatusTone = "neutral" | "progress" | "done" | "warning" | "danger";

export const PALLET_STATUS_TONES: Record<PalletStatusCode, StatusTone> = {
  [PalletStatus.initial]: "neutral",
  [PalletStatus.partlyCleared]: "progress",
  [PalletStatus.cleared]: "done",
  [PalletStatus.partlyDetained]: "warning",
  [PalletStatus.fullyDetained]: "danger",
  [PalletStatus.inStock]: "done",
  [PalletStatus.partlyInStock]: "progress",
};

export const ORDER_STATUS_TONES: Record<OrderStatusCode, StatusTone> = {
  [OrderStatus.initial]: "neutral",
  [OrderStatus.detained]: "danger",
  [OrderStatus.stockedOut]: "progress",
  [OrderStatus.stockedIn]: "done",
};

export function palletStatusKey(code: PalletStatusCode) {
  return `logistics.palletStatus.${code}` as const;
}

export function orderStatusKey(code: OrderStatusCode) {
  return `logistics.orderStatus.${code}` as const;
}

export { ORDER_STATUSES, PALLET_STATUSES };
