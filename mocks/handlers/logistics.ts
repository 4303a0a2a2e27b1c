/** Services, pallets, orders, status changes, remarks, stock in/out by scan, arrival report. */
import type { z } from "zod";
import {
  cbaEndpoints as ep,
  type OrderFilter,
  OrderStatus,
  type OrderStatusCode,
  type SelectionOperationName,
} from "../../app/contract/cba.ts";
import { ApiCode } from "../../app/contract/envelope.ts";
import { countStatuses, SCAN_MOVES } from "../../app/utils/order-moves.ts";
import { db, deriveStatus, type OrderRow, palletStatsOf, serviceStatsOf } from "../db.ts";
import { ApiError } from "../errors.ts";
import { actorOf, historyView, recordEvents } from "../history.ts";
import { type Lang, t } from "../i18n.ts";
import {
  applyMoves,
  arrivalReport,
  type ChangeOrigin,
  moveOrders,
  ordersByNumbers,
  orderView,
  orderViewJson,
  palletView,
  queryOrders,
  serviceView,
  statusLabel,
} from "../logistics.ts";
import { canonicalNo } from "../numbers.ts";
import { pageOf, pagination } from "../paging.ts";
import { DataText, ownBytes, route, signedIn } from "../route.ts";
import { type CompanyScope, companyScope } from "../scope.ts";
import { orderStatusLabel } from "../status-labels.ts";
import { arrivalWorkbook } from "../xlsx.ts";

