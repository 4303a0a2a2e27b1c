/**
 * Every operation of the order list, once: what it acts on (the chosen
 * orders or every order matching the filter, a scanned number, an uploaded
 * file), its button, the question its confirmation asks and the fields it
 * asks for. What it asks of the backend and the message it answers are under
 * the same intent in ./operations.server.ts, which the browser never loads;
 * the schemas its form is checked with in the browser and in the action are
 * in ./operation-schemas.ts (they bring zod, which the page loads only with
 * its forms, after the first paint); an operation whose form is its body
 * (`sends`) has its schema derived there from the contract, with the
 * messages its fields name (`refusal`).
 *
 * The page draws its buttons, scan boxes and dialogs from this table, and
 * the action (`orderAction` in orders.server.ts) runs every entry the same
 * way: parse, confirm unless confirmed, call, answer. A new operation is one
 * entry here (and, unless `sends` names its calls, one in
 * operations.server.ts and its form's schema), its translations, and its
 * endpoint at the backend.
 */
import type { ParseKeys } from "i18next";
import type { z } from "zod";
import type { ImportReport, SelectionOperationName } from "~/contract/index.ts";
import { orderStatusKey } from "~/utils/logistics-status.ts";
import { REASON_MAX, STATUS_TARGETS } from "~/validation/logistics-limits.ts";

/** A translation key of the portal: a typo or a missing key fails the typecheck. */
export type TranslationKey = ParseKeys;

/** The schema of an operation's form (what `useZodForm` and `parseWithZod` take). */
// biome-ignore lint/suspicious/noExplicitAny: Conform's own constraint on form values
export type OperationSchema = z.ZodType<Record<string, any>, Record<string, any>>;

