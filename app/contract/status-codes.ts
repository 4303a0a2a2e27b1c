/**
 * The status codes of services, pallets and orders, by name and as sets, the
 * directions of a stock scan and the states of a qualification, without zod: pages import them for labels
 * and filters, and importing the schemas with them would bring zod into the
 * browser (cba.ts re-exports them).
 */

/** cbaStatus of services and pallets, always derived from their orders. */
export const PalletStatus = {
  initial: 1,
  partlyCleared: 2,
  cleared: 3,
  partlyDetained: 4,
  fullyDetained: 5,
  inStock: 6,
  partlyInStock: 7,
} as const;
/** Every code, in code order. */
export const PALLET_STATUSES = [
  PalletStatus.initial,
  PalletStatus.partlyCleared,
  PalletStatus.cleared,
  PalletStatus.partlyDetained,
  PalletStatus.fullyDetained,
  PalletStatus.inStock,
  PalletStatus.partlyInStock,
] as const;
export type PalletStatusCode = (typeof PALLET_STATUSES)[number];

/** cbaStatus of orders. */
export const OrderStatus = {
  initial: 1,
  detained: 2,
  stockedOut: 3,
  stockedIn: 4,
} as const;
/** Every code, in code order. */
export const ORDER_STATUSES = [
  OrderStatus.initial,
  OrderStatus.detained,
  OrderStatus.stockedOut,
  OrderStatus.stockedIn,
] as const;
export type OrderStatusCode = (typeof ORDER_STATUSES)[number];

/** The directions of a stock scan: "in" moves an order 1 → 4, "out" 4 → 3. */
export const WAREHOUSING_DIRECTIONS = ["in", "out"] as const;
export type WarehousingDirection = (typeof WAREHOUSING_DIRECTIONS)[number];

/** States of a company's qualification review. */
export const QUALIFICATION_STATES = ["pending", "reviewing", "approved", "rejected"] as const;
export type QualificationState = (typeof QUALIFICATION_STATES)[number];
