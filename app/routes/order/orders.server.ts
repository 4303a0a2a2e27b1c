/**
 * The order list: its data shaped for display, and the one action that runs
 * every operation of `./operations.ts`. An operation that waits for a
 * confirmation takes two posts: the first asks for it (the page shows it in
 * place; with JavaScript a dialog asks instead and posts the second
 * directly), the second carries `confirmed=1` and is carried out.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { OPEN_PARAM } from "~/components/paged-table.tsx";
import { IMPORT_MAX_BYTES, type Order, type Pagination } from "~/contract/index.ts";
import type { Locale } from "~/locales/index.ts";
import type { ApiFailure } from "~/utils/api.server.ts";
import { formatChinaTime } from "~/utils/china-time.ts";
import { formatCount, formatMoney, formatWeight } from "~/utils/format.ts";
import { deepFreeze, keptBy } from "~/utils/kept.ts";
import { listHref, loadClampedPage, parsePaging, redirectToTidyQuery } from "~/utils/list-query.ts";
import { orderStatusKey } from "~/utils/logistics-status.ts";
import {
  ALL_MATCHING_PARAM,
  OPERATION_PARAM,
  type OrderSelection,
  parseSelection,
  SCANNED_PARAM,
  SELECTION_PARAM,
} from "~/utils/order-selection.ts";
import { keepResult, RESULT_PARAM, readResult } from "~/utils/posted-result.server.ts";
import { apiContext, getLocale, getT, postedForm } from "~/utils/request-context.server.ts";
import { resolveSelection, selectionParam } from "~/utils/selection-store.server.ts";
import { applyOnce, done, newSubmissionKey } from "~/utils/submission-key.server.ts";
import { inspectXlsx, XlsxRefused } from "~/utils/xlsx-guard.server.ts";
import { selectionSchema } from "~/validation/order-forms.ts";
import { operationSchema } from "./operation-schemas.ts";
import {
  type OperationCalls,
  ORDER_CALLS,
  type Outcome,
  withChoices,
} from "./operations.server.ts";
import {
  type ConfirmIntent,
  type OperationSchema,
  type OrderIntent,
  type OrderOperation,
  operationOf,
} from "./operations.ts";
import {
  ANSWERED_FIELDS,
  type AnsweredField,
  COLUMN_KEYS,
  HIDDEN_BY_DEFAULT,
  type OrderColumnKey,
} from "./order-columns.tsx";
import {
  type OrderFilterReading,
  type OrderQueryFilter,
  readOrderFilters,
} from "./order-filters.server.ts";
import type { OrderRangeFilterView, SentRangeFilterView } from "./order-filters.ts";
import type {
  OrderActionData,
  OrderDetails,
  OrderDetailView,
  OrderResult,
  OrderView,
  PendingOperation,
} from "./order-view.ts";

/** The kind of the order list's results in the shared store. */
const RESULT_KIND = "orders";

type Context = Readonly<RouterContextProvider>;

/** What a row's formatting needs: the page's language. */
interface RowContext {
  locale: Locale;
}

/**
 * The fields of an order the table's other columns draw, in the page's
 * language, each made by its own function: a row is made with the fields of
 * the columns shown only (`shownRows`). A field made `undefined` (no
 * waybill number, time or remark) is left out of the row: its cell draws nothing
 * either way, and the page's data does not carry its name in every row.
 */
const FORMATTED = {
  // The pallet's column draws a link to the list filtered to it.
  salverNo: (order: Order) => order.salverNo,
  logisticsNo: (order: Order) => order.logisticsNo || undefined,
  acturalPaid: (order: Order, { locale }: RowContext) => formatMoney(order.acturalPaid, locale),
  createdOn: (order: Order) => formatChinaTime(order.createdOn),
  enterCbaTime: (order: Order) => formatChinaTime(order.enterCbaTime) || undefined,
  exitCbaTime: (order: Order) => formatChinaTime(order.exitCbaTime) || undefined,
  // The status's code: the page draws its label from its translations and
  // its tone from `ORDER_STATUS_TONES`, as it does for the status filter.
  cbaStatus: (order: Order) => order.cbaStatus,
  remark: (order: Order) => order.reasonForDetention || undefined,
};

/** The fields of an order the loader formats for the table (the others are copied). */
export type FormattedFields = {
  [K in keyof typeof FORMATTED]: ReturnType<(typeof FORMATTED)[K]>;
};

