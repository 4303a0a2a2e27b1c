/**
 * What each operation of the order list (./operations.ts) asks of the
 * backend and the message it answers, under the same intent. Server only:
 * the action (`orderAction` in orders.server.ts) calls these once a form has
 * passed its schema (./operation-schemas.ts); the page never needs them.
 */
import type { TFunction } from "i18next";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { OrderStatus } from "~/contract/status-codes.ts";
import type { Api, ApiFailure } from "~/utils/api.server.ts";
import { orderStatusKey } from "~/utils/logistics-status.ts";
import { targetChoices } from "~/utils/order-moves.ts";
import { apiContext } from "~/utils/request-context.server.ts";
import { STATUS_TARGETS } from "~/validation/logistics-limits.ts";
import type { OperationSchemas } from "./operation-schemas.ts";
import {
  type Intent,
  type IntentOf,
  type OperationAnswer,
  ORDER_INTENTS,
  ORDER_OPERATIONS,
  type OrderOperation,
  type SelectionOperation,
} from "./operations.ts";
import { type OrderQueryFilter, readOrderFilters } from "./order-filters.server.ts";
import type { PendingOperation } from "./order-view.ts";

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
  callAll(api: Api, value: AllMatching<K>, filters: OrderQueryFilter): Promise<Outcome<D>>;
}

/**
 * The calls as the generic action sees them, with the value types erased:
 * sound, because a call only ever receives what its own schema parsed.
 */
export interface OperationCalls {
  call(api: Api, value: unknown): Promise<Outcome<unknown>>;
  /** Operations on the selection only: every order matching the filters. */
  callAll?(api: Api, value: unknown, filters: OrderQueryFilter): Promise<Outcome<unknown>>;
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

/** The calls written out: operations that are more than their form sent as a body. */
const WRITTEN_CALLS = {
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
} satisfies Partial<{ [K in Intent]: OperationCalls }>;

/**
 * The calls of an operation whose entry names them (`sends`): its form is
 * the body, for the chosen orders and, with the list's filters as the query,
 * for every matching order; the answer is how many orders changed. The
 * form's schema and the endpoint's body are held together by the
 * operation's tests against the fake backend, which checks every body.
 */
function formAsBody(name: Required<SelectionOperation>["sends"]): OperationCalls {
  return {
    call: (api, body) => api.attempt(name, { body } as never),
    callAll: (api, body, filters) =>
      api.attempt(`${name}ByFilter`, { query: filters, body } as never),
    answer: (data, t) => updated(data as { updated: number }, t),
  };
}

/** Intents whose entry names its endpoints. */
type SendingIntent = {
  [K in Intent]: (typeof ORDER_OPERATIONS)[K] extends { sends: string } ? K : never;
}[Intent];
/** Every intent has its calls: written out, or named by its entry (else this fails the typecheck). */
const everyIntentCalls: Exclude<Intent, keyof typeof WRITTEN_CALLS | SendingIntent> extends never
  ? true
  : never = true;

/** The calls of every operation, by intent. */
export const ORDER_CALLS = Object.fromEntries(
  ORDER_INTENTS.map((intent): [Intent, OperationCalls] => {
    const written: OperationCalls | undefined = (
      WRITTEN_CALLS as Partial<Record<Intent, OperationCalls>>
    )[intent];
    const operation: OrderOperation = ORDER_OPERATIONS[intent];
    if (written) return [intent, written];
    if (operation.target === "selection" && operation.sends && everyIntentCalls) {
      return [intent, formAsBody(operation.sends)];
    }
    throw new Error(`The operation ${intent} has no calls`);
  }),
) as Record<Intent, OperationCalls>;

/**
 * The confirmation of "change status" with the targets its orders allow
 * (every one of them, or every order matching `filters`), as the backend
 * counts their statuses now; other confirmations as they are. Counts that
 * cannot be read leave every target offered: the backend still refuses a
 * move it does not allow.
 */
export async function withChoices(
  context: Readonly<RouterContextProvider>,
  url: URL,
  pending: PendingOperation | null,
): Promise<PendingOperation | null> {
  if (pending?.intent !== "status") return pending;
  const all = pending.matching !== undefined;
  const filters = readOrderFilters(url.searchParams).query;
  const answer = await context.get(apiContext).attempt("orderStatusCounts", {
    query: all ? filters : {},
    body: { orderNoList: all ? [] : pending.orderNoList },
  });
  return {
    ...pending,
    choices: answer.ok ? targetChoices(STATUS_TARGETS, answer.data.counts) : null,
  };
}
