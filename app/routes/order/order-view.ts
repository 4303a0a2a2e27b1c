/**
 * What the order page receives from its loader and action: the orders as
 * the page shows them and the answers of the operations. Types only, shared
 * by the server module that builds them and the components that draw them.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { TargetChoice } from "~/utils/order-moves.ts";
import type { ConfirmIntent, OperationAnswer, OrderIntent } from "./operations.ts";
import type { FormattedFields, OrderViewFields, shownRows } from "./orders.server.ts";

export interface OrderLineView {
  itemName: string;
  gmodel: string;
  grossWeight: string;
  netWeight: string;
  barCode: string;
  price: string;
  qty: string;
  totalPrice: string;
}

/** One event of an order's history, in words (newest first). */
export interface OrderEventView {
  time: string;
  actor: string;
  action: string;
  /** How it was asked for: chosen orders, a filter, a scan, an import. */
  source: string;
  /** The status before and after; the same for a remark or a waybill number. */
  from: string;
  to: string;
  moved: boolean;
  text: string;
}

/** An order as the table draws it with every column shown (./orders.server.ts). */
export type OrderView = OrderViewFields;
/** The fields of an order the loader formats for the table (the others are copied). */
export type FormattedOrder = FormattedFields;
/** An order as the page receives it: without the values of the columns the table hides. */
export type ShownOrder = ReturnType<typeof shownRows>[number];

/**
 * An opened row's detail: the order's lines and history. The page's loader
 * sends it only for the rows its address opens (`?open=`); the browser asks
 * the same loader for one row's when it is opened there.
 */
export interface OrderDetailView {
  lines: OrderLineView[];
  history: OrderEventView[];
}

/** The details the loader sends, by order number. */
export type OrderDetails = Record<string, OrderDetailView>;

/** An operation waiting for its confirmation. */
export interface PendingOperation {
  intent: ConfirmIntent;
  /** The chosen orders (empty for every order matching the filter, or for a scan). */
  orderNoList: string[];
  /** Set for an operation on every order matching the filters: how many the backend counted. */
  matching?: number;
  /** The scanned number of a scan operation, posted again with the confirmation. */
  scanned?: string;
  /**
   * "Change status" only: the targets the backend's counts of these orders
   * allow, and why the others are not offered; null when the counts could
   * not be read (every target is offered, the backend still refuses).
   */
  choices?: TargetChoice[] | null;
}

/**
 * What the action answers a refused post: the form's errors, and the
 * confirmation to show again with them. A post that goes through answers a
 * redirect to the list, which shows its `OrderResult`.
 */
export type OrderActionData = {
  stage: "error";
  intent: OrderIntent;
  /** Set when the confirmation is shown again with the errors. */
  pending: PendingOperation | null;
  reply: SubmissionResult<string[]>;
};

/** What an operation did, kept for the list it redirected to. */
export type OrderResult = { intent: OrderIntent } & Required<OperationAnswer>;