/**
 * An order as the table draws it with every column shown: the fields its
 * `asAnswered` columns show, copied, then the others formatted, in this order.
 */
export type OrderViewFields = Pick<Order, AnsweredField> & FormattedFields;

function detailView(order: Order, context: Context): OrderDetailView {
  const locale = getLocale(context);
  const t = getT(context);
  return {
    lines: order.subOrder.map((line) => ({
      itemName: line.itemName,
      gmodel: line.gmodel,
      grossWeight: formatWeight(line.grossWeight, locale),
      netWeight: formatWeight(line.netWeight, locale),
      barCode: line.barCode,
      price: formatMoney(line.price, locale),
      qty: formatCount(line.qty, locale),
      totalPrice: formatMoney(line.totalPrice, locale),
    })),
    history: order.history.map((event) => ({
      time: formatChinaTime(event.time),
      actor:
        event.actor ??
        (event.actorKind === "platform" ? t("logistics.order.history.platform") : ""),
      action: t(`logistics.order.history.actions.${event.action}`),
      source: t(`logistics.order.history.sources.${event.source}`),
      from: t(orderStatusKey(event.fromStatus)),
      to: t(orderStatusKey(event.toStatus)),
      moved: event.fromStatus !== event.toStatus,
      text: event.text,
    })),
  };
}

/**
 * The columns whose values are sent even when the table hides them: the
 * order number, the service and pallet (an opened row's way back to them)
 * and the status.
 */
const ALWAYS_SENT = ["orderNo", "serviceNo", "salverNo", "cbaStatus"] as const;
type LeftOutKey = Exclude<OrderColumnKey, (typeof ALWAYS_SENT)[number]>;

/**
 * The columns of the order table (./order-columns.tsx) a row's values are
 * left out for when the table hides them: every other column. Each is a
 * text field of the row (else the typecheck fails here).
 */
const LEFT_OUT_WHEN_HIDDEN = COLUMN_KEYS.filter(
  (key): key is LeftOutKey => !(ALWAYS_SENT as readonly string[]).includes(key),
) satisfies (keyof OrderView)[];

/** A row as the page receives it (`ShownOrder`): the values of the columns the table hides left out. */
type ShownOrderView = Omit<OrderView, LeftOutKey> & Partial<Pick<OrderView, LeftOutKey>>;

/** How one field of a row is made from the backend's order. */
type FieldOf = readonly [key: keyof OrderView, make: (order: Order, row: RowContext) => unknown];

/** Every field of a full row, in the order a row has them (`OrderView`). */
const ROW_FIELDS: readonly FieldOf[] = [
  ...ANSWERED_FIELDS.map((key): FieldOf => [key, (order) => order[key]]),
  ...(Object.entries(FORMATTED) as unknown as FieldOf[]),
];

/**
 * The fields a row is made of for each set of hidden columns: worked out
 * once per set (a handful: the defaults and what the accounts chose), not per row.
 */
const fieldsBySet = keptBy<readonly FieldOf[]>(64);

function rowFields(hiddenColumns: readonly string[] | null): readonly FieldOf[] {
  const hiddenKeys = hiddenColumns ?? HIDDEN_BY_DEFAULT;
  // The account's choice (even none) apart from the defaults.
  const setKey = hiddenColumns ? `chosen:${hiddenKeys.join(",")}` : "default";
  return fieldsBySet(setKey, () => {
    const hidden = new Set(hiddenKeys);
    const leftOut = new Set<string>(LEFT_OUT_WHEN_HIDDEN.filter((key) => hidden.has(key)));
    return ROW_FIELDS.filter(([key]) => !leftOut.has(key));
  });
}

/**
 * The rows as the table draws them: the values of hidden columns left out
 * (not sent blank: their names would still be in every row), so the page's
 * data carries only what is shown. Each row is made with only those fields,
 * in `OrderView`'s order: a hidden column's value is neither formatted nor
 * copied and then deleted. Showing a column again with JavaScript keeps the
 * choice by a post, after which the list's data is loaded again with that
 * column's values.
 */
