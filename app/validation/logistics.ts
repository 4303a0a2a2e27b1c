import { z } from "zod";
import { orderFilterSchema, PALLET_STATUSES } from "~/contract/index.ts";

/**
 * Schemas of the logistics screens that the server checks: the lists'
 * filters, a pallet's position, the order list's downloads. Form schemas
 * speak in translation keys (the page translates them). The order list's
 * operation forms, which the browser checks too, are in ./order-forms.ts,
 * without the rest of the contract.
 */

// ---------------------------------------------------------------------------
// List filters, read from the query string with `parseFilters` (a value that
// does not parse is dropped, never an error).

const filterText = z.string().trim().max(64).optional();
const palletStatusFilter = z.coerce.number().pipe(z.literal(PALLET_STATUSES)).optional();

export const serviceFilterSchema = z.object({
  cbaStatus: palletStatusFilter,
  serviceNo: filterText,
});

export const palletFilterSchema = z.object({
  serviceNo: z.string().trim().min(1).max(64).optional(),
  cbaStatus: palletStatusFilter,
  salverNo: filterText,
});

/**
 * The filters the order list offers, kept in its URL and posted with its
 * downloads: the backend's order filters (the contract's `orderFilterSchema`,
 * one definition of each field) that the page shows, and the column it is
 * sorted by.
 */
export const orderListFilterSchema = orderFilterSchema.pick({
  salverNo: true,
  orderNo: true,
  logisticsNo: true,
  consignee: true,
  cbaStatus: true,
  sortField: true,
  sortOrder: true,
});

/** Change the position of a pallet in place. */
export const positionSchema = z.object({
  salverNo: z.string().trim().min(1).max(64),
  salverDirection: z
    .string({ error: "logistics.pallet.positionRequired" })
    .trim()
    .min(1, "logistics.pallet.positionRequired")
    .max(32, "logistics.pallet.positionTooLong"),
});

export const DOWNLOAD_KINDS = ["orders", "logistics"] as const;

/** The posted form of the download resource route (the filters come beside it). */
export const downloadSchema = z.object({
  kind: z.enum(DOWNLOAD_KINDS),
  orderNoList: z.array(z.string().trim().min(1).max(64)).max(100_000).default([]),
});
