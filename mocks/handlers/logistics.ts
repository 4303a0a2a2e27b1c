/** Services, pallets, orders, status changes, remarks, stock in/out by scan, arrival report. */
import {
  cbaEndpoints as ep,
  type OrderFilter,
  type OrderStatusCode,
} from "../../app/contract/cba.ts";
import { ApiCode } from "../../app/contract/envelope.ts";
import { db, deriveStatus, type OrderRow, salverStatsOf, serviceStatsOf } from "../db.ts";
import { ApiError } from "../errors.ts";
import { t } from "../i18n.ts";
import {
  applyMoves,
  arrivalReport,
  moveOrders,
  ordersByNumbers,
  orderView,
  queryOrders,
  salverView,
  serviceView,
  statusLabel,
} from "../logistics.ts";
import { pageOf, pagination } from "../paging.ts";
import { route } from "../route.ts";
import { arrivalWorkbook } from "../xlsx.ts";

function warehousingHandler(endpoint: typeof ep.salverWarehousing | typeof ep.orderWarehousing) {
  return route(endpoint, async ({ body, lang }) => {
    const scanned = body.salverNoOrOrderNo.trim();
    const from: OrderStatusCode = body.direction === "in" ? 1 : 4;
    const to: OrderStatusCode = body.direction === "in" ? 4 : 3;
    const action = t(lang, body.direction === "in" ? "action.in" : "action.out");
    const salver = db.salvers.get(scanned) ?? db.salvers.get(scanned.toUpperCase());
    if (salver) {
      const rows = db.salverOrders.get(salver.salverNo) ?? [];
      const movable = rows.filter((row) => row.cbaStatus === from);
      if (movable.length === 0) {
        throw new ApiError(ApiCode.wrongStatus, "salverNothingToMove", {
          no: salver.salverNo,
          action,
        });
      }
      const unchanged = rows
        .filter((row) => row.cbaStatus !== from)
        .map((row) => ({ orderNo: row.orderNo, cbaStatus: row.cbaStatus }));
      const changed = await applyMoves(movable, to);
      return {
        target: "salver" as const,
        serviceNo: salver.serviceNo,
        salverNo: salver.salverNo,
        direction: body.direction,
        changed,
        unchanged,
      };
    }
    const order = db.orders.get(scanned) ?? db.orders.get(scanned.toUpperCase());
    if (!order) throw new ApiError(ApiCode.notFound, "scanNotFound", { no: scanned });
    if (order.cbaStatus !== from) {
      throw new ApiError(ApiCode.wrongStatus, "orderScanNotAllowed", {
        no: order.orderNo,
        from: statusLabel(lang, order.cbaStatus),
        action,
      });
    }
    const changed = await applyMoves([order], to);
    return {
      target: "order" as const,
      serviceNo: order.serviceNo,
      salverNo: order.salverNo,
      direction: body.direction,
      changed,
      unchanged: [],
    };
  });
}

/** Orders named per group when a filter-wide status change is refused. */
const LISTED_REFUSALS = 50;

/**
 * Every order matching the filter, which must still be the number the user
 * confirmed: a filter that now matches more or fewer is refused whole.
 */
function matchingExpected(filter: Partial<OrderFilter>, expected: number): OrderRow[] {
  const { rows, total } = queryOrders(filter);
  if (total !== expected) {
    throw new ApiError(ApiCode.wrongStatus, "filterCountChanged", { actual: total, expected });
  }
  return rows;
}

/** Sets one remark on every order, or none: a blank remark is refused for a detained order. */
async function setRemarks(rows: readonly OrderRow[], text: string): Promise<number> {
  const remark = text.trim();
  const detained = rows.find((row) => row.cbaStatus === 2);
  if (detained && remark === "") {
    throw new ApiError(ApiCode.invalidParameters, "remarkRequiredDetained", {
      no: detained.orderNo,
    });
  }
  await db.orders.updateMany(
    rows.map((row) => row.orderNo),
    (draft) => {
      draft.reasonForDetention = remark;
    },
  );
  return rows.length;
}

