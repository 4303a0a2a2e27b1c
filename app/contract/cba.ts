/**
 * Logistics (services, pallets, orders, stock in/out, downloads, import),
 * company qualification and its review, brands, categories and image upload.
 *
 * Units (docs/product.md, Units and formats): prices and amounts are integers in fen
 * (1/100 yuan), weights in 1/100000 kg, sizes in 1/100 cm. Times are
 * `{ seconds }` (Unix seconds).
 */
import { z } from "zod";
import { emailSchema } from "./account.ts";
import { defineEndpoint } from "./endpoint.ts";
import { pagedListOf, pageQuerySchema, timestampSchema } from "./envelope.ts";
import {
  BULK_ORDER_OPERATIONS,
  type BulkOrderOperation,
  ORDER_EVENT_ACTIONS,
  ORDER_EVENT_SOURCES,
  orderStatusChangeSchema,
  orderStatusSchema,
} from "./order-changes.ts";
import { LOGISTICS_ROLES, REVIEW_ROLES } from "./roles.ts";
import {
  ORDER_STATUSES,
  PALLET_STATUSES,
  QUALIFICATION_STATES,
  WAREHOUSING_DIRECTIONS,
} from "./status-codes.ts";
import { customsCodeSchema, usccSchema } from "./uscc.ts";

// ---------------------------------------------------------------------------
// Status codes and qualification states (the names and sets live in
// ./status-codes.ts, without zod)

// The files the API takes and answers (limits, types), without zod.
export * from "./files.ts";
// The bulk operations on orders and the actions of an order's history (a
// module of their own, which the browser's forms import without the rest).
export * from "./order-changes.ts";
export * from "./status-codes.ts";

export const palletStatusSchema = z.literal(PALLET_STATUSES);

export const qualificationStateSchema = z.enum(QUALIFICATION_STATES);

// ---------------------------------------------------------------------------
// Entities

const numberText = z.string().trim().min(1).max(64);
/** Query text filters: trimmed, partial match. */
const filterText = z.string().trim().max(64).optional();
const queryOrderStatus = z.coerce.number().int().min(1).max(4).optional();
const orderStatusCode = z.coerce
  .number()
  .int()
  .min(1)
  .max(ORDER_STATUSES.length)
  .pipe(orderStatusSchema);
/**
 * One status, or several as the parameter repeated (`cbaStatus=1&cbaStatus=4`):
 * at most one of each status that exists; read as the list of codes.
 */
const queryOrderStatuses = z
  .union([orderStatusCode, z.array(orderStatusCode).min(1).max(ORDER_STATUSES.length)])
  .transform((value) => [...new Set(Array.isArray(value) ? value : [value])])
  .optional();

/** A China-time calendar day, `YYYY-MM-DD` (1970 on): the order list's date filters. */
export const chinaDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const [year, month, day] = value.split("-").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return year >= 1970 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, "not a calendar day");
const queryDay = chinaDaySchema.optional();

/** The largest amount a filter may name, in fen (10 billion yuan). */
export const AMOUNT_FILTER_MAX = 1_000_000_000_000;
const queryAmount = z.coerce.number().int().min(0).max(AMOUNT_FILTER_MAX).optional();

/** A file answered or uploaded as raw bytes (OpenAPI `format: binary`). */
export const binaryFileSchema = z.string().meta({ format: "binary" });

export const subOrderSchema = z.object({
  itemName: z.string(),
  /** Specification / model (规格型号). */
  gmodel: z.string(),
  /** 1/100000 kg. */
  grossWeight: z.number().int().nonnegative(),
  /** 1/100000 kg. */
  netWeight: z.number().int().nonnegative(),
  barCode: z.string(),
  /** Unit price in fen. */
  price: z.number().int().nonnegative(),
  qty: z.number().int().positive(),
  /** price × qty, in fen. */
  totalPrice: z.number().int().nonnegative(),
});