/** Why a pallet scan moved nothing: how many of its orders are in which status ("12 stocked in, 1 detained"). */
function leftByStatus(rows: readonly { cbaStatus: OrderStatusCode }[], lang: Lang): string {
  if (rows.length === 0) return t(lang, "palletEmpty");
  const counts = new Map<OrderStatusCode, number>();
  for (const row of rows) counts.set(row.cbaStatus, (counts.get(row.cbaStatus) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([code, count]) =>
      t(lang, "palletLeft.one", { count, status: orderStatusLabel(code, lang) }),
    )
    .join(t(lang, "palletLeft.separator"));
}

/**
 * Stock in/out scans. The bonded station scans for every company
 * (SYSTEM_ADMINISTRATOR); a company's CBA_MANAGER may scan its own pallets
 * and orders (the inventory system is theirs too, docs/product.md, Roles), and
 * another company's number answers as an unknown one.
 */
function warehousingHandler(endpoint: typeof ep.salverWarehousing | typeof ep.orderWarehousing) {
  return route(endpoint, async (ctx) => {
    const { body, lang } = ctx;
    const scope = companyScope(signedIn(ctx).user);
    const scanned = canonicalNo(body.salverNoOrOrderNo);
    const { from, to } = SCAN_MOVES[body.direction];
    const action = t(lang, body.direction === "in" ? "action.in" : "action.out");
    const pallet = db.salvers.get(scanned);
    if (pallet && scope.allows(pallet.companyId)) {
      const rows = db.palletOrders.get(pallet.salverNo) ?? [];
      const movable = rows.filter((row) => row.cbaStatus === from);
      if (movable.length === 0) {
        throw new ApiError(ApiCode.wrongStatus, "palletNothingToMove", {
          no: pallet.salverNo,
          action,
          left: leftByStatus(rows, lang),
        });
      }
      const unchanged = rows
        .filter((row) => row.cbaStatus !== from)
        .map((row) => ({ orderNo: row.orderNo, cbaStatus: row.cbaStatus }));
      const changed = await applyMoves(movable, to, {
        actor: actorOf(signedIn(ctx).user),
        source: "salverScan",
      });
      return {
        target: "salver" as const,
        serviceNo: pallet.serviceNo,
        salverNo: pallet.salverNo,
        direction: body.direction,
        changed,
        unchanged,
      };
    }
    const order = db.orders.get(scanned);
    if (!order || !scope.allows(order.companyId))
      throw new ApiError(ApiCode.notFound, "scanNotFound", { no: scanned });
    if (order.cbaStatus !== from) {
      throw new ApiError(ApiCode.wrongStatus, "orderScanNotAllowed", {
        no: order.orderNo,
        from: statusLabel(lang, order.cbaStatus),
        action,
      });
    }
    const changed = await applyMoves([order], to, {
      actor: actorOf(signedIn(ctx).user),
      source: "orderScan",
    });
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
function matchingExpected(
  scope: CompanyScope,
  filter: Partial<OrderFilter>,
  expected: number,
): OrderRow[] {
  const { rows, total } = queryOrders(scope, filter);
  if (total !== expected) {
    throw new ApiError(ApiCode.wrongStatus, "filterCountChanged", { actual: total, expected });
  }
  return rows;
}

type Endpoints = typeof ep;
/** What a bulk operation asks beside its orders: its body without `orderNoList`. */
type Asked<N extends SelectionOperationName> = Omit<
  z.output<NonNullable<Endpoints[N]["body"]>>,
  "orderNoList"
>;
/** How the orders were asked for, and (by filter) how many refused orders an answer names. */
interface Applying {
  lang: Lang;
  origin: ChangeOrigin;
  listed?: number;
}

/**
 * Both routes of a bulk operation (the contract's `selectionOperation`):
 * the listed orders (unknown or another company's refuse the whole call),
 * or every order matching the filter, still as many as the user confirmed;
 * `apply` then does the same to either.
 */
function selectionRoutes<N extends SelectionOperationName>(
  name: N,
  apply: (
    rows: readonly OrderRow[],
    asked: Asked<N>,
    applying: Applying,
  ) => Promise<z.input<Endpoints[N]["data"]>>,
) {
  type Listed = Asked<N> & { orderNoList: string[] };
  type Matching = Asked<N> & { expectedCount: number };
  const chosen = ep[name] as unknown as Parameters<typeof route>[0];
  const byFilter = ep[`${name}ByFilter`] as unknown as Parameters<typeof route>[0];
  return [
    ...route(chosen, (ctx) => {
      const { orderNoList, ...asked } = ctx.body as Listed;
      const { user } = signedIn(ctx);
      const rows = ordersByNumbers(companyScope(user), orderNoList);
      const origin = { actor: actorOf(user), source: "selection" } as const;
      return apply(rows, asked as unknown as Asked<N>, { lang: ctx.lang, origin });
    }),
    ...route(byFilter, (ctx) => {
      const { expectedCount, ...asked } = ctx.body as Matching;
      const filter = ctx.query as Partial<OrderFilter>;
      const { user } = signedIn(ctx);
      const rows = matchingExpected(companyScope(user), filter, expectedCount);
      const origin = { actor: actorOf(user), source: "filter" } as const;
      return apply(rows, asked as unknown as Asked<N>, {
        lang: ctx.lang,
        origin,
        listed: LISTED_REFUSALS,
      });
    }),
  ];
}

/** Sets one remark on every order, or none: a blank remark is refused for a detained order. */
async function setRemarks(
  rows: readonly OrderRow[],
  text: string,
  origin: ChangeOrigin,
): Promise<number> {
  const remark = text.trim();
  const detained = rows.find((row) => row.cbaStatus === OrderStatus.detained);
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
  await recordEvents(
    rows.map((row) => ({
      order: row,
      action: "remark" as const,
      from: row.cbaStatus,
      to: row.cbaStatus,
      text: remark,
    })),
    origin.actor,
    origin.source,
  );
  return rows.length;
}

/**
 * The status change of chosen or filtered orders: a detention needs a reason,
 * then every order moves or none does.
 */
async function changeStatus(
  rows: readonly OrderRow[],
  body: { cbaStatus: OrderStatusCode; reasonForDetention?: string | undefined },
  lang: Lang,
  origin: ChangeOrigin,
  listed?: number,
) {
  if (body.cbaStatus === OrderStatus.detained && (body.reasonForDetention ?? "").trim() === "") {
    throw new ApiError(ApiCode.invalidParameters, "reasonRequired");
  }
  const changed = await moveOrders(
    rows,
    body.cbaStatus,
    lang,
    origin,
    body.reasonForDetention,
    listed,
  );
  return { updated: changed.length, changed };
}

/** The order list's JSON pieces around its rows' kept bytes. */
const LIST_HEAD = Buffer.from('{"list":[');
const COMMA = Buffer.from(",");

/** One page of the order list as its data's text and bytes (the rows' are kept: orderViewJson). */
function orderListText(scope: CompanyScope, query: OrderListQuery, lang: Lang): DataText {
  const { rows, total, amountTotal } = queryOrders(scope, query, query);
  // The rows' texts and bytes are kept (orderViewJson); the same JSON as the data below.
  const views = rows.map((row) => orderViewJson(row, lang, scope));
  const { text: tail, bytes: tailBytes } = listTail(
    total,
    query.current,
    query.pageSize,
    amountTotal,
  );
  const bytes: Buffer[] = [LIST_HEAD];
  for (let index = 0; index < views.length; index += 1) {
    if (index > 0) bytes.push(COMMA);
    bytes.push((views[index] as (typeof views)[number]).bytes);
  }
  bytes.push(tailBytes);
  return new DataText(
    () => `{"list":[${views.map((view) => view.text).join(",")}${tail}`,
    () => ({
      list: rows.map((row) => orderView(row, lang, scope)),
      pagination: pagination(total, query.current, query.pageSize),
      amountTotal,
    }),
    bytes,
  );
}

type OrderListQuery = z.output<NonNullable<(typeof ep.orders)["query"]>>;

/**
 * The order list's text after its rows, and its bytes: the paging and the
 * sum, a function of four numbers, made again only when one of them
 * differs from the last call's (the order page asks the same page of the
 * same totals again and again; a write that changes a total or a sum makes
 * it again). One kept, read only.
 */
let lastTail: {
  total: number;
  current: number;
  pageSize: number;
  amountTotal: number;
  text: string;
  bytes: Buffer;
} | null = null;

function listTail(
  total: number,
  current: number,
  pageSize: number,
  amountTotal: number,
): { text: string; bytes: Buffer } {
  const last = lastTail;
  if (
    last !== null &&
    Object.is(last.total, total) &&
    Object.is(last.current, current) &&
    Object.is(last.pageSize, pageSize) &&
    Object.is(last.amountTotal, amountTotal)
  ) {
    return last;
  }
  const paging = pagination(total, current, pageSize);
  const text = `],"pagination":${JSON.stringify(paging)},"amountTotal":${JSON.stringify(amountTotal)}}`;
  lastTail = { total, current, pageSize, amountTotal, text, bytes: ownBytes(text) };
  return lastTail;
}

export const logisticsHandlers = [
  ...route(ep.services, (ctx) => {
    const { query, lang } = ctx;
    const scope = companyScope(signedIn(ctx).user);
    const needle = query.serviceNo?.toUpperCase();
    const rows = [...db.services.values()]
      .filter((row) => scope.allows(row.companyId))
      .filter((row) => needle === undefined || row.serviceNo.toUpperCase().includes(needle))
      .filter(
        (row) =>
          query.cbaStatus === undefined ||
          deriveStatus(serviceStatsOf(row.serviceNo)) === query.cbaStatus,
      )
      .sort((a, b) => b.createdOn - a.createdOn || (a.serviceNo < b.serviceNo ? 1 : -1));
    return pageOf(rows, query.current, query.pageSize, (row) => serviceView(row, lang));
  }),

  ...route(ep.salvers, (ctx) => {
    const { params, query, lang } = ctx;
    const service = db.services.get(canonicalNo(params.id));
    if (!service || !companyScope(signedIn(ctx).user).allows(service.companyId))
      throw new ApiError(ApiCode.notFound, "serviceNotFound", { no: params.id });
    const needle = query.salverNo === undefined ? undefined : canonicalNo(query.salverNo);
    const rows = (db.servicePallets.get(service.serviceNo) ?? [])
      .map((salverNo) => db.salvers.get(salverNo))
      .filter((row) => row !== undefined)
      .filter((row) => needle === undefined || row.salverNo.toUpperCase().includes(needle))
      .filter(
        (row) =>
          query.cbaStatus === undefined ||
          deriveStatus(palletStatsOf(row.salverNo)) === query.cbaStatus,
      )
      // By pallet number, ascending: the order the pallets are numbered in.
      .sort((a, b) => (a.salverNo < b.salverNo ? -1 : a.salverNo > b.salverNo ? 1 : 0));
    return pageOf(rows, query.current, query.pageSize, (row) => palletView(row, lang));
  }),

  ...route(ep.updateSalver, async (ctx) => {
    const { params, body, lang } = ctx;
    const pallet = db.salvers.get(canonicalNo(params.id));
    if (!pallet || !companyScope(signedIn(ctx).user).allows(pallet.companyId))
      throw new ApiError(ApiCode.notFound, "palletNotFound", { no: params.id });
    const row = await db.salvers.update(pallet.salverNo, (draft) => {
      draft.salverDirection = body.salverDirection;
    });
    return palletView(row, lang);
  }),

  ...warehousingHandler(ep.salverWarehousing),
  ...warehousingHandler(ep.orderWarehousing),

  ...route(ep.orders, (ctx) => {
    const { query, lang } = ctx;
    const scope = companyScope(signedIn(ctx).user);
    return orderListText(scope, query, lang);
  }),

  ...selectionRoutes("updateOrders", (rows, asked, { lang, origin, listed }) =>
    changeStatus(rows, asked, lang, origin, listed),
  ),

  ...selectionRoutes("orderRemarks", async (rows, { reasonForDetention }, { origin }) => ({
    updated: await setRemarks(rows, reasonForDetention, origin),
  })),

  ...route(ep.orderStatusCounts, (ctx) => {
    const scope = companyScope(signedIn(ctx).user);
    const { orderNoList } = ctx.body;
    return countStatuses(
      orderNoList.length > 0
        ? ordersByNumbers(scope, orderNoList)
        : queryOrders(scope, ctx.query).rows,
    );
  }),

  ...route(ep.orderHistory, (ctx) => {
    const scope = companyScope(signedIn(ctx).user);
    const [order] = ordersByNumbers(scope, [ctx.params.orderNo]);
    return order ? historyView(order.orderNo, scope) : [];
  }),

  ...route(ep.arrivalReport, (ctx) => {
    const { query } = ctx;
    const { rows, totals } = arrivalReport(companyScope(signedIn(ctx).user), query);
    const start = (query.current - 1) * query.pageSize;
    return {
      list: rows.slice(start, start + query.pageSize),
      pagination: pagination(rows.length, query.current, query.pageSize),
      totals,
    };
  }),

  ...route(ep.downloadArrivalReport, (ctx) => {
    const { query, lang } = ctx;
    const { rows, totals } = arrivalReport(companyScope(signedIn(ctx).user), query);
    return arrivalWorkbook(rows, totals, lang);
  }),
];
