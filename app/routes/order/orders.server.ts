/**
 * The order list: its data shaped for display, and its operations. Every
 * operation takes two posts: the first asks for confirmation (the page shows
 * it in place; with JavaScript a dialog asks instead and posts the second
 * directly), the second carries `confirmed=1` and is carried out.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import type { StatusView } from "~/components/status-badge.tsx";
import {
  IMPORT_MAX_BYTES,
  type ImportReport,
  type Order,
  type OrderStatusCode,
  type Pagination,
} from "~/contract/index.ts";
import { getInstance, getLocale } from "~/middleware/i18next.ts";
import { apiContext } from "~/middleware/session.server.ts";
import type { ApiFailure } from "~/utils/api.server.ts";
import { formatChinaTime } from "~/utils/china-time.ts";
import { formatCount, formatMoney, formatWeight } from "~/utils/format.ts";
import {
  listHref,
  loadClampedPage,
  parseFilters,
  parsePaging,
  redirectToTidyQuery,
} from "~/utils/list-query.ts";
import { ORDER_STATUS_TONES, orderStatusKey } from "~/utils/logistics-status.ts";
import {
  ALL_MATCHING_PARAM,
  parseSelection,
  SELECTION_PARAM,
  selectionValue,
} from "~/utils/order-selection.ts";
import { inspectXlsx, XlsxRefused } from "~/utils/xlsx-guard.server.ts";
import {
  detainAllSchema,
  detainSchema,
  importSchema,
  isSelectionIntent,
  ORDER_INTENTS,
  type OrderIntent,
  orderListFilterSchema,
  remarksAllSchema,
  remarksSchema,
  type SelectionIntent,
  selectionSchema,
  statusAllSchema,
  statusSchema,
  stockInSchema,
} from "~/validation/logistics.ts";

type Context = Readonly<RouterContextProvider>;

export interface OrderLineView {
  itemName: string;
  gmodel: string;
  grossWeight: string;
  netWeight: string;
  barCode: string;
  price: string;
  qty: string;
  totalPrice: string;
}

/** One event of an order's history, in words (newest first). */
export interface OrderEventView {
  time: string;
  actor: string;
  action: string;
  /** How it was asked for: chosen orders, a filter, a scan, an import. */
  source: string;
  /** The status before and after; the same for a remark or a waybill number. */
  from: string;
  to: string;
  moved: boolean;
  text: string;
}

export interface OrderView {
  orderNo: string;
  serviceNo: string;
  salverNo: string;
  logisticsNo: string;
  consignee: string;
  consigneeAddress: string;
  consigneeTelephone: string;
  acturalPaid: string;
  createdOn: string;
  enterCbaTime: string;
  exitCbaTime: string;
  status: StatusView;
  remark: string;
  lines: OrderLineView[];
  history: OrderEventView[];
}

