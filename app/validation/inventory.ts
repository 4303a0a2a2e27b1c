import "~/locales/areas/inventory.ts";
import { z } from "zod";
import {
  ORDER_STATUSES,
  OrderStatus,
  type OrderStatusCode,
  WAREHOUSING_DIRECTIONS,
} from "~/contract/index.ts";

/**
 * Schemas of the inventory screens (stock in/out by scan, details, arrival
 * report). Form schemas speak in translation keys, so the same schema checks
 * in the browser and on the server in either language.
 */

export const SCAN_MAX = 64;

/** One scan: a pallet or order number and the direction of the move. */
export const scanSchema = z.object({
  salverNoOrOrderNo: z
    .string({ error: "inventory.scan.numberRequired" })
    .trim()
    .min(1, "inventory.scan.numberRequired")
    .max(SCAN_MAX, "inventory.scan.numberTooLong"),
  direction: z.enum(WAREHOUSING_DIRECTIONS, { error: "inventory.scan.directionRequired" }),
});
export type ScanInput = z.infer<typeof scanSchema>;

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

const filterText = z.string().trim().max(64).optional();

/** Filters of the details page read from the query (`parseFilters`: bad values are dropped). */
export const detailFilterSchema = z.object({
  cbaStatus: z.coerce.number().pipe(z.literal(ORDER_STATUSES)).optional(),
  salverNo: filterText,
  orderNo: filterText,
});
export const DETAIL_TEXT_FIELDS = ["salverNo", "orderNo"] as const;

/** Filters of the arrival report read from the query. */
export const arrivalFilterSchema = z.object({ salverNo: filterText });

export const DOWNLOAD_KINDS = ["details", "arrival"] as const;
export type InventoryDownloadKind = (typeof DOWNLOAD_KINDS)[number];
export const inventoryDownloadSchema = z.object({ kind: z.enum(DOWNLOAD_KINDS) });
