/**
 * Every operation of the order list, once. An entry says what the operation
 * acts on (the chosen orders or every order matching the filter, a scanned
 * number, an uploaded file), the question its confirmation asks and the
 * fields it asks for, the backend call it makes and the message it answers.
 * The schemas its form is checked with in the browser and in the action are
 * under the same intent in ./operation-schemas.ts: they bring zod, which the
 * page loads only with its forms, after the first paint.
 *
 * The page draws its buttons, scan boxes and dialogs from this table, and
 * the action (`orderAction` in orders.server.ts) runs every entry the same
 * way: parse, confirm unless confirmed, call, answer. A new operation is one
 * entry here, its translations, and its endpoint at the backend.
 */
import type { ParseKeys, TFunction } from "i18next";
import type { z } from "zod";
import type { ImportReport } from "~/contract/index.ts";
import { OrderStatus } from "~/contract/status-codes.ts";
import type { Api, ApiFailure } from "~/utils/api.server.ts";
import { orderStatusKey } from "~/utils/logistics-status.ts";
import type { OrderListFilter } from "~/validation/logistics.ts";
import { REASON_MAX, STATUS_TARGETS } from "~/validation/logistics-limits.ts";
import type { OperationSchemas } from "./operation-schemas.ts";

/** A translation key of the portal: a typo or a missing key fails the typecheck. */
export type TranslationKey = ParseKeys;

/** The schema of an operation's form (what `useZodForm` and `parseWithZod` take). */
// biome-ignore lint/suspicious/noExplicitAny: Conform's own constraint on form values
export type OperationSchema = z.ZodType<Record<string, any>, Record<string, any>>;

/** An answer of the backend, as `Api.attempt` gives it. */
export type Outcome<T> = { ok: true; data: T } | ApiFailure;

/** A field the confirmation asks for. */
export type OperationField =
  | {
      kind: "text";
      name: string;
      label: TranslationKey;
      placeholder?: TranslationKey;
      hint?: TranslationKey;
      maxLength: number;
    }
  | {
      kind: "choice";
      name: string;
      label: TranslationKey;
      /** The first, empty option (choosing nothing is refused by the schema). */
      empty: TranslationKey;
      options: readonly { value: number | string; label: TranslationKey }[];
    };

/** What a finished operation shows above the list. */
export interface OperationAnswer {
  message: string;
  /** The per-row report of an upload. */
  report?: ImportReport | null;
  /** Orders a scan left as they were, each with why. */
  unchanged?: { orderNo: string; why: string }[];
}

/** An intent of the table: the key of its entry here and of its schemas. */
type Intent = keyof OperationSchemas;
type ChosenSchema<K extends Intent> = OperationSchemas[K]["schema"];
type AllSchema<K extends Intent> = OperationSchemas[K] extends {
  allSchema: infer All extends OperationSchema;
}
  ? All
  : never;

interface Common<D> {
  /** The button, and the title of the confirmation. */
  label: TranslationKey;
  /** "danger" draws the button and the confirm button in red. */
  tone: "danger" | "normal";
  /** The message of a success: `common.operationSuccessful` goes before it. */
  answer(data: D, t: TFunction): OperationAnswer;
}

/**
 * Acts on the orders chosen in the list (`orderNoList`, at most
 * MAX_SELECTION) or, when the list's URL says `all=1`, on every order
 * matching its filters (`expectedCount`: the backend changes nothing when the
 * filter matches another number by then).
 */
interface SelectionEntry<Chosen extends OperationSchema, All extends OperationSchema, D>
  extends Common<D> {
  target: "selection";
  /** The question for chosen orders, with `{{n}}`; `questionAll` for every matching order. */
  question: TranslationKey;
  questionAll: TranslationKey;
  fields: readonly OperationField[];
  call(api: Api, value: z.output<Chosen>): Promise<Outcome<D>>;
  callAll(api: Api, value: z.output<All>, filters: OrderListFilter): Promise<Outcome<D>>;
}

