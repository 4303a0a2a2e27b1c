/**
 * The inventory screens' limits and lists, without zod: their pages draw
 * tabs, fields and forms from them in the browser, where the schemas
 * (./inventory.ts, which re-exports these) come only with the scan check.
 */
import { OrderStatus, type OrderStatusCode } from "~/contract/status-codes.ts";

export const SCAN_MAX = 64;

/** Tabs of the details page: stocked in first (the default), then out, detained, initial. */
export const DETAIL_TABS = [
  OrderStatus.stockedIn,
  OrderStatus.stockedOut,
  OrderStatus.detained,
  OrderStatus.initial,
] as const satisfies readonly OrderStatusCode[];
export const DEFAULT_DETAIL_STATUS = OrderStatus.stockedIn satisfies OrderStatusCode;

/** The time a tab's date range applies to: when the orders got into that status. */
export function detailTimeField(status: OrderStatusCode) {
  if (status === OrderStatus.stockedIn) return "enterCbaTime" as const;
  if (status === OrderStatus.stockedOut) return "exitCbaTime" as const;
  return "createdOn" as const;
}

export const DETAIL_TEXT_FIELDS = ["salverNo", "orderNo"] as const;

export const DOWNLOAD_KINDS = ["details", "arrival"] as const;
export type InventoryDownloadKind = (typeof DOWNLOAD_KINDS)[number];
