/**
 * What the order page receives from its loader and action: the orders as
 * the page shows them and the answers of the operations. Types, and the
 * rows' text, shared by the server module that builds them and the
 * components that draw them.
 */
import type { SubmissionResult } from "@conform-to/react";
import { deepFreeze } from "~/utils/kept.ts";
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

declare const ROWS: unique symbol;

/**
 * The page's rows as one JSON text, not an array of objects: React Router
 * writes the page's data into the page for its hydration value by value
 * (turbo-stream: every row, every key and every field its own entry, each
 * looked up and encoded alone), which made the rows some two thirds of
 * that encoding's time; a text is one value, which the browser decodes
 * with its own `JSON.parse` (docs/decisions/2026-11-27-order-rows-as-one-text.md).
 * The text is a table (`writeRows`): the fields' names once, then each row's
 * values in their order, so that the names are not written, and escaped
 * twice in the page's script, once for every row
 * (docs/decisions/2026-11-27-checked-answers-by-their-bytes.md).
 */
export type RowsText = string & { readonly [ROWS]: ShownOrder[] };

/**
 * The rows as the server draws them, kept beside their text: under a symbol,
 * which turbo-stream never writes (it writes an object's `Object.keys`), so
 * the browser has the text alone and reads it back. They are that text read
 * back too, not the rows the loader made: a value JSON cannot carry (a field
 * left `undefined`, `NaN`, a Date) is drawn by the server as the browser
 * will draw it after reading the text, never otherwise.
 */
const MADE = Symbol("rows made");

/** The text of a frozen array of rows and the rows read back from it, made once (a kept page's rows). */
const writtenRows = new WeakMap<readonly ShownOrder[], { text: RowsText; drawn: ShownOrder[] }>();

/** `page` with its rows written as one text (`rows`); the same object, for the loader's return. */
export function withRowsText<T extends object>(
  page: T,
  rows: readonly ShownOrder[],
): T & { rows: RowsText } {
  let written = writtenRows.get(rows);
  if (!written) {
    const text = writeRows(rows);
    written = { text, drawn: readRows(text) };
    if (Object.isFrozen(rows)) {
      // Shared by every request of the kept page, as the rows are.
      deepFreeze(written.drawn);
      writtenRows.set(rows, written);
    }
  }
  return Object.assign(page, { rows: written.text, [MADE]: written.drawn });
}

/** The rows of the page's data, as the table draws them: the server's own, else read from the text. */
export function rowsOf(page: { rows: RowsText }): ShownOrder[] {
  return (page as { [MADE]?: ShownOrder[] })[MADE] ?? readRows(page.rows);
}

/**
 * The rows as one JSON text, a table: `[names, ...rows]`, each row the
 * values of `names` in that order, `null` for a field the row does not have
 * (a row's fields are texts and numbers: a `null` field is read back as
 * missing, which the table draws the same).
 */
function writeRows(rows: readonly ShownOrder[]): RowsText {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const name of Object.keys(row)) {
      if (!seen.has(name)) {
        seen.add(name);
        names.push(name);
      }
    }
  }
  const table: unknown[] = [names];
  for (const row of rows) {
    const fields = row as Record<string, unknown>;
    table.push(names.map((name) => fields[name] ?? null));
  }
  return JSON.stringify(table) as RowsText;
}

/** The rows of a text `writeRows` wrote, each with the fields it has. */
function readRows(text: string): ShownOrder[] {
  const [names = [], ...values] = JSON.parse(text) as [string[], ...unknown[][]];
  return values.map((fields) => {
    const row: Record<string, unknown> = {};
    for (let at = 0; at < names.length; at += 1) {
      const value = fields[at];
      if (value !== null && value !== undefined) row[names[at] as string] = value;
    }
    return row as ShownOrder;
  });
}

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