/** Acts on one scanned or typed number; the box beside the list posts it. */
interface ScanEntry<S extends OperationSchema, D> extends Common<D> {
  target: "scan";
  /** The scanned field, posted again with the confirmation. */
  field: string;
  /** The box's label (for screen readers), placeholder and longest value. */
  fieldLabel: TranslationKey;
  placeholder: TranslationKey;
  maxLength: number;
  /** The question, with `{{number}}`. */
  question: TranslationKey;
  call(api: Api, value: z.output<S>): Promise<Outcome<D>>;
}

/**
 * Acts on an uploaded .xlsx file (field `file`), without confirmation: the
 * upload dialog is the confirmation. The action checks the archive before
 * it goes anywhere.
 */
interface UploadEntry<S extends OperationSchema, D> extends Common<D> {
  target: "upload";
  /** The dialog's title and hint, and the template workbook's resource route. */
  title: TranslationKey;
  hint: TranslationKey;
  templateHref: string;
  call(api: Api, value: z.output<S>): Promise<Outcome<D>>;
}

/*
 * The table keeps every entry with its value types checked (the helpers
 * below); the generic action sees them with those types erased, which is
 * sound: a call only ever receives what its own schema parsed.
 */
type Erased<E> = Omit<E, "call" | "callAll" | "answer"> & {
  /** Its own key in the table, checked below. */
  intent: Intent;
  call(api: Api, value: unknown): Promise<Outcome<unknown>>;
  answer(data: unknown, t: TFunction): OperationAnswer;
};

export type SelectionOperation = Erased<
  SelectionEntry<OperationSchema, OperationSchema, unknown>
> & {
  callAll(api: Api, value: unknown, filters: OrderListFilter): Promise<Outcome<unknown>>;
};
export type ScanOperation = Erased<ScanEntry<OperationSchema, unknown>>;
export type UploadOperation = Erased<UploadEntry<OperationSchema, unknown>>;
export type OrderOperation = SelectionOperation | ScanOperation | UploadOperation;

function selection<K extends Intent, D>(
  intent: K,
  entry: SelectionEntry<ChosenSchema<K>, AllSchema<K>, D>,
): SelectionOperation & { intent: K } {
  return {
    ...entry,
    intent,
    call: (api, value) => entry.call(api, value as z.output<ChosenSchema<K>>),
    callAll: (api, value, filters) => entry.callAll(api, value as z.output<AllSchema<K>>, filters),
    answer: (data, t) => entry.answer(data as D, t),
  };
}

function scan<K extends Intent, D>(
  intent: K,
  entry: ScanEntry<ChosenSchema<K>, D>,
): ScanOperation & { intent: K } {
  return {
    ...entry,
    intent,
    call: (api, value) => entry.call(api, value as z.output<ChosenSchema<K>>),
    answer: (data, t) => entry.answer(data as D, t),
  };
}

function upload<K extends Intent, D>(
  intent: K,
  entry: UploadEntry<ChosenSchema<K>, D>,
): UploadOperation & { intent: K } {
  return {
    ...entry,
    intent,
    call: (api, value) => entry.call(api, value as z.output<ChosenSchema<K>>),
    answer: (data, t) => entry.answer(data as D, t),
  };
}

/** How many orders changed: the answer of every operation on the selection. */
const updated = (data: { updated: number }, t: TFunction) => ({
  message: t("logistics.order.updated", { n: data.updated }),
});

const reasonField = {
  kind: "text",
  name: "reasonForDetention",
  label: "logistics.order.reason",
  placeholder: "logistics.order.reasonPlaceholder",
  maxLength: REASON_MAX,
} as const satisfies OperationField;

const remarkField = {
  kind: "text",
  name: "reasonForDetention",
  label: "logistics.order.remarkLabel",
  hint: "logistics.order.remarkHint",
  maxLength: REASON_MAX,
} as const satisfies OperationField;

