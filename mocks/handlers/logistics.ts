/** Services, pallets, orders, status changes, remarks, stock in/out by scan, arrival report. */
import { cbaEndpoints as ep, type OrderStatusCode } from "../../app/contract/cba.ts";
import { ApiCode } from "../../app/contract/envelope.ts";
import { chinaDay } from "../clock.ts";
import { db, deriveStatus, salverStatsOf, serviceStatsOf } from "../db.ts";
import { ApiError } from "../errors.ts";
import { t } from "../i18n.ts";
import {
  applyMoves,
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
      .sort((a, b) => b.createdOn - a.createdOn || (a.salverNo < b.salverNo ? 1 : -1));
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

  ...route(ep.orderRemarks, async ({ body }) => {
    const rows = ordersByNumbers(body.orderNoList);
    const remark = body.reasonForDetention.trim();
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
    return { updated: rows.length };
  }),

  ...route(ep.arrivalReport, ({ query }) => {
    const groups = new Map<
      string,
      {
        day: string;
        serviceNo: string;
        salverNo: string;
        arrived: number;
        inStock: number;
        detained: number;
      }
    >();
    const needle = query.salverNo?.toUpperCase();
    const totals = { arrived: 0, inStock: 0, detained: 0 };
    for (const row of db.orders.values()) {
      if (query.startTime !== undefined && row.createdOn < query.startTime) continue;
      if (query.endTime !== undefined && row.createdOn >= query.endTime) continue;
      if (needle !== undefined && !row.salverNo.toUpperCase().includes(needle)) continue;
      const dayIndex = Math.floor((row.createdOn + 8 * 3600) / 86_400);
      const key = `${dayIndex}|${row.salverNo}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          day: chinaDay(row.createdOn),
          serviceNo: row.serviceNo,
          salverNo: row.salverNo,
          arrived: 0,
          inStock: 0,
          detained: 0,
        };
        groups.set(key, group);
      }
      const inStock = row.cbaStatus === 4 ? 1 : 0;
      group.arrived += 1;
      group.inStock += inStock;
      group.detained += 1 - inStock;
      totals.arrived += 1;
      totals.inStock += inStock;
      totals.detained += 1 - inStock;
    }
    const list = [...groups.values()].sort((a, b) =>
      a.day === b.day ? (a.salverNo < b.salverNo ? -1 : 1) : a.day < b.day ? 1 : -1,
    );
    const start = (query.current - 1) * query.pageSize;
    return {
      list: list.slice(start, start + query.pageSize),
      pagination: pagination(list.length, query.current, query.pageSize),
      totals,
    };
  }),
];
