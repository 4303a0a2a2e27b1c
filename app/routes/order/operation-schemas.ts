/**
 * The schemas of the order list's operations, by intent: `schema` checks the
 * form of the chosen orders (or of a scan, or an upload), `allSchema` that of
 * every order matching the filter (derived from `schema`). The action
 * (orders.server.ts) parses every post with them; in the browser they come
 * with the operation forms, after the first paint (./operation-forms.ts),
 * not with the page: they bring zod. Each intent's schemas are made the
 * first time they are asked for (`operationSchema`).
 */
import { bodyAsForm, ORDER_OPERATION_SCHEMAS, once } from "~/validation/order-forms.ts";
import {
  type Intent,
  type OperationSchema,
  ORDER_INTENTS,
  ORDER_OPERATIONS,
  type OrderOperation,
} from "./operations.ts";

/** Intents whose entry names the contract's bulk operation its form is the body of (`sends`). */
type SendingIntent = {
  [K in Intent]: (typeof ORDER_OPERATIONS)[K] extends { sends: string } ? K : never;
}[Intent];
type SentBy<K extends SendingIntent> = (typeof ORDER_OPERATIONS)[K]["sends"];

/**
 * The forms that are their operation's body: the contract's body, each
 * field with the message its entry's field names (`refusal`).
 */
const BODY_FORMS = Object.fromEntries(
  ORDER_INTENTS.flatMap((intent) => {
    const operation: OrderOperation = ORDER_OPERATIONS[intent];
    if (operation.target !== "selection" || !operation.sends) return [];
    const { sends, fields } = operation;
    const refusals = Object.fromEntries(fields.map((field) => [field.name, field.refusal]));
    return [[intent, once(() => bodyAsForm(sends, refusals))]];
  }),
) as { [K in SendingIntent]: () => ReturnType<typeof bodyAsForm<SentBy<K>>> };

/**
 * Written out (`ORDER_OPERATION_SCHEMAS`) or derived (`BODY_FORMS`), one per
 * intent, each made when first asked for; checked here to be forms Conform
 * takes.
 */
const OPERATION_FORMS = { ...ORDER_OPERATION_SCHEMAS, ...BODY_FORMS } satisfies Record<
  Intent,
  () => { schema: OperationSchema; allSchema?: OperationSchema }
>;

/** The schemas of each intent, as `operationSchemas` makes them. */
export type OperationSchemas = {
  [K in keyof typeof OPERATION_FORMS]: ReturnType<(typeof OPERATION_FORMS)[K]>;
};

/** The schemas of an intent's forms, made the first time they are asked for. */
export function operationSchemas<K extends Intent>(intent: K): OperationSchemas[K] {
  return OPERATION_FORMS[intent]() as OperationSchemas[K];
}

/** The schema of an operation's form: of the chosen orders, or (`all`) of every matching order. */
export function operationSchema(intent: Intent, all = false): OperationSchema {
  const schemas: { schema: OperationSchema; allSchema?: OperationSchema } =
    operationSchemas(intent);
  if (!all) return schemas.schema;
  if (!schemas.allSchema) throw new Error(`${intent} never acts on every matching order`);
  return schemas.allSchema;
}