export function shownRows(
  orders: readonly Order[],
  hiddenColumns: readonly string[] | null,
  row: RowContext,
): ShownOrderView[] {
  const fields = rowFields(hiddenColumns);
  if (!Object.isFrozen(orders)) return madeRows(orders, fields, row);
  // A page of orders kept checked (~/utils/checked-answers.server.ts) cannot
  // change: its rows for these columns and this language are made once, and
  // frozen in turn, since every request that receives the page shares them.
  let byFields = rowsOfKept.get(orders);
  if (!byFields) {
    byFields = new Map();
    rowsOfKept.set(orders, byFields);
  }
  let byLocale = byFields.get(fields);
  if (!byLocale) {
    byLocale = new Map();
    byFields.set(fields, byLocale);
  }
  let rows = byLocale.get(row.locale);
  if (!rows) {
    rows = deepFreeze(madeRows(orders, fields, row));
    byLocale.set(row.locale, rows);
  }
  return rows;
}

/** The rows made of a frozen page of orders, by the fields made and the language. */
const rowsOfKept = new WeakMap<
  readonly Order[],
  Map<readonly FieldOf[], Map<Locale, ShownOrderView[]>>
>();

function madeRows(
  orders: readonly Order[],
  fields: readonly FieldOf[],
  row: RowContext,
): ShownOrderView[] {
  return orders.map((order) => {
    const shown: Record<string, unknown> = {};
    for (const [key, make] of fields) {
      const value = make(order, row);
      if (value !== undefined) shown[key] = value;
    }
    return shown as ShownOrderView;
  });
}

/** `shownRows` with the page's language. */
export function shownRowsOf(
  orders: readonly Order[],
  hiddenColumns: readonly string[] | null,
  context: Context,
): ShownOrderView[] {
  return shownRows(orders, hiddenColumns, { locale: getLocale(context) });
}

/**
 * The range filters' view as the page is sent it: without the ranges while
 * none is filled in (a range with an error is filled in), and not at all
 * while no status is chosen either (most lists), which the page then draws
 * blank (./order-filters.ts, `withBlankRanges`).
 */
export function sentRangeView(view: OrderRangeFilterView): SentRangeFilterView | undefined {
  if (view.rangesInUse > 0) return view;
  return view.statuses.length > 0 ? { statuses: view.statuses } : undefined;
}

/**
 * The lines and history of the rows of this page the address opens
 * (`?open=<order>`, as many as the page has rows at most): drawn by the
 * server without JavaScript, fetched with it when a row is opened. None
 * opened: `undefined`, left out of the page's data.
 */
function openedDetails(
  orders: readonly Order[],
  url: URL,
  context: Context,
): OrderDetails | undefined {
  const opened = url.searchParams.getAll(OPEN_PARAM);
  if (opened.length === 0) return undefined;
  const wanted = new Set(opened);
  const details: OrderDetails = {};
  for (const order of orders) {
    if (wanted.has(order.orderNo)) details[order.orderNo] = detailView(order, context);
  }
  return Object.keys(details).length > 0 ? details : undefined;
}

/**
 * One page of the list as the address asks for it (a page past the end: the
 * last); `filters` when the caller has read them from the address already.
 */
function loadPage(
  context: Context,
  url: URL,
  filters: OrderQueryFilter = readOrderFilters(url.searchParams).query,
) {
  const paging = parsePaging(url.searchParams);
  const api = context.get(apiContext);
  return loadClampedPage(
    paging,
    (page) => api.attempt("orders", { query: { ...page, ...filters } }),
    (answer) => (answer.ok ? answer.data.pagination : null),
  );
}

/**
 * The fields of the order page's data that are often empty: left out then,
 * not sent as null, `[]` or `{}` (each would be its name and an empty value
 * in every page's data); the page reads a missing one as none.
 */
interface LeftOutWhenEmpty {
  /** The text filters and the sorting of the address, as the form and the table show them. */
  filters?: OrderFilterReading["filters"];
  /** The statuses chosen and the ranges filled in (`withBlankRanges`). */
  rangeFilters?: SentRangeFilterView;
  /** The applied filters, posted with the downloads (`cbaStatus` repeated). */
  filterEntries?: [string, string][];
  /** The address's filters that were not applied: the list names them. */
  ignoredFilters?: ReturnType<typeof readOrderFilters>["ignored"];
  /** The opened rows' lines and history (`?open=`). */
  details?: OrderDetails;
  /** The numbers of a selection kept on the server; one written in the address is read there. */
  keptSelection?: { id: string; orderNos: readonly string[] };
  result?: { id: string } & OrderResult;
  pending?: PendingOperation;
  palletTrail?: { serviceNo: string; palletNo: string };
  error?: string;
}

