/**
 * The schemas of the order list's operations, by intent: `schema` checks the
 * form of the chosen orders (or of a scan, or an upload), `allSchema` that of
 * every order matching the filter (derived from `schema`). The action
 * (orders.server.ts) parses every post with them; in the browser they come
 * with the operation forms, after the first paint (./operation-forms.ts),
 * not with the page: they bring zod.
 */
import { ORDER_OPERATION_SCHEMAS } from "~/validation/logistics.ts";
import type { OperationSchema } from "./operations.ts";

/** Declared beside the schemas (`ORDER_OPERATION_SCHEMAS`); checked here to be forms Conform takes. */
export const OPERATION_SCHEMAS = ORDER_OPERATION_SCHEMAS satisfies Record<
  string,
  { schema: OperationSchema; allSchema?: OperationSchema }
>;

export type OperationSchemas = typeof OPERATION_SCHEMAS;

/** The schema of an operation's form: of the chosen orders, or (`all`) of every matching order. */
export function operationSchema(intent: keyof OperationSchemas, all = false): OperationSchema {
  const schemas: { schema: OperationSchema; allSchema?: OperationSchema } =
    OPERATION_SCHEMAS[intent];
  if (!all) return schemas.schema;
  if (!schemas.allSchema) throw new Error(`${intent} never acts on every matching order`);
  return schemas.allSchema;
}
