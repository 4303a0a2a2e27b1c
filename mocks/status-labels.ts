/**
 * Status labels as the backend writes them (`cbaStatusStr`, workbook cells):
 * the portal's own translations, so a label reads the same on the page and in
 * the answer. Kept out of the portal's browser code, which loads one language.
 */
import type { OrderStatusCode, PalletStatusCode } from "../app/contract/status-codes.ts";
import en from "../app/locales/en/logistics.ts";
import type { Locale } from "../app/locales/index.ts";
import zh from "../app/locales/zh/logistics.ts";

const LABELS = { zh, en } as const;

/** The label of a service or pallet status in `locale`. */
export function palletStatusLabel(code: PalletStatusCode, locale: Locale): string {
  return LABELS[locale].palletStatus[code];
}

/** The label of an order status in `locale`. */
export function orderStatusLabel(code: OrderStatusCode, locale: Locale): string {
  return LABELS[locale].orderStatus[code];
}
