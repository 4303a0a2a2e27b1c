import { z } from "zod";
import {
  cbaEndpoints,
  IMPORT_MAX_BYTES,
  orderFilterSchema,
  PALLET_STATUSES,
  type SelectionOperationName,
} from "~/contract/index.ts";
import { MAX_SELECTION, REASON_MAX, STATUS_TARGETS } from "./logistics-limits.ts";

/**
 * Schemas of the logistics screens. Form schemas speak in translation keys
 * (the page translates them), so the same schema validates in the browser
 * and on the server in either language.
 */

// ---------------------------------------------------------------------------
// List filters, read from the query string with `parseFilters` (a value that
// does not parse is dropped, never an error).

const filterText = z.string().trim().max(64).optional();
const palletStatusFilter = z.coerce.number().pipe(z.literal(PALLET_STATUSES)).optional();

export const serviceFilterSchema = z.object({
  cbaStatus: palletStatusFilter,
  serviceNo: filterText,
});

export const palletFilterSchema = z.object({
  serviceNo: z.string().trim().min(1).max(64).optional(),
  cbaStatus: palletStatusFilter,
  salverNo: filterText,
});

/**
 * The filters the order list offers, kept in its URL and posted with its
 * downloads: the backend's order filters (the contract's `orderFilterSchema`,
 * one definition of each field) that the page shows, and the column it is
 * sorted by.
 */
export const orderListFilterSchema = orderFilterSchema.pick({
  salverNo: true,
  orderNo: true,
  logisticsNo: true,
  consignee: true,
  cbaStatus: true,
  sortField: true,
  sortOrder: true,
});

// ---------------------------------------------------------------------------
// Operations (the order list's operations themselves: app/routes/order/operations.ts)

export const selectionSchema = z.object({
  orderNoList: z
    .array(z.string().trim().min(1).max(64), { error: "logistics.order.selectAtLeastOne" })
    .min(1, "logistics.order.selectAtLeastOne")
    .max(MAX_SELECTION, "logistics.order.selectionTooLarge"),
});

/** Mark detained: the reject prompt requires non-blank text. */
export const detainSchema = selectionSchema.extend({
  reasonForDetention: z
    .string({ error: "logistics.order.reasonRequired" })
    .trim()
    .min(1, "logistics.order.reasonRequired")
    .max(REASON_MAX, "logistics.order.reasonTooLong"),
});

export const statusSchema = selectionSchema.extend({
  cbaStatus: z.literal(STATUS_TARGETS, { error: "logistics.order.statusRequired" }),
});

/**
 * The same operations on every order matching the list's filters: instead of
 * the order numbers, the number of matching orders the user confirmed.
 */
const matchingCount = z
  .number({ error: "logistics.order.noneMatching" })
  .int()
  .min(1, "logistics.order.noneMatching");

/** An operation on the selection: its form for the chosen orders and, derived, for every matching order. */
function onSelection<Shape extends typeof selectionSchema.shape>(schema: z.ZodObject<Shape>) {
  const { orderNoList: _chosen, ...asked } = schema.shape;
  return { schema, allSchema: z.object({ ...asked, expectedCount: matchingCount }) };
}

/** A field whose every refusal says `refusal`, through the wrappers it has (a default, optional). */
function refusing<Field extends z.ZodType>(field: Field, refusal: string): Field {
  // Zod asks the field's own `error` for every issue the field or its checks raise.
  const def = field._zod.def as z.core.$ZodTypeDef & { innerType?: z.ZodType };
  const inner = def.innerType ? { innerType: refusing(def.innerType, refusal) } : {};
  return field.clone({ ...def, error: () => refusal, ...inner } as typeof def) as Field;
}

/** What a bulk operation of the contract asks beside the orders. */
type AskedOf<Name extends SelectionOperationName> = (typeof cbaEndpoints)[Name] extends {
  body?: z.ZodObject<infer Shape>;
}
  ? Omit<Shape, "orderNoList">
  : never;

/**
 * The form of a bulk operation whose form is its body (the `sends` of its
 * entry, app/routes/order/operations.ts): the chosen orders, and what the
 * contract's operation asks beside them, each field refusing with the
 * translation key its entry names for it (`refusals`, by field). So what the
 * operation asks is written once, in the contract; a field without a key
 * throws as the schemas load.
 */
export function bodyAsForm<Name extends SelectionOperationName>(
  name: Name,
  refusals: Readonly<Record<string, string | undefined>>,
) {
  const body = cbaEndpoints[name].body as z.ZodObject;
  const { orderNoList: _chosen, ...asked } = body.shape;
  const fields = Object.fromEntries(
    Object.entries(asked).map(([field, schema]) => {
      const refusal = refusals[field];
      if (!refusal) throw new Error(`The form of ${name} has no message for ${field}`);
      return [field, refusing(schema, refusal)];
    }),
  );
  return onSelection(
    selectionSchema.extend(fields) as z.ZodObject<typeof selectionSchema.shape & AskedOf<Name>>,
  );
}

export const stockInSchema = z.object({
  salverNoOrOrderNo: z
    .string({ error: "logistics.order.stockInRequired" })
    .trim()
    .min(1, "logistics.order.stockInRequired")
    .max(64, "logistics.order.stockInTooLong"),
});

export const XLSX_EXTENSION = ".xlsx";

export const importSchema = z.object({
  file: z
    .file({ error: "logistics.import.fileRequired" })
    .refine((file) => file.name.toLowerCase().endsWith(XLSX_EXTENSION), "logistics.import.xlsxOnly")
    .refine((file) => file.size > 0, "logistics.import.fileEmpty")
    .refine((file) => file.size <= IMPORT_MAX_BYTES, "logistics.import.fileTooLarge"),
});

/** Change the position of a pallet in place. */
export const positionSchema = z.object({
  salverNo: z.string().trim().min(1).max(64),
  salverDirection: z
    .string({ error: "logistics.pallet.positionRequired" })
    .trim()
    .min(1, "logistics.pallet.positionRequired")
    .max(32, "logistics.pallet.positionTooLong"),
});

export const DOWNLOAD_KINDS = ["orders", "logistics"] as const;

/** The posted form of the download resource route (the filters come beside it). */
export const downloadSchema = z.object({
  kind: z.enum(DOWNLOAD_KINDS),
  orderNoList: z.array(z.string().trim().min(1).max(64)).max(100_000).default([]),
});

/**
 * The forms written out of the order list's operations, by intent (the keys
 * of app/routes/order/operations.ts): a new operation's schema is written
 * above and named here, and nowhere else, unless its form is its body
 * (`bodyAsForm`: app/routes/order/operation-schemas.ts derives it).
 */
export const ORDER_OPERATION_SCHEMAS = {
  detain: onSelection(detainSchema),
  status: onSelection(statusSchema),
  stockIn: { schema: stockInSchema },
  import: { schema: importSchema },
};
