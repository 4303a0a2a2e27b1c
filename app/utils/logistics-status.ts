/**
 * The two status code sets (SPEC.md section 4): services and pallets (1-7)
 * and orders (1-4) give the same numbers different meanings. Labels come
 * from the translations (`logistics.salverStatus.*`, `logistics.orderStatus.*`).
 */
import type { StatusTone } from "~/components/list-filter.tsx";
import {
  ORDER_STATUSES,
  type OrderStatusCode,
  SALVER_STATUSES,
  type SalverStatusCode,
} from "~/contract/status-codes.ts";

export const SALVER_STATUS_TONES: Record<SalverStatusCode, StatusTone> = {
  1: "neutral",
  2: "progress",
  3: "done",
  4: "warning",
  5: "danger",
  6: "done",
  7: "progress",
};

export const ORDER_STATUS_TONES: Record<OrderStatusCode, StatusTone> = {
  1: "neutral",
  2: "danger",
  3: "progress",
  4: "done",
};

export function salverStatusKey(code: SalverStatusCode) {
  return `logistics.salverStatus.${code}` as const;
}

export function orderStatusKey(code: OrderStatusCode) {
  return `logistics.orderStatus.${code}` as const;
}

export { ORDER_STATUSES, SALVER_STATUSES };