const withLeftOut = <T extends object>(data: T): T & LeftOutWhenEmpty => data;

export async function loadOrders(context: Context, url: URL) {
  redirectToTidyQuery(url);
  const locale = getLocale(context);
  const paging = parsePaging(url.searchParams);
  const reading = readOrderFilters(url.searchParams);
  const [result, selection, posted] = await Promise.all([
    loadPage(context, url, reading.query),
    resolveSelection(url.searchParams),
    readResult<OrderResult>(context, RESULT_KIND, url),
  ]);
  const rangeFilters = sentRangeView(reading.view);
  const common = {
    ...(Object.keys(reading.filters).length > 0 ? { filters: reading.filters } : {}),
    ...(rangeFilters ? { rangeFilters } : {}),
    ...(reading.entries.length > 0 ? { filterEntries: reading.entries } : {}),
    ...(reading.ignored.length > 0 ? { ignoredFilters: reading.ignored } : {}),
    ...(selection.kept
      ? { keptSelection: { id: selection.kept, orderNos: selection.orderNos } }
      : {}),
    ...(posted ? { result: { id: posted.id, ...posted.value } } : {}),
    // Every form that changes something posts this key once (submission-key.server.ts).
    submissionKey: newSubmissionKey(),
  };
  if (!result.ok) {
    return withLeftOut({
      ...common,
      list: [] as Order[],
      pagination: { total: 0, ...paging } as Pagination,
      amountTotal: formatMoney(0, locale),
      error: result.message,
    });
  }
  const pending = await withChoices(
    context,
    url,
    pendingOf(url, selection, result.data.pagination.total),
  );
  const trail = palletTrail(result.data.list, reading.filters.salverNo);
  const details = openedDetails(result.data.list, url, context);
  return withLeftOut({
    ...common,
    // The backend's orders: the route's loader makes the rows of the columns
    // shown once it knows which (./orders.tsx, `shownRowsOf`).
    list: result.data.list,
    ...(details ? { details } : {}),
    pagination: result.data.pagination,
    // The total amount of the whole filtered set, not only this page; the
    // page writes the count of orders from `pagination.total` itself.
    amountTotal: formatMoney(result.data.amountTotal, locale),
    ...(pending ? { pending } : {}),
    ...(trail ? { palletTrail: trail } : {}),
  });
}

/**
 * The service and pallet of the list when it is filtered to one pallet (its
 * whole number): the way back to them above the list.
 */
function palletTrail(orders: readonly Order[], palletNo: string | undefined) {
  const wanted = palletNo?.toUpperCase();
  const order = wanted ? orders.find((row) => row.salverNo.toUpperCase() === wanted) : undefined;
  return order ? { serviceNo: order.serviceNo, palletNo: order.salverNo } : null;
}

/**
 * The confirmation the address asks for (`op=<intent>`, a scan's number in
 * `scan`): the first post of an operation redirects here, so the question is
 * a page of its own that a reload or Back shows again without posting.
 */
function pendingOf(url: URL, selection: OrderSelection, matching: number): PendingOperation | null {
  const found = operationOf(url.searchParams.get(OPERATION_PARAM));
  if (!found) return null;
  const [intent, operation] = found;
  if (operation.target === "upload") return null;
  if (operation.target === "scan") {
    const scanned = url.searchParams.get(SCANNED_PARAM)?.trim() ?? "";
    const checked = operationSchema(intent).safeParse({ [operation.field]: scanned });
    return checked.success ? { intent: confirming(intent), orderNoList: [], scanned } : null;
  }
  if (selection.all) {
    return matching > 0 ? { intent: confirming(intent), orderNoList: [], matching } : null;
  }
  return selection.orderNos.length > 0
    ? { intent: confirming(intent), orderNoList: selection.orderNos }
    : null;
}

type Reply = {
  reply: (options?: { formErrors?: string[]; hideFields?: string[] }) => SubmissionResult;
};

function failed(intent: OrderIntent, pending: PendingOperation | null, reply: SubmissionResult) {
  return data<OrderActionData>(
    { stage: "error", intent, pending, reply: reply as SubmissionResult<string[]> },
    { status: 400 },
  );
}