export const logisticsHandlers = [
  ...route(ep.services, ({ query, lang }) => {
    const needle = query.serviceNo?.toUpperCase();
    const rows = [...db.services.values()]
      .filter((row) => needle === undefined || row.serviceNo.toUpperCase().includes(needle))
      .filter(
        (row) =>
          query.cbaStatus === undefined ||
          deriveStatus(serviceStatsOf(row.serviceNo)) === query.cbaStatus,
      )
      .sort((a, b) => b.createdOn - a.createdOn || (a.serviceNo < b.serviceNo ? 1 : -1));
    return pageOf(rows, query.current, query.pageSize, (row) => serviceView(row, lang));
  }),

  ...route(ep.salvers, ({ params, query, lang }) => {
    const service = db.services.get(params.id);
    if (!service) throw new ApiError(ApiCode.notFound, "serviceNotFound", { no: params.id });
    const needle = query.salverNo?.toUpperCase();
    const rows = (db.serviceSalvers.get(service.serviceNo) ?? [])
      .map((salverNo) => db.salvers.get(salverNo))
      .filter((row) => row !== undefined)
      .filter((row) => needle === undefined || row.salverNo.toUpperCase().includes(needle))
      .filter(
        (row) =>
          query.cbaStatus === undefined ||
          deriveStatus(salverStatsOf(row.salverNo)) === query.cbaStatus,
      )
      // By pallet number, ascending: the order the pallets are numbered in.
      .sort((a, b) => (a.salverNo < b.salverNo ? -1 : a.salverNo > b.salverNo ? 1 : 0));
    return pageOf(rows, query.current, query.pageSize, (row) => salverView(row, lang));
  }),

  ...route(ep.updateSalver, async ({ params, body, lang }) => {
    if (!db.salvers.has(params.id))
      throw new ApiError(ApiCode.notFound, "salverNotFound", { no: params.id });
    const row = await db.salvers.update(params.id, (draft) => {
      draft.salverDirection = body.salverDirection;
    });
    return salverView(row, lang);
  }),

  ...warehousingHandler(ep.salverWarehousing),
  ...warehousingHandler(ep.orderWarehousing),

  ...route(ep.orders, ({ query, lang }) => {
    const { rows, total, amountTotal } = queryOrders(query, query);
    return {
      list: rows.map((row) => orderView(row, lang)),
      pagination: pagination(total, query.current, query.pageSize),
      amountTotal,
    };
  }),

  ...route(ep.updateOrders, async ({ body, lang }) => {
    const rows = ordersByNumbers(body.orderNoList);
    if (body.cbaStatus === 2 && (body.reasonForDetention ?? "").trim() === "") {
      throw new ApiError(ApiCode.invalidParameters, "reasonRequired");
    }
    const changed = await moveOrders(rows, body.cbaStatus, lang, body.reasonForDetention);
    return { updated: changed.length, changed };
  }),

  ...route(ep.updateOrdersByFilter, async ({ query, body, lang }) => {
    const rows = matchingExpected(query, body.expectedCount);
    if (body.cbaStatus === 2 && (body.reasonForDetention ?? "").trim() === "") {
      throw new ApiError(ApiCode.invalidParameters, "reasonRequired");
    }
    const changed = await moveOrders(
      rows,
      body.cbaStatus,
      lang,
      body.reasonForDetention,
      LISTED_REFUSALS,
    );
    return { updated: changed.length, changed };
  }),

  ...route(ep.orderRemarks, async ({ body }) => {
    const rows = ordersByNumbers(body.orderNoList);
    return { updated: await setRemarks(rows, body.reasonForDetention) };
  }),

  ...route(ep.orderRemarksByFilter, async ({ query, body }) => {
    const rows = matchingExpected(query, body.expectedCount);
    return { updated: await setRemarks(rows, body.reasonForDetention) };
  }),

  ...route(ep.arrivalReport, ({ query }) => {
    const { rows, totals } = arrivalReport(query);
    const start = (query.current - 1) * query.pageSize;
    return {
      list: rows.slice(start, start + query.pageSize),
      pagination: pagination(rows.length, query.current, query.pageSize),
      totals,
    };
  }),

  ...route(ep.downloadArrivalReport, ({ query, lang }) => {
    const { rows, totals } = arrivalReport(query);
    return arrivalWorkbook(rows, totals, lang);
  }),
];
