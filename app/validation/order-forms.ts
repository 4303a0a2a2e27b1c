import { z } from "zod";
import { IMPORT_MAX_BYTES } from "~/contract/files.ts";
import { BULK_ORDER_OPERATIONS, type SelectionOperationName } from "~/contract/order-changes.ts";
import { MAX_SELECTION, REASON_MAX, STATUS_TARGETS } from "./logistics-limits.ts";

/**
 * The forms of the order list's operations (the operations themselves:
 * app/routes/order/operations.ts), checked with the same schemas in the
 * browser and in the action; they speak in translation keys (the page
 * translates them). The browser loads this module with the operation forms,
 * after the first paint, and of the contract only what the bulk operations
 * ask (~/contract/order-changes.ts) and the file limits
 * (~/contract/files.ts): not every endpoint's schemas.
 *
 * Each schema is made the first time it is asked for (`once`): a page makes
 * those of the forms it draws, when it draws them.
 */

/** A value made the first time it is asked for, then kept. */
export function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

export const selectionSchema = once(() =>
  z.object({
    orderNoList: z
      .array(z.string().trim().min(1).max(64), { error: "logistics.order.selectAtLeastOne" })
      .min(1, "logistics.order.selectAtLeastOne")
      .max(MAX_SELECTION, "logistics.order.selectionTooLarge"),
  }),
);
type SelectionShape = ReturnType<typeof selectionSchema>["shape"];

/** Mark detained: the reject prompt requires non-blank text. */
export const detainSchema = once(() =>
  selectionSchema().extend({
    reasonForDetention: z
      .string({ error: "logistics.order.reasonRequired" })
      .trim()
      .min(1, "logistics.order.reasonRequired")
      .max(REASON_MAX, "logistics.order.reasonTooLong"),
  }),
);

export const statusSchema = once(() =>
  selectionSchema().extend({
    cbaStatus: z.literal(STATUS_TARGETS, { error: "logistics.order.statusRequired" }),
  }),
);

/**
 * The same operations on every order matching the list's filters: instead of
 * the order numbers, the number of matching orders the user confirmed.
 */
const matchingCount = () =>
  z.number({ error: "logistics.order.noneMatching" }).int().min(1, "logistics.order.noneMatching");

/** An operation on the selection: its form for the chosen orders and, derived, for every matching order. */
function onSelection<Shape extends SelectionShape>(schema: z.ZodObject<Shape>) {
  const { orderNoList: _chosen, ...asked } = schema.shape;
  return { schema, allSchema: z.object({ ...asked, expectedCount: matchingCount() }) };
}

/** A field whose every refusal says `refusal`, through the wrappers it has (a default, optional). */
function refusing<Field extends z.ZodType>(field: Field, refusal: string): Field {
  // Zod asks the field's own `error` for every issue the field or its checks raise.
  const def = field._zod.def as z.core.$ZodTypeDef & { innerType?: z.ZodType };
  const inner = def.innerType ? { innerType: refusing(def.innerType, refusal) } : {};
  return field.clone({ ...def, error: () => refusal, ...inner } as typeof def) as Field;
}

/** What a bulk operation of the contract asks beside the orders. */
type AskedOf<Name extends SelectionOperationName> =
  (typeof BULK_ORDER_OPERATIONS)[Name]["asked"] extends infer Asked extends z.ZodRawShape
    ? Asked
    : never;

/**
 * The form of a bulk operation whose form is its body (the `sends` of its
 * entry, app/routes/order/operations.ts): the chosen orders, and what the
 * contract's operation asks beside them, each field refusing with the
 * translation key its entry names for it (`refusals`, by field). So what the
 * operation asks is written once, in the contract; a field without a key
 * throws as the form's schema is made.
 */
export function bodyAsForm<Name extends SelectionOperationName>(
  name: Name,
  refusals: Readonly<Record<string, string | undefined>>,
) {
  const asked: Record<string, z.ZodType> = BULK_ORDER_OPERATIONS[name].asked;
  const fields = Object.fromEntries(
    Object.entries(asked).map(([field, schema]) => {
      const refusal = refusals[field];
      if (!refusal) throw new Error(`The form of ${name} has no message for ${field}`);
      return [field, refusing(schema, refusal)];
    }),
  );
  return onSelection(
    selectionSchema().extend(fields) as unknown as z.ZodObject<SelectionShape & AskedOf<Name>>,
  );
}

export const stockInSchema = once(() =>
  z.object({
    salverNoOrOrderNo: z
      .string({ error: "logistics.order.stockInRequired" })
      .trim()
      .min(1, "logistics.order.stockInRequired")
      .max(64, "logistics.order.stockInTooLong"),
  }),
);

export const XLSX_EXTENSION = ".xlsx";

export const importSchema = once(() =>
  z.object({
    file: z
      .file({ error: "logistics.import.fileRequired" })
      .refine(
        (file) => file.name.toLowerCase().endsWith(XLSX_EXTENSION),
        "logistics.import.xlsxOnly",
      )
      .refine((file) => file.size > 0, "logistics.import.fileEmpty")
      .refine((file) => file.size <= IMPORT_MAX_BYTES, "logistics.import.fileTooLarge"),
  }),
);

/**
 * The forms written out of the order list's operations, by intent (the keys
 * of app/routes/order/operations.ts), each made when first asked for: a new
 * operation's schema is written above and named here, and nowhere else,
 * unless its form is its body (`bodyAsForm`: app/routes/order/operation-schemas.ts
 * derives it).
 */
export const ORDER_OPERATION_SCHEMAS = {
  detain: once(() => onSelection(detainSchema())),
  status: once(() => onSelection(statusSchema())),
  stockIn: once(() => ({ schema: stockInSchema() })),
  import: once(() => ({ schema: importSchema() })),
};