/**
 * The backend's refusal as a form error: its message names the offending
 * order. An unknown scanned or selected number answers 40004, which `call`
 * would turn into the 404 page; `attempt` gives it here, beside the field.
 */
function reject(submission: Reply, failure: ApiFailure) {
  return submission.reply({ formErrors: [failure.message] });
}

/**
 * How one operation is carried out for this post: what the confirmation
 * shows (null: it needs none), the schema of the confirmed form, the call,
 * and the confirmation to show again after a refusal.
 */
interface Plan {
  pending: PendingOperation | null;
  schema: OperationSchema;
  call(value: unknown): Promise<Outcome<unknown>>;
  /** After a refusal: the same confirmation, or one counted anew. */
  again(): Promise<PendingOperation | null>;
}

export async function orderAction(context: Context, request: Request, url: URL) {
  const t = getT(context);
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > IMPORT_MAX_BYTES + 64 * 1024) {
    throw data({ message: t("logistics.import.fileTooLarge") }, { status: 413 });
  }
  const formData = postedForm(context);
  const rawIntent = formData.get("intent");
  if (rawIntent === "select") {
    // The checked orders of this page and those chosen on others: the
    // selection of the address from now on (kept on the server when long).
    const orderNos = formData
      .getAll("orderNoList")
      .filter((value): value is string => typeof value === "string")
      .map((value) => value.trim())
      .filter((value) => value !== "" && value.length <= 64);
    throw redirect(
      listHref(url.pathname, url.searchParams, {
        [SELECTION_PARAM]: await selectionParam(orderNos),
        [ALL_MATCHING_PARAM]: null,
        [OPERATION_PARAM]: null,
        [SCANNED_PARAM]: null,
      }),
    );
  }
  const found = operationOf(rawIntent);
  if (!found) throw data({ message: "unknown operation" }, { status: 400 });
  const [intent, operation] = found;

  // 1. Parse what the operation acts on.
  const plan = await planOf(intent, operation, formData, url, context);
  if ("stage" in plan) return plan.response;
  // 2. Ask for the confirmation unless this post carries it: on a page of
  // its own, whose address holds the selection as posted.
  if (plan.pending && formData.get("confirmed") !== "1") {
    const { pending } = plan;
    throw redirect(
      listHref(url.pathname, url.searchParams, {
        [OPERATION_PARAM]: pending.intent,
        [SCANNED_PARAM]: pending.scanned ?? null,
        ...(operation.target === "selection" && pending.matching === undefined
          ? { [SELECTION_PARAM]: await selectionParam(pending.orderNoList) }
          : {}),
      }),
    );
  }
  // 3. Parse the whole form and call the backend, once per submission key.
  return applyOnce(context, formData, async () => {
    const submission = parseWithZod(formData, { schema: plan.schema });
    if (submission.status !== "success") {
      const hideFields = operation.target === "upload" ? ["file"] : undefined;
      return failed(
        intent,
        await withChoices(context, url, plan.pending),
        submission.reply({ hideFields }),
      );
    }
    if (operation.target === "upload") {
      // The archive's own directory is checked before the file goes anywhere:
      // a zip bomb or a file far beyond the row limit stops here.
      const refusal = await inspectUpload(submission.value.file);
      if (refusal) {
        return failed(
          intent,
          null,
          submission.reply({ formErrors: [t(`logistics.import.${refusal}`)] }),
        );
      }
    }
    const result = await plan.call(submission.value);
    if (!result.ok) {
      return failed(
        intent,
        await withChoices(context, url, await plan.again()),
        reject(submission, result),
      );
    }
    // 4. Keep the result and show it on the list, with the selection the list now shows.
    const answer = ORDER_CALLS[intent].answer(result.data, t);
    const id = await keepResult(context, RESULT_KIND, {
      intent,
      message: `${t("common.operationSuccessful")}: ${answer.message}`,
      report: answer.report ?? null,
      unchanged: answer.unchanged ?? [],
    } satisfies OrderResult);
    const operated =
      operation.target === "selection" && plan.pending?.matching === undefined
        ? (plan.pending?.orderNoList ?? [])
        : (await resolveSelection(url.searchParams)).orderNos;
    return done(
      listHref(url.pathname, url.searchParams, {
        [SELECTION_PARAM]: await selectionParam(await stillShown(context, url, operated)),
        [ALL_MATCHING_PARAM]: null,
        [OPERATION_PARAM]: null,
        [SCANNED_PARAM]: null,
        [RESULT_PARAM]: id,
      }),
    );
  });
}

