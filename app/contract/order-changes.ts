/**
 * What changes orders: the bulk operations on them and the actions an
 * order's history records. Each bulk operation is declared once, here: its
 * path, what it does, what it asks beside the orders (`asked`) and what it
 * answers; ./cba.ts makes each its two endpoints (`<name>` on the listed
 * orders, `<name>ByFilter` on every order matching the list's filters), and
 * the order list's forms take what it asks (app/validation/order-forms.ts).
 *
 * A module of its own, with no other part of the contract, so that the
 * browser's forms take what an operation asks without building every
 * endpoint's schemas (docs/decisions/2026-11-27-browser-forms-without-the-whole-contract.md).
 */
import { z } from "zod";
import { ORDER_STATUSES } from "./status-codes.ts";

export const orderStatusSchema = z.literal(ORDER_STATUSES);

export const orderStatusChangeSchema = z.object({
  orderNo: z.string(),
  from: orderStatusSchema,
  to: orderStatusSchema,
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

export const updateOrdersResultSchema = z.object({
  updated: z.number().int().nonnegative(),
  changed: z.array(orderStatusChangeSchema),
});

/**
 * What changed an order (its history): a status move (by the selection, by a
 * filter, by a pallet or order scan), a remark or a waybill number import.
 */
export const ORDER_EVENT_ACTIONS = [
  "stockIn",
  "stockOut",
  "detain",
  "release",
  "remark",
  "logisticsNo",
] as const;
export type OrderEventAction = (typeof ORDER_EVENT_ACTIONS)[number];
/** How the change was asked for. */
export const ORDER_EVENT_SOURCES = [
  "selection",
  "filter",
  "salverScan",
  "orderScan",
  "import",
] as const;
export type OrderEventSource = (typeof ORDER_EVENT_SOURCES)[number];

/** A bulk operation on orders, as ./cba.ts makes it its two endpoints. */
export interface BulkOrderOperation<
  Asked extends z.ZodRawShape = z.ZodRawShape,
  Data extends z.ZodType = z.ZodType,
> {
  path: string;
  /** What it does to the orders, for the endpoints' summaries. */
  does: string;
  /** What else a 40009 answer says ("names the orders that may not move"). */
  refusal?: string;
  /** What it asks beside the orders. */
  asked: Asked;
  data: Data;
}

/**
 * The bulk operations on orders, by name: each is all or nothing, never
 * capped; by filter, nothing changes when the filter matches another number
 * of orders than the user confirmed (40009).
 */
export const BULK_ORDER_OPERATIONS = {
  updateOrders: {
    path: "/cba/order",
    does: "Change the status",
    refusal: "names the orders that may not move",
    asked: {
      cbaStatus: orderStatusSchema,
      /** Required (non-blank) when cbaStatus is 2. */
      reasonForDetention: z.string().max(200).optional(),
    },
    data: updateOrdersResultSchema,
  },
  orderRemarks: {
    path: "/cba/order-remarks",
    does: "Set the remark (reasonForDetention; blank or absent clears it)",
    asked: { reasonForDetention: z.string().trim().max(200).default("") },
    data: z.object({ updated: z.number().int().nonnegative() }),
  },
} satisfies Record<string, BulkOrderOperation>;

/** The bulk operations: each name has its `<name>ByFilter` endpoint too. */
export type SelectionOperationName = keyof typeof BULK_ORDER_OPERATIONS;