function orderView(order: Order, context: Context): OrderView {
  const locale = getLocale(context);
  const t = getInstance(context).t;
  return {
    orderNo: order.orderNo,
    serviceNo: order.serviceNo,
    salverNo: order.salverNo,
    logisticsNo: order.logisticsNo ?? "",
    consignee: order.consignee,
    consigneeAddress: order.consigneeAddress,
    consigneeTelephone: order.consigneeTelephone,
    acturalPaid: formatMoney(order.acturalPaid, locale),
    createdOn: formatChinaTime(order.createdOn),
    enterCbaTime: formatChinaTime(order.enterCbaTime),
    exitCbaTime: formatChinaTime(order.exitCbaTime),
    status: {
      label: t(orderStatusKey(order.cbaStatus)),
      tone: ORDER_STATUS_TONES[order.cbaStatus],
    },
    remark: order.reasonForDetention,
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

export async function loadOrders(context: Context, url: URL) {
  redirectToTidyQuery(url);
  const locale = getLocale(context);
  const paging = parsePaging(url.searchParams);
  const filters = parseFilters(url.searchParams, orderListFilterSchema);
  const api = context.get(apiContext);
  const result = await loadClampedPage(
    paging,
    (page) => api.attempt("orders", { query: { ...page, ...filters } }),
    (answer) => (answer.ok ? answer.data.pagination : null),
  );
  if (!result.ok) {
    return {
      filters,
      list: [] as OrderView[],
      pagination: { total: 0, ...paging } as Pagination,
      totals: { orderCount: formatCount(0, locale), amountTotal: formatMoney(0, locale) },
      error: result.message as string | null,
    };
  }
  return {
    filters,
    list: result.data.list.map((order) => orderView(order, context)),
    pagination: result.data.pagination,
    // Both totals cover the whole filtered set, not only this page.
    totals: {
      orderCount: formatCount(result.data.pagination.total, locale),
      amountTotal: formatMoney(result.data.amountTotal, locale),
    },
    error: null,
  };
}

/** An operation waiting for its confirmation. */
export interface PendingOperation {
  intent: OrderIntent;
  orderNoList: string[];
  salverNoOrOrderNo?: string;
  /** Set for an operation on every order matching the filters: how many the backend counted. */
  matching?: number;
}

export type OrderActionData =
  | { stage: "confirm"; intent: OrderIntent; pending: PendingOperation }
  | {
      stage: "error";
      intent: OrderIntent;
      /** Set when the confirmation is shown again with the errors. */
      pending: PendingOperation | null;
      reply: SubmissionResult<string[]>;
    }
  | {
      stage: "done";
      intent: OrderIntent;
      message: string;
      report: ImportReport | null;
      /** Orders of a scanned pallet that did not move, each with why. */
      unchanged?: { orderNo: string; why: string }[];
    };

function failed(intent: OrderIntent, pending: PendingOperation | null, reply: SubmissionResult) {
  return data<OrderActionData>(
    { stage: "error", intent, pending, reply: reply as SubmissionResult<string[]> },
    { status: 400 },
  );
}

function done(
  intent: OrderIntent,
  message: string,
  report: ImportReport | null = null,
  unchanged: { orderNo: string; why: string }[] = [],
) {
  return data<OrderActionData>({ stage: "done", intent, message, report, unchanged });
}

export async function orderAction(request: Request, context: Context) {
  const t = getInstance(context).t;
  const api = context.get(apiContext);
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > IMPORT_MAX_BYTES + 64 * 1024) {
    throw data({ message: t("logistics.import.fileTooLarge") }, { status: 413 });
  }
  const formData = await request.formData();
  const rawIntent = formData.get("intent");
  const url = new URL(request.url);
  if (rawIntent === "select") {
    // Without JavaScript: the checked orders of this page join the selection in the URL.
    const orderNos = formData
      .getAll("orderNoList")
      .filter((value): value is string => typeof value === "string")
      .map((value) => value.trim())
      .filter((value) => value !== "");
    throw redirect(
      listHref(url.pathname, url.searchParams, {
        [SELECTION_PARAM]: selectionValue(new Set(orderNos)),
        [ALL_MATCHING_PARAM]: null,
      }),
    );
  }
  const intent = ORDER_INTENTS.find((name) => name === rawIntent);
  if (!intent) throw data({ message: "unknown operation" }, { status: 400 });
  const confirmed = formData.get("confirmed") === "1";
  const success = t("common.operationSuccessful");

  if (intent === "import") {
    const submission = parseWithZod(formData, { schema: importSchema });
    if (submission.status !== "success") {
      return failed(intent, null, submission.reply({ hideFields: ["file"] }));
    }
    // The archive's own directory is checked before the file goes anywhere:
    // a zip bomb or a file far beyond the row limit stops here.
    try {
      inspectXlsx(new Uint8Array(await submission.value.file.arrayBuffer()));
    } catch (error) {
      if (!(error instanceof XlsxRefused)) throw error;
      const message = t(`logistics.import.${error.problem}`);
      return failed(intent, null, submission.reply({ formErrors: [message] }));
    }
    const upload = new FormData();
    upload.set("file", submission.value.file, submission.value.file.name);
    const result = await api.attempt("importOrders", { formData: upload });
    if (!result.ok) return failed(intent, null, reject(submission, result));
    const report = result.data;
    return done(
      intent,
      `${success}: ${t("logistics.import.summary", { total: report.total, applied: report.applied, refused: report.refused })}`,
      report,
    );
  }

  if (intent === "stockIn") {
    const submission = parseWithZod(formData, { schema: stockInSchema });
    if (submission.status !== "success") return failed(intent, null, submission.reply());
    const pending = { intent, orderNoList: [], ...submission.value };
    if (!confirmed) return data<OrderActionData>({ stage: "confirm", intent, pending });
    const result = await api.attempt("orderWarehousing", {
      body: { ...submission.value, direction: "in" },
    });
    if (!result.ok) return failed(intent, pending, reject(submission, result));
    // A pallet scan moves the orders that may move and names every one left as it was.
    const { changed, unchanged } = result.data;
    return done(
      intent,
      `${success}: ${t("logistics.order.stockedIn", { changed: changed.length, unchanged: unchanged.length })}`,
      null,
      unchanged.map((order) => ({
        orderNo: order.orderNo,
        why: t("logistics.order.unchangedWhy", { status: t(orderStatusKey(order.cbaStatus)) }),
      })),
    );
  }

  if (isSelectionIntent(intent) && parseSelection(url.searchParams).all) {
    return filterOperation(intent, formData, confirmed, url, context);
  }

  // Operations on the selected orders.
  const selection = parseWithZod(formData, { schema: selectionSchema });
  if (selection.status !== "success") return failed(intent, null, selection.reply());
  const pending = { intent, orderNoList: selection.value.orderNoList };
  if (!confirmed || !isSelectionIntent(intent)) {
    return data<OrderActionData>({ stage: "confirm", intent, pending });
  }

  if (intent === "detain") {
    const submission = parseWithZod(formData, { schema: detainSchema });
    if (submission.status !== "success") return failed(intent, pending, submission.reply());
    const result = await api.attempt("updateOrders", {
      body: {
        orderNoList: submission.value.orderNoList,
        cbaStatus: 2,
        reasonForDetention: submission.value.reasonForDetention,
      },
    });
    if (!result.ok) return failed(intent, pending, reject(submission, result));
    return done(intent, `${success}: ${t("logistics.order.updated", { n: result.data.updated })}`);
  }

  if (intent === "status") {
    const submission = parseWithZod(formData, { schema: statusSchema });
    if (submission.status !== "success") return failed(intent, pending, submission.reply());
    const result = await api.attempt("updateOrders", {
      body: {
        orderNoList: submission.value.orderNoList,
        cbaStatus: submission.value.cbaStatus as OrderStatusCode,
      },
    });
    if (!result.ok) return failed(intent, pending, reject(submission, result));
    return done(intent, `${success}: ${t("logistics.order.updated", { n: result.data.updated })}`);
  }

  const submission = parseWithZod(formData, { schema: remarksSchema });
  if (submission.status !== "success") return failed(intent, pending, submission.reply());
  const result = await api.attempt("orderRemarks", { body: submission.value });
  if (!result.ok) return failed(intent, pending, reject(submission, result));
  return done(intent, `${success}: ${t("logistics.order.updated", { n: result.data.updated })}`);
}

/** How many orders match the list's filters, as the backend counts them now. */
async function countMatching(context: Context, url: URL): Promise<number | null> {
  const filters = parseFilters(url.searchParams, orderListFilterSchema);
  const answer = await context
    .get(apiContext)
    .attempt("orders", { query: { current: 1, pageSize: 10, ...filters } });
  return answer.ok ? answer.data.pagination.total : null;
}

/**
 * An operation on every order matching the filters of the list (the query of
 * the posted URL). The first post counts them for the confirmation; the
 * second sends that count, and the backend changes nothing when the filter
 * matches another number by then: the confirmation is shown again with the
 * new count.
 */
async function filterOperation(
  intent: SelectionIntent,
  formData: FormData,
  confirmed: boolean,
  url: URL,
  context: Context,
) {
  const t = getInstance(context).t;
  const api = context.get(apiContext);
  const filters = parseFilters(url.searchParams, orderListFilterSchema);
  const matching = await countMatching(context, url);
  const pending: PendingOperation = { intent, orderNoList: [], matching: matching ?? 0 };
  if (!matching) {
    const reply = parseWithZod(formData, { schema: selectionSchema }).reply({
      formErrors: ["logistics.order.noneMatching"],
    });
    return failed(intent, null, reply);
  }
  if (!confirmed) return data<OrderActionData>({ stage: "confirm", intent, pending });
  const success = t("common.operationSuccessful");
  const again = async (
    submission: { reply: (options: { formErrors: string[] }) => SubmissionResult },
    failure: ApiFailure,
  ) => {
    const now = await countMatching(context, url);
    return failed(intent, { ...pending, matching: now ?? 0 }, reject(submission, failure));
  };

  if (intent === "remarks") {
    const submission = parseWithZod(formData, { schema: remarksAllSchema });
    if (submission.status !== "success") return failed(intent, pending, submission.reply());
    const result = await api.attempt("orderRemarksByFilter", {
      query: filters,
      body: submission.value,
    });
    if (!result.ok) return again(submission, result);
    return done(intent, `${success}: ${t("logistics.order.updated", { n: result.data.updated })}`);
  }
  const submission =
    intent === "detain"
      ? parseWithZod(formData, { schema: detainAllSchema })
      : parseWithZod(formData, { schema: statusAllSchema });
  if (submission.status !== "success") return failed(intent, pending, submission.reply());
  const value = submission.value;
  const result = await api.attempt("updateOrdersByFilter", {
    query: filters,
    body:
      "reasonForDetention" in value
        ? {
            expectedCount: value.expectedCount,
            cbaStatus: 2,
            reasonForDetention: value.reasonForDetention,
          }
        : { expectedCount: value.expectedCount, cbaStatus: value.cbaStatus as OrderStatusCode },
  });
  if (!result.ok) return again(submission, result);
  return done(intent, `${success}: ${t("logistics.order.updated", { n: result.data.updated })}`);
}

/** The backend's refusal (its message names the offending order) as a form error. */
function reject(
  submission: { reply: (options: { formErrors: string[] }) => SubmissionResult },
  failure: ApiFailure,
) {
  return submission.reply({ formErrors: [failure.message] });
}

/**
 * An unknown scanned or selected number answers 40004, which the API client
 * turns into the 404 page; in a form it is a message beside the field.
 */