/** A field the confirmation asks for. */
export type OperationField =
  | {
      kind: "text";
      name: string;
      label: TranslationKey;
      placeholder?: TranslationKey;
      hint?: TranslationKey;
      maxLength: number;
      /** What a value the contract's body refuses says (an operation whose form is its body, `sends`). */
      refusal?: TranslationKey;
    }
  | {
      kind: "choice";
      name: string;
      label: TranslationKey;
      /** The first, empty option (choosing nothing is refused by the schema). */
      empty: TranslationKey;
      options: readonly { value: number | string; label: TranslationKey }[];
      /** What a value the contract's body refuses says (an operation whose form is its body, `sends`). */
      refusal?: TranslationKey;
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
export type Intent = keyof typeof ORDER_OPERATIONS;

interface Common {
  /** Its own key in the table, checked below (`everyIntentIsItsKey`). */
  intent: string;
  /** The button, and the title of the confirmation. */
  label: TranslationKey;
  /** "danger" draws the button and the confirm button in red. */
  tone: "danger" | "normal";
}

/**
 * Acts on the orders chosen in the list (`orderNoList`, at most
 * MAX_SELECTION) or, when the list's URL says `all=1`, on every order
 * matching its filters (`expectedCount`: the backend changes nothing when the
 * filter matches another number by then).
 */
export interface SelectionOperation extends Common {
  target: "selection";
  /** The question for chosen orders, with `{{n}}`; `questionAll` for every matching order. */
  question: TranslationKey;
  questionAll: TranslationKey;
  fields: readonly OperationField[];
  /**
   * For an operation whose form is the body of its call (for the chosen
   * orders, and by the filter for every matching one) and whose answer is
   * how many orders changed: the contract's bulk operation (its endpoint for
   * the chosen orders; `<name>ByFilter` for every matching one), from which
   * ./operations.server.ts derives its calls. Without it, the calls are
   * written there.
   */
  sends?: SelectionOperationName;
}

/** Acts on one scanned or typed number; the box beside the list posts it. */
export interface ScanOperation extends Common {
  target: "scan";
  /** The scanned field, posted again with the confirmation. */
  field: string;
  /** The box's label (for screen readers), placeholder and longest value. */
  fieldLabel: TranslationKey;
  placeholder: TranslationKey;
  maxLength: number;
  /** The question, with `{{number}}`. */
  question: TranslationKey;
}

/**
 * Acts on an uploaded .xlsx file (field `file`), without confirmation: the
 * upload dialog is the confirmation. The action checks the archive before
 * it goes anywhere.
 */
export interface UploadOperation extends Common {
  target: "upload";
  /** The dialog's title and hint, and the template workbook's resource route. */
  title: TranslationKey;
  hint: TranslationKey;
  templateHref: string;
}

export type OrderOperation = SelectionOperation | ScanOperation | UploadOperation;

const reasonField: OperationField = {
  kind: "text",
  name: "reasonForDetention",
  label: "logistics.order.reason",
  placeholder: "logistics.order.reasonPlaceholder",
  maxLength: REASON_MAX,
};

const remarkField: OperationField = {
  kind: "text",
  name: "reasonForDetention",
  label: "logistics.order.remarkLabel",
  hint: "logistics.order.remarkHint",
  maxLength: REASON_MAX,
  refusal: "logistics.order.reasonTooLong",
};

const statusField: OperationField = {
  kind: "choice",
  name: "cbaStatus",
  label: "logistics.order.targetStatus",
  empty: "logistics.order.statusRequired",
  options: STATUS_TARGETS.map((code) => ({ value: code, label: orderStatusKey(code) })),
};

/** An intent whose button and questions are written under its name (see `onSelection`), else never. */
type Keyed<K extends string> = [
  `logistics.order.ops.${K}`,
  `logistics.order.confirm.${K}`,
  `logistics.order.confirm.${K}All`,
] extends [TranslationKey, TranslationKey, TranslationKey]
  ? K
  : never;

/**
 * An operation on the selection, its texts keyed by its intent: the button
 * `logistics.order.ops.<intent>`, the questions
 * `logistics.order.confirm.<intent>` and `…<intent>All` (an intent without
 * all three fails the typecheck).
 */
function onSelection<
  K extends string,
  const Entry extends Pick<SelectionOperation, "tone" | "fields" | "sends">,
>(intent: K & Keyed<K>, entry: Entry): SelectionOperation & Entry & { intent: K } {
  return {
    intent,
    target: "selection",
    label: `logistics.order.ops.${intent}` as TranslationKey,
    question: `logistics.order.confirm.${intent}` as TranslationKey,
    questionAll: `logistics.order.confirm.${intent}All` as TranslationKey,
    ...entry,
  };
}

/** Every operation of the order list, in the order of its buttons. */
export const ORDER_OPERATIONS = {
  detain: onSelection("detain", { tone: "danger", fields: [reasonField] }),
  status: onSelection("status", { tone: "normal", fields: [statusField] }),
  remarks: onSelection("remarks", { tone: "normal", fields: [remarkField], sends: "orderRemarks" }),
  stockIn: {
    intent: "stockIn" as const,
    target: "scan",
    label: "logistics.order.ops.stockIn",
    tone: "normal",
    field: "salverNoOrOrderNo",
    fieldLabel: "logistics.order.stockInLabel",
    placeholder: "logistics.order.stockInPlaceholder",
    maxLength: 64,
    question: "logistics.order.confirm.stockIn",
  },
  import: {
    intent: "import" as const,
    target: "upload",
    label: "logistics.order.ops.import",
    tone: "normal",
    title: "logistics.import.title",
    hint: "logistics.import.hint",
    templateHref: "/order/import-template",
  },
} satisfies Record<string, OrderOperation>;

/** Each entry's `intent` is its key (else this fails the typecheck). */
const everyIntentIsItsKey: {
  [K in Intent]: (typeof ORDER_OPERATIONS)[K]["intent"];
} extends { [K in Intent]: K }
  ? true
  : never = true;

export type OrderIntent = keyof typeof ORDER_OPERATIONS;

/** The intents of the table, in the order of its buttons. */
export const ORDER_INTENTS = Object.keys(ORDER_OPERATIONS) as OrderIntent[];

/** The operation a posted `intent` names, if any. */
export function operationOf(intent: unknown): [OrderIntent, OrderOperation] | undefined {
  const name = ORDER_INTENTS.find((candidate) => candidate === intent);
  return name && everyIntentIsItsKey ? [name, ORDER_OPERATIONS[name]] : undefined;
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
