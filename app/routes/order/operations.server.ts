/**
 * What each operation of the order list (./operations.ts) asks of the
 * backend and the message it answers, under the same intent. Server only:
 * the action (`orderAction` in orders.server.ts) calls these once a form has
 * passed its schema (./operation-schemas.ts); the page never needs them.
 */
import type { TFunction } from "i18next";
import type { z } from "zod";
import { OrderStatus } from "~/contract/status-codes.ts";
import type { Api, ApiFailure } from "~/utils/api.server.ts";
import { orderStatusKey } from "~/utils/logistics-status.ts";
import type { OrderListFilter } from "~/validation/logistics.ts";
import type { OperationSchemas } from "./operation-schemas.ts";
import type { Intent, IntentOf, OperationAnswer } from "./operations.ts";

/** An answer of the backend, as `Api.attempt` gives it. */
export type Outcome<T> = { ok: true; data: T } | ApiFailure;

type Chosen<K extends Intent> = z.output<OperationSchemas[K]["schema"]>;
type AllMatching<K extends Intent> = OperationSchemas[K] extends {
  allSchema: infer All extends z.ZodType;
}
  ? z.output<All>
  : never;

/** The calls of one operation, with the values its own schemas parse. */
interface Calls<K extends Intent, D> {
  call(api: Api, value: Chosen<K>): Promise<Outcome<D>>;
  /** The message of a success: `common.operationSuccessful` goes before it. */
  answer(data: D, t: TFunction): OperationAnswer;
}
interface SelectionCalls<K extends Intent, D> extends Calls<K, D> {
  callAll(api: Api, value: AllMatching<K>, filters: OrderListFilter): Promise<Outcome<D>>;
}

/**
 * The calls as the generic action sees them, with the value types erased:
 * sound, because a call only ever receives what its own schema parsed.
 */
export interface OperationCalls {
  call(api: Api, value: unknown): Promise<Outcome<unknown>>;
  /** Operations on the selection only: every order matching the filters. */
  callAll?(api: Api, value: unknown, filters: OrderListFilter): Promise<Outcome<unknown>>;
  answer(data: unknown, t: TFunction): OperationAnswer;
}

function calls<K extends Intent, D>(_intent: K, entry: Calls<K, D>): OperationCalls {
  return {
    call: (api, value) => entry.call(api, value as Chosen<K>),
    answer: (data, t) => entry.answer(data as D, t),
  };
}

function selectionCalls<K extends IntentOf<"selection">, D>(
  intent: K,
  entry: SelectionCalls<K, D>,
): OperationCalls {
  return {
    ...calls(intent, entry),
    callAll: (api, value, filters) => entry.callAll(api, value as AllMatching<K>, filters),
  };
}

/** How many orders changed: the answer of every operation on the selection. */
const updated = (data: { updated: number }, t: TFunction) => ({
  message: t("logistics.order.updated", { n: data.updated }),
});

export const ORDER_CALLS = {
  detain: selectionCalls("detain", {
    call: (api, { orderNoList, reasonForDetention }) =>
      api.attempt("updateOrders", {
        body: { orderNoList, cbaStatus: OrderStatus.detained, reasonForDetention },
      }),
    callAll: (api, { expectedCount, reasonForDetention }, filters) =>
      api.attempt("updateOrdersByFilter", {
        query: filters,
        body: { expectedCount, cbaStatus: OrderStatus.detained, reasonForDetention },
      }),
    answer: updated,
  }),
  status: selectionCalls("status", {
    call: (api, { orderNoList, cbaStatus }) =>
      api.attempt("updateOrders", { body: { orderNoList, cbaStatus } }),
    callAll: (api, { expectedCount, cbaStatus }, filters) =>
      api.attempt("updateOrdersByFilter", { query: filters, body: { expectedCount, cbaStatus } }),
    answer: updated,
  }),
  remarks: selectionCalls("remarks", {
    call: (api, body) => api.attempt("orderRemarks", { body }),
    callAll: (api, body, filters) => api.attempt("orderRemarksByFilter", { query: filters, body }),
    answer: updated,
  }),
  stockIn: calls("stockIn", {
    call: (api, value) => api.attempt("orderWarehousing", { body: { ...value, direction: "in" } }),
    // A pallet scan moves the orders that may move and names every one left as it was.
    answer: ({ changed, unchanged }, t) => ({
      message: t("logistics.order.stockedIn", {
        changed: changed.length,
        unchanged: unchanged.length,
      }),
      unchanged: unchanged.map((order) => ({
        orderNo: order.orderNo,
        why: t("logistics.order.unchangedWhy", { status: t(orderStatusKey(order.cbaStatus)) }),
      })),
    }),
  }),
  import: calls("import", {
    call: (api, { file }) => {
      const form = new FormData();
      form.set("file", file, file.name);
      return api.attempt("importOrders", { formData: form });
    },
    answer: (report, t) => ({
      message: t("logistics.import.summary", {
        total: report.total,
        applied: report.applied,
        refused: report.refused,
      }),
      report,
    }),
  }),
} satisfies { [K in Intent]: OperationCalls };