export const orderEventSchema = z.object({
  time: timestampSchema,
  /**
   * Who made the change: the account's e-mail when it belongs to the
   * caller's company, or when the caller is the platform; null for a change
   * made by the platform (`actorKind: "platform"`) seen by a company.
   */
  actor: z.string().nullable(),
  actorKind: z.enum(["company", "platform"]),
  action: z.enum(ORDER_EVENT_ACTIONS),
  source: z.enum(ORDER_EVENT_SOURCES),
  /** The order's status before and after; equal for a remark or waybill change. */
  fromStatus: orderStatusSchema,
  toStatus: orderStatusSchema,
  /** The reason for detention, the remark, or the new waybill number; "" when none. */
  text: z.string(),
  /**
   * The operation (one call, however many orders it changed) that wrote the
   * event, shared by its other orders' events; absent on events written
   * before operations were numbered.
   */
  operationId: z.string().optional(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderSchema = z.object({
  serviceNo: z.string(),
  salverNo: z.string(),
  /** Waybill number; null until one is assigned (self-service number import). */
  logisticsNo: z.string().nullable(),
  orderNo: z.string(),
  consignee: z.string(),
  consigneeAddress: z.string(),
  consigneeTelephone: z.string(),
  /** Amount actually paid, in fen. */
  acturalPaid: z.number().int().nonnegative(),
  enterCbaTime: timestampSchema.nullable(),
  exitCbaTime: timestampSchema.nullable(),
  createdOn: timestampSchema,
  cbaStatus: orderStatusSchema,
  /** Label of cbaStatus in the request's language. */
  cbaStatusStr: z.string(),
  /** The state a detained order returns to by "change status"; null unless detained. */
  previousCbaStatus: orderStatusSchema.nullable(),
  /** Reason for detention, also used as the order's remark. */
  reasonForDetention: z.string(),
  subOrder: z.array(subOrderSchema),
  /** The order's history, newest first. */
  history: z.array(orderEventSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const serviceSchema = z.object({
  serviceNo: z.string(),
  name: z.string(),
  /** Number of pallets of the service. */
  salverTotal: z.number().int().nonnegative(),
  ordersTotal: z.number().int().nonnegative(),
  /** Sum of acturalPaid of its orders, in fen. */
  amount: z.number().int().nonnegative(),
  cbaStatus: palletStatusSchema,
  cbaStatusStr: z.string(),
  createdOn: timestampSchema,
});
export type Service = z.infer<typeof serviceSchema>;

export const palletSchema = z.object({
  serviceNo: z.string(),
  salverNo: z.string(),
  name: z.string(),
  /** 1/100 cm. */
  width: z.number().int().nonnegative(),
  /** 1/100 cm. */
  length: z.number().int().nonnegative(),
  /** 1/100 cm. */
  height: z.number().int().nonnegative(),
  /** 1/100000 kg. */
  weight: z.number().int().nonnegative(),
  /** Position in the warehouse, e.g. "A-03-12". */
  salverDirection: z.string(),
  cbaStatus: palletStatusSchema,
  cbaStatusStr: z.string(),
  ordersTotal: z.number().int().nonnegative(),
  amount: z.number().int().nonnegative(),
  createdOn: timestampSchema,
});
export type Pallet = z.infer<typeof palletSchema>;

// ---------------------------------------------------------------------------
// Queries and bodies

export const serviceListQuerySchema = pageQuerySchema.extend({
  cbaStatus: z.coerce.number().int().min(1).max(7).optional(),
  /** Partial match on the service number. */
  serviceNo: filterText,
});

export const palletListQuerySchema = pageQuerySchema.extend({
  cbaStatus: z.coerce.number().int().min(1).max(7).optional(),
  /** Partial match on the pallet number. */
  salverNo: filterText,
});

export const ORDER_TIME_FIELDS = ["createdOn", "enterCbaTime", "exitCbaTime"] as const;
/** Columns the order list can be sorted by: its times and the amount paid. */
export const ORDER_SORT_FIELDS = [...ORDER_TIME_FIELDS, "acturalPaid"] as const;
export const SORT_ORDERS = ["asc", "desc"] as const;

/**
 * Filters of the order list, also sent as the query of the downloads.
 * Text filters match partially; `cbaStatus` may repeat (any of the statuses
 * named); `cbaStatus1` and `status` are older names of one status, used when
 * `cbaStatus` is absent. `startTime` (inclusive) and `endTime` (exclusive)
 * are Unix seconds applied to `timeField`. The day ranges (`createdFrom` …
 * `stockedOutTo`) are China-time calendar days, both ends inclusive; an order
 * without that time matches no range on it. `acturalPaidMin` / `Max` bound
 * the amount paid, in fen, both inclusive. A range whose start is after its
 * end is refused (40001). Orders come newest first by `timeField`, or by
 * `sortField` in `sortOrder` (default descending) when given; orders
 * without that time come last.
 */
export const orderFilterSchema = z.object({
  serviceNo: filterText,
  salverNo: filterText,
  orderNo: filterText,
  logisticsNo: filterText,
  consignee: filterText,
  cbaStatus: queryOrderStatuses,
  cbaStatus1: queryOrderStatus,
  status: queryOrderStatus,
  timeField: z.enum(ORDER_TIME_FIELDS).default("createdOn"),
  startTime: z.coerce.number().int().optional(),
  endTime: z.coerce.number().int().optional(),
  createdFrom: queryDay,
  createdTo: queryDay,
  stockedInFrom: queryDay,
  stockedInTo: queryDay,
  stockedOutFrom: queryDay,
  stockedOutTo: queryDay,
  acturalPaidMin: queryAmount,
  acturalPaidMax: queryAmount,
  sortField: z.enum(ORDER_SORT_FIELDS).optional(),
  sortOrder: z.enum(SORT_ORDERS).optional(),
});
export type OrderFilter = z.infer<typeof orderFilterSchema>;

export const orderListQuerySchema = pageQuerySchema.extend(orderFilterSchema.shape);

export const orderListDataSchema = pagedListOf(orderSchema).extend({
  /** Sum of acturalPaid over the whole filtered set, in fen. */
  amountTotal: z.number().int().nonnegative(),
});

const orderNoListSchema = z.array(numberText).min(1).max(1000);

export const warehousingBodySchema = z.object({
  /** A pallet number (all its orders) or an order number, as scanned. */
  salverNoOrOrderNo: numberText,
  /** "in" (default): 1 → 4; "out": 4 → 3. */
  direction: z.enum(WAREHOUSING_DIRECTIONS).default("in"),
});

export const warehousingResultSchema = z.object({
  target: z.enum(["salver", "order"]),
  serviceNo: z.string(),
  salverNo: z.string(),
  direction: z.enum(WAREHOUSING_DIRECTIONS),
  /** Orders whose status changed. */
  changed: z.array(orderStatusChangeSchema),
  /** Orders of the pallet left as they were (wrong status for this move). */
  unchanged: z.array(z.object({ orderNo: z.string(), cbaStatus: orderStatusSchema })),
});
export type WarehousingResult = z.infer<typeof warehousingResultSchema>;

/** How many orders are in each status; detained ones by the status they return to. */
export const orderStatusCountsSchema = z.object({
  total: z.number().int().nonnegative(),
  counts: z.array(
    z.object({
      cbaStatus: orderStatusSchema,
      /** The status a detained order returns to; null for the others. */
      previousCbaStatus: orderStatusSchema.nullable(),
      count: z.number().int().positive(),
    }),
  ),
});

export const downloadBodySchema = z.object({
  /** Orders to download; an empty list means every order matching the query filters. */
  orderNoList: z.array(numberText).max(100_000).default([]),
});

export const importRowSchema = z.object({
  /** Spreadsheet row number (the header is row 1). */
  row: z.number().int().positive(),
  orderNo: z.string(),
  logisticsNo: z.string(),
  applied: z.boolean(),
  /** Why the row was refused; null when applied. */
  reason: z.string().nullable(),
});

export const importReportSchema = z.object({
  total: z.number().int().nonnegative(),
  applied: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  rows: z.array(importRowSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const arrivalReportFilterSchema = z.object({
  /** Unix seconds, inclusive; days are China-time calendar days of the order's createdOn. */
  startTime: z.coerce.number().int().optional(),
  /** Unix seconds, exclusive. */
  endTime: z.coerce.number().int().optional(),
  salverNo: filterText,
});

export const arrivalReportQuerySchema = pageQuerySchema.extend(arrivalReportFilterSchema.shape);

/**
 * The counts of an arrival report's row and of its totals: every order
 * arrived is in stock (status 4) or not, and "not in stock" is broken down by
 * the order's real status (docs/decisions: the arrival report's breakdown).
 */
export const arrivalCountsSchema = z.object({
  arrived: z.number().int().nonnegative(),
  /** Orders stocked in (status 4). */
  inStock: z.number().int().nonnegative(),
  /** Orders in any other status: detained + stockedOut + initial. */
  notInStock: z.number().int().nonnegative(),
  /** Orders detained by customs (status 2). */
  detained: z.number().int().nonnegative(),
  /** Orders stocked out (status 3). */
  stockedOut: z.number().int().nonnegative(),
  /** Orders not yet stocked in (status 1). */
  initial: z.number().int().nonnegative(),
});
export type ArrivalCounts = z.infer<typeof arrivalCountsSchema>;

export const arrivalRowSchema = arrivalCountsSchema.extend({
  /** YYYY-MM-DD, China time. */
  day: z.string(),
  serviceNo: z.string(),
  salverNo: z.string(),
});
export type ArrivalRow = z.infer<typeof arrivalRowSchema>;

export const arrivalReportDataSchema = pagedListOf(arrivalRowSchema).extend({
  totals: arrivalCountsSchema,
});

// ---------------------------------------------------------------------------
// Qualification

const profileText = (max: number) => z.string().trim().min(1).max(max);

export const companyProfileInputSchema = z.object({
  companyNameZh: z.string().trim().min(2).max(100),
  companyNameEn: z.string().trim().max(200).default(""),
  /** Unified social credit code, GB 32100-2015 check character validated. */
  creditCode: usccSchema,
  /** Customs registration code, 10 characters. */
  customsCode: customsCodeSchema,
  legalRepresentative: profileText(50),
  contactPerson: profileText(50),
  contactPhone: z
    .string()
    .trim()
    .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/),
  contactEmail: emailSchema,
  registeredAddress: profileText(200),
  businessScope: profileText(1000),
  /** image_url answered by POST /upload/image. */
  businessLicenseImage: profileText(500),
  legalIdFrontImage: profileText(500),
  legalIdBackImage: profileText(500),
});
export type CompanyProfileInput = z.input<typeof companyProfileInputSchema>;

export const companySchema = companyProfileInputSchema.extend({
  id: z.string(),
  /** Applicant account (e-mail). */
  username: z.string(),
  state: qualificationStateSchema,
  /** Reason given with a rejection; null otherwise. */
  rejectReason: z.string().nullable(),
  submittedOn: timestampSchema,
  reviewedOn: timestampSchema.nullable(),
});
export type Company = z.infer<typeof companySchema>;

export const reviewQueueQuerySchema = pageQuerySchema.extend({
  /** Without a state: submissions waiting (pending and reviewing). */
  state: qualificationStateSchema.optional(),
});

export const reviewBodySchema = z.object({
  id: z.string().min(1),
  /** true approves, false rejects (reason required); absent starts the review (pending → reviewing). */
  approved: z.boolean().optional(),
  reason: z.string().max(500).optional(),
});

// ---------------------------------------------------------------------------
// Brands, categories, images

export const brandSchema = z.object({ brandCode: z.string(), name: z.string() });
export type Brand = z.infer<typeof brandSchema>;

export interface CategoryNode {
  itemCatCode: string;
  name: string;
  children?: CategoryNode[];
  brand?: Brand[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.object({
  itemCatCode: z.string(),
  name: z.string(),
  get children() {
    return z.array(categoryNodeSchema).optional();
  },
  brand: z.array(brandSchema).optional(),
});

// ---------------------------------------------------------------------------
// Endpoints

const logistics = { auth: true, roles: LOGISTICS_ROLES } as const;

/** The call of a bulk operation (./order-changes.ts) on the listed orders (`orderNoList`). */
function onListedOrders<Asked extends z.ZodRawShape, Data extends z.ZodType>(
  spec: BulkOrderOperation<Asked, Data>,
) {
  return defineEndpoint({
    method: "PUT",
    path: spec.path,
    summary: `${spec.does} of the listed orders; all or nothing${spec.refusal ? `; 40009 ${spec.refusal}` : ""}.`,
    ...logistics,
    body: z.object({ orderNoList: orderNoListSchema }).extend(spec.asked),
    data: spec.data,
  });
}

/**
 * The call of a bulk operation on every order matching the query filters
 * (the filters of `GET /cba/order`, paging aside), at `path/by-filter`:
 * `expectedCount` is the number of matching orders the user confirmed.
 */
function onMatchingOrders<Asked extends z.ZodRawShape, Data extends z.ZodType>(
  spec: BulkOrderOperation<Asked, Data>,
) {
  return defineEndpoint({
    method: "PUT",
    path: `${spec.path}/by-filter`,
    summary: `${spec.does} of every order matching the query filters; all or nothing; 40009 when the filter no longer matches expectedCount orders${spec.refusal ? ` or ${spec.refusal}` : ""}.`,
    ...logistics,
    query: orderFilterSchema,
    body: z.object({ expectedCount: z.number().int().nonnegative() }).extend(spec.asked),
    data: spec.data,
  });
}

type Listed<Op extends BulkOrderOperation> = ReturnType<
  typeof onListedOrders<Op["asked"], Op["data"]>
>;
type Matching<Op extends BulkOrderOperation> = ReturnType<
  typeof onMatchingOrders<Op["asked"], Op["data"]>
>;

/**
 * Both endpoints of a bulk operation on orders (./order-changes.ts), from
 * what it asks: `<name>` at `path` acts on the listed orders,
 * `<name>ByFilter` at `path/by-filter` on every order matching the query
 * filters. There, when the filter matches another number of orders than
 * `expectedCount` by then, nothing changes (40009). Both are all or nothing,
 * never capped.
 */
function selectionOperation<const Name extends string, Op extends BulkOrderOperation>(
  name: Name,
  spec: Op,
) {
  return { [name]: onListedOrders(spec), [`${name}ByFilter`]: onMatchingOrders(spec) } as {
    [K in Name]: Listed<Op>;
  } & { [K in `${Name}ByFilter`]: Matching<Op> };
}

type Operations = typeof BULK_ORDER_OPERATIONS;

/** Every bulk operation of ./order-changes.ts, in its order, as its two endpoints (`selectionOperation`). */
function bulkOrderEndpoints() {
  const endpoints = {};
  for (const [name, spec] of Object.entries(BULK_ORDER_OPERATIONS)) {
    Object.assign(endpoints, selectionOperation(name, spec));
  }
  return endpoints as { [K in keyof Operations]: Listed<Operations[K]> } & {
    [K in keyof Operations as `${K}ByFilter`]: Matching<Operations[K]>;
  };
}

export const cbaEndpoints = {
  services: defineEndpoint({
    method: "GET",
    path: "/cba/service",
    summary: "Services, newest first, with derived status, order count and amount.",
    ...logistics,
    query: serviceListQuerySchema,
    data: pagedListOf(serviceSchema),
  }),
  salvers: defineEndpoint({
    method: "GET",
    path: "/cba/salver/{id}",
    summary: "Pallets of the service whose serviceNo is {id}; 40004 for an unknown service.",
    ...logistics,
    params: z.object({ id: numberText }),
    query: palletListQuerySchema,
    data: pagedListOf(palletSchema),
  }),
  updateSalver: defineEndpoint({
    method: "PUT",
    path: "/cba/salver/{id}",
    summary: "Change the position (salverDirection) of the pallet whose salverNo is {id}.",
    ...logistics,
    params: z.object({ id: numberText }),
    body: z.object({ salverDirection: z.string().trim().min(1).max(32) }),
    data: palletSchema,
  }),
  salverWarehousing: defineEndpoint({
    method: "PUT",
    path: "/cba/salver-warehousing",
    summary:
      "Scan: stock in (or out) a pallet (every order of it in the right status) or a single order.",
    ...logistics,
    body: warehousingBodySchema,
    data: warehousingResultSchema,
  }),
  orderWarehousing: defineEndpoint({
    method: "PUT",
    path: "/cba/order-warehousing",
    summary: "Stock in (or out) by pallet or order number; same rules as /cba/salver-warehousing.",
    ...logistics,
    body: warehousingBodySchema,
    data: warehousingResultSchema,
  }),
  orders: defineEndpoint({
    method: "GET",
    path: "/cba/order",
    summary: "Orders, newest first, with totals over the whole filtered set.",
    ...logistics,
    query: orderListQuerySchema,
    data: orderListDataSchema,
  }),
  ...bulkOrderEndpoints(),
  orderHistory: defineEndpoint({
    method: "GET",
    path: "/cba/order/{orderNo}/history",
    summary:
      "The history of one order, newest first (also in each order of GET /cba/order); 40004 for an unknown or another company's order.",
    ...logistics,
    params: z.object({ orderNo: numberText }),
    data: z.array(orderEventSchema),
  }),
  orderStatusCounts: defineEndpoint({
    method: "POST",
    path: "/cba/order/status-counts",
    summary:
      "Changes nothing: how many of the listed orders (empty list: every order matching the query) are in each status, detained ones by the status they return to; 40004 names an unknown or another company's order. A POST because 1,000 order numbers do not fit in a query.",
    ...logistics,
    readOnly: true,
    query: orderFilterSchema,
    body: z.object({ orderNoList: z.array(numberText).max(1000).default([]) }),
    data: orderStatusCountsSchema,
  }),
  downloadOrders: defineEndpoint({
    method: "POST",
    path: "/cba/down-order",
    summary:
      "xlsx of orders with their sub-order lines (empty list: every order matching the query).",
    ...logistics,
    query: orderFilterSchema,
    body: downloadBodySchema,
    binary: true,
    data: binaryFileSchema,
  }),
  downloadOrderLogistics: defineEndpoint({
    method: "POST",
    path: "/cba/down-order-logistics",
    summary: "xlsx of waybills (empty list: every order matching the query).",
    ...logistics,
    query: orderFilterSchema,
    body: downloadBodySchema,
    binary: true,
    data: binaryFileSchema,
  }),
  importOrders: defineEndpoint({
    method: "POST",
    path: "/cba/order-import",
    summary:
      "Import self-service logistics numbers from an xlsx (order number, logistics number); per-row report.",
    ...logistics,
    multipart: true,
    body: z.object({ file: binaryFileSchema }),
    data: importReportSchema,
  }),
  importTemplate: defineEndpoint({
    method: "GET",
    path: "/cba/order-import/template",
    summary: "The xlsx template of the self-service number import.",
    ...logistics,
    binary: true,
    data: binaryFileSchema,
  }),
  arrivalReport: defineEndpoint({
    method: "GET",
    path: "/cba/arrival-report",
    summary: "Orders arrived per day and pallet: in stock (status 4) and detained (any other).",
    ...logistics,
    query: arrivalReportQuerySchema,
    data: arrivalReportDataSchema,
  }),
  downloadArrivalReport: defineEndpoint({
    method: "GET",
    path: "/cba/arrival-report/download",
    summary: "xlsx of the arrival report for the same filters, with a totals row (no paging).",
    ...logistics,
    query: arrivalReportFilterSchema,
    binary: true,
    data: binaryFileSchema,
  }),
  company: defineEndpoint({
    method: "GET",
    path: "/cba/cba-company",
    summary: "The caller's company qualification profile, or null when none was submitted.",
    auth: true,
    data: companySchema.nullable(),
  }),
  createCompany: defineEndpoint({
    method: "POST",
    path: "/cba/cba-company",
    summary: "Submit the company qualification (state pending); 40009 when one exists.",
    auth: true,
    body: companyProfileInputSchema,
    data: companySchema,
  }),
  updateCompany: defineEndpoint({
    method: "PUT",
    path: "/cba/cba-company",
    summary: "Edit a pending profile, or edit and resubmit a rejected one (back to pending).",
    auth: true,
    body: companyProfileInputSchema,
    data: companySchema,
  }),
  reviewQueue: defineEndpoint({
    method: "GET",
    path: "/cba/cba-company/review",
    summary: "Qualification submissions, oldest first (default: pending and reviewing).",
    auth: true,
    roles: REVIEW_ROLES,
    query: reviewQueueQuerySchema,
    data: pagedListOf(companySchema),
  }),
  review: defineEndpoint({
    method: "PUT",
    path: "/cba/cba-company/review",
    summary:
      "Start a review, approve (grants CBA_MANAGER) or reject with a reason; mails and notifies the applicant.",
    auth: true,
    roles: REVIEW_ROLES,
    body: reviewBodySchema,
    data: companySchema,
  }),
  brands: defineEndpoint({
    method: "GET",
    path: "/cba/brand",
    summary: "Every brand.",
    auth: true,
    data: z.array(brandSchema),
  }),
  categories: defineEndpoint({
    method: "GET",
    path: "/cba/category",
    summary: "The category tree; leaves carry their brands.",
    auth: true,
    data: z.array(categoryNodeSchema),
  }),
  uploadImage: defineEndpoint({
    method: "POST",
    path: "/upload/image",
    summary: "Upload a png, jpeg or gif (checked by content, at most 2 MB).",
    auth: true,
    multipart: true,
    body: z.object({ image: binaryFileSchema }),
    data: z.object({ image_url: z.string(), id: z.string() }),
  }),
  image: defineEndpoint({
    method: "GET",
    path: "/upload/image/{id}",
    summary:
      "An uploaded image, to its uploader, the uploader's company and the platform; to anyone else as unknown.",
    auth: true,
    params: z.object({ id: z.string().min(1) }),
    binary: true,
    data: binaryFileSchema,
  }),
} as const;