/**
 * The chosen orders the list shows after an operation: an order that left
 * the filter (or the page) leaves the selection, so the count is what the
 * page shows checked. Every matching order (`all=1`) is chosen anew.
 */
async function stillShown(context: Context, url: URL, chosen: readonly string[]) {
  if (chosen.length === 0 || parseSelection(url.searchParams).all) return [];
  const page = await loadPage(context, url);
  if (!page.ok) return [];
  const shown = new Set(page.data.list.map((order) => order.orderNo));
  return chosen.filter((orderNo) => shown.has(orderNo));
}

/** The refusal of an uploaded workbook whose archive is not fit to be read, if any. */
async function inspectUpload(file: unknown) {
  if (!(file instanceof Blob)) return null;
  try {
    await inspectXlsx(new Uint8Array(await file.arrayBuffer()));
    return null;
  } catch (error) {
    if (!(error instanceof XlsxRefused)) throw error;
    return error.problem;
  }
}

/** The plan of an operation for this post, or the answer refusing it. */
async function planOf(
  intent: OrderIntent,
  operation: OrderOperation,
  formData: FormData,
  url: URL,
  context: Context,
): Promise<Plan | { stage: "refused"; response: ReturnType<typeof failed> }> {
  const api = context.get(apiContext);
  const calls: OperationCalls = ORDER_CALLS[intent];
  const refused = (reply: SubmissionResult) => ({
    stage: "refused" as const,
    response: failed(intent, null, reply),
  });

  if (operation.target === "upload") {
    return {
      pending: null,
      schema: operationSchema(intent),
      call: (value) => calls.call(api, value),
      again: async () => null,
    };
  }

  if (operation.target === "scan") {
    const submission = parseWithZod(formData, { schema: operationSchema(intent) });
    if (submission.status !== "success") return refused(submission.reply());
    const scanned = String(submission.value[operation.field] ?? "");
    const pending: PendingOperation = { intent: confirming(intent), orderNoList: [], scanned };
    return {
      pending,
      schema: operationSchema(intent),
      call: (value) => calls.call(api, value),
      again: async () => pending,
    };
  }

  if (parseSelection(url.searchParams).all) {
    // Every order matching the filters (the query of the posted URL). The
    // first post counts them for the confirmation; the second sends that
    // count, and the backend changes nothing when the filter matches another
    // number by then: the confirmation is shown again with the new count.
    const filters = readOrderFilters(url.searchParams).query;
    const matching = await countMatching(context, url);
    if (!matching) {
      return refused(
        parseWithZod(formData, { schema: selectionSchema() }).reply({
          formErrors: ["logistics.order.noneMatching"],
        }),
      );
    }
    const pending: PendingOperation = { intent: confirming(intent), orderNoList: [], matching };
    return {
      pending,
      schema: operationSchema(intent, true),
      call: (value) => {
        // Only operations on the selection reach here, and each has its call for every match.
        if (!calls.callAll) throw new Error(`${intent} cannot act on every matching order`);
        return calls.callAll(api, value, filters);
      },
      again: async () => ({ ...pending, matching: (await countMatching(context, url)) ?? 0 }),
    };
  }

  // The chosen orders.
  const chosen = parseWithZod(formData, { schema: selectionSchema() });
  if (chosen.status !== "success") return refused(chosen.reply());
  const pending: PendingOperation = {
    intent: confirming(intent),
    orderNoList: chosen.value.orderNoList,
  };
  return {
    pending,
    schema: operationSchema(intent),
    call: (value) => calls.call(api, value),
    again: async () => pending,
  };
}

/** The intent of an operation that is not an upload: every other one waits for a confirmation. */
function confirming(intent: OrderIntent): ConfirmIntent {
  if (intent === "import") throw new Error("an upload is never confirmed");
  return intent;
}

/** How many orders match the list's filters, as the backend counts them now. */
async function countMatching(context: Context, url: URL): Promise<number | null> {
  const filters = readOrderFilters(url.searchParams).query;
  const answer = await context
    .get(apiContext)
    .attempt("orders", { query: { current: 1, pageSize: 10, ...filters } });
  return answer.ok ? answer.data.pagination.total : null;
}
