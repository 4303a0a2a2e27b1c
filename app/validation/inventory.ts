import "~/locales/areas/inventory.ts";
import { z } from "zod";
import { ORDER_STATUSES, WAREHOUSING_DIRECTIONS } from "~/contract/status-codes.ts";
import { DOWNLOAD_KINDS, SCAN_MAX } from "./inventory-limits.ts";

export * from "./inventory-limits.ts";

/**
 * Schemas of the inventory screens (stock in/out by scan, details, arrival
 * report). Form schemas speak in translation keys, so the same schema checks
 * in the browser and on the server in either language.
 */

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

const filterText = z.string().trim().max(64).optional();

/** Filters of the details page read from the query (`parseFilters`: bad values are dropped). */
export const detailFilterSchema = z.object({
  cbaStatus: z.coerce.number().pipe(z.literal(ORDER_STATUSES)).optional(),
  salverNo: filterText,
  orderNo: filterText,
});

/** Filters of the arrival report read from the query. */
export const arrivalFilterSchema = z.object({ salverNo: filterText });

export const inventoryDownloadSchema = z.object({ kind: z.enum(DOWNLOAD_KINDS) });
