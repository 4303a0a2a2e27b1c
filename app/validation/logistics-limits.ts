/**
 * The logistics forms' limits and lists, without zod: the order list's page
 * draws its filters, buttons and fields from them in the browser, where the
 * schemas (./logistics.ts, which re-exports these) come only with its forms.
 */
import { OrderStatus } from "~/contract/status-codes.ts";

/** Query parameters of the sorting, carried when the filters change. */
export const SORT_PARAMS = ["sortField", "sortOrder"] as const;
export const ORDER_FILTER_TEXT_FIELDS = [
  "salverNo",
  "orderNo",
  "logisticsNo",
  "consignee",
] as const;

/**
 * Orders one operation may name one by one (the largest page); more are
 * chosen as "every order matching the filter", which has no limit.
 */
export const MAX_SELECTION = 500;
export const REASON_MAX = 200;

/** Statuses "change status" may set; detention has its own operation (it needs a reason). */
export const STATUS_TARGETS = [
  OrderStatus.initial,
  OrderStatus.stockedIn,
  OrderStatus.stockedOut,
] as const;