const statusField = {
  kind: "choice",
  name: "cbaStatus",
  label: "logistics.order.targetStatus",
  empty: "logistics.order.statusRequired",
  options: STATUS_TARGETS.map((code) => ({ value: code, label: orderStatusKey(code) })),
} as const satisfies OperationField;

/** Every operation of the order list, in the order of its buttons. */
export const ORDER_OPERATIONS = {
  detain: selection("detain", {
    target: "selection",
    label: "logistics.order.ops.detain",
    tone: "danger",
    question: "logistics.order.confirm.detain",
    questionAll: "logistics.order.confirm.detainAll",
    fields: [reasonField],
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
  status: selection("status", {
    target: "selection",
    label: "logistics.order.ops.status",
    tone: "normal",
    question: "logistics.order.confirm.status",
    questionAll: "logistics.order.confirm.statusAll",
    fields: [statusField],
    call: (api, { orderNoList, cbaStatus }) =>
      api.attempt("updateOrders", { body: { orderNoList, cbaStatus } }),
    callAll: (api, { expectedCount, cbaStatus }, filters) =>
      api.attempt("updateOrdersByFilter", { query: filters, body: { expectedCount, cbaStatus } }),
    answer: updated,
  }),
  remarks: selection("remarks", {
    target: "selection",
    label: "logistics.order.ops.remarks",
    tone: "normal",
    question: "logistics.order.confirm.remarks",
    questionAll: "logistics.order.confirm.remarksAll",
    fields: [remarkField],
    call: (api, body) => api.attempt("orderRemarks", { body }),
    callAll: (api, body, filters) => api.attempt("orderRemarksByFilter", { query: filters, body }),
    answer: updated,
  }),
  stockIn: scan("stockIn", {
    target: "scan",
    label: "logistics.order.ops.stockIn",
    tone: "normal",
    field: "salverNoOrOrderNo",
    fieldLabel: "logistics.order.stockInLabel",
    placeholder: "logistics.order.stockInPlaceholder",
    maxLength: 64,
    question: "logistics.order.confirm.stockIn",
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
  import: upload("import", {
    target: "upload",
    label: "logistics.order.ops.import",
    tone: "normal",
    title: "logistics.import.title",
    hint: "logistics.import.hint",
    templateHref: "/order/import-template",
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
} satisfies { [K in Intent]: OrderOperation & { intent: K } };

export type OrderIntent = keyof typeof ORDER_OPERATIONS;

/** The intents of the table, in the order of its buttons. */
export const ORDER_INTENTS = Object.keys(ORDER_OPERATIONS) as OrderIntent[];

/** The operation a posted `intent` names, if any. */
export function operationOf(intent: unknown): [OrderIntent, OrderOperation] | undefined {
  const name = ORDER_INTENTS.find((candidate) => candidate === intent);
  return name ? [name, ORDER_OPERATIONS[name]] : undefined;
}

type Target = OrderOperation["target"];
type OperationOf<T extends Target> = Extract<OrderOperation, { target: T }>;
/** The intents of the operations of one target. */
export type IntentOf<T extends Target> = {
  [K in OrderIntent]: (typeof ORDER_OPERATIONS)[K] extends OperationOf<T> ? K : never;
}[OrderIntent];
/** Operations that wait for a confirmation: every one but an upload. */
export type ConfirmIntent = IntentOf<"selection" | "scan">;

/** The operations of one target, with their intents, in the order of the table. */
export function operationsFor<T extends Target>(target: T): [IntentOf<T>, OperationOf<T>][] {
  return ORDER_INTENTS.flatMap((intent) => {
    const operation: OrderOperation = ORDER_OPERATIONS[intent];
    return operation.target === target
      ? [[intent as IntentOf<T>, operation as OperationOf<T>] as [IntentOf<T>, OperationOf<T>]]
      : [];
  });
}
