/** The manifest of one pallet: its orders, each with its waybill's barcode, and their totals. */
import type { RouterContextProvider } from "react-router";
import type { Order } from "~/contract/index.ts";
import { code128 } from "~/utils/barcode.server.ts";
import { formatChinaTime } from "~/utils/china-time.ts";
import { formatCount, formatMoney, formatWeight } from "~/utils/format.ts";
import { redirectToTidyQuery } from "~/utils/list-query.ts";
import { ORDER_STATUS_TONES, orderStatusKey } from "~/utils/logistics-status.ts";
import { apiContext, getLocale, getT } from "~/utils/request-context.server.ts";
import { findPallets, numberParam, palletNotFound } from "./pallet-labels.server.ts";
import type { ManifestRow } from "./pallet-paper.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The most orders a manifest lists: a pallet holds far fewer, and each row
 * carries a barcode. A pallet beyond it is refused with a message.
 */
export const MAX_MANIFEST_ORDERS = 1000;
/** The backend's largest page. */
const ORDER_PAGE = 1000;

/** An order's gross weight: the sum of its lines', in the backend's unit. */
export function grossWeightOf(order: Pick<Order, "subOrder">): number {
  return order.subOrder.reduce((sum, line) => sum + line.grossWeight, 0);
}

/**
 * The pallet's orders, every page of them (the order list's filter by
 * pallet, within the pallet's service); null when there are more than a
 * manifest lists. The filter matches partially: orders of another pallet
 * whose number contains this one are left out.
 */
async function ordersOf(context: Context, serviceNo: string, salverNo: string) {
  const api = context.get(apiContext);
  const orders: Order[] = [];
  for (let current = 1; ; current++) {
    const page = await api.call("orders", {
      query: { serviceNo, salverNo, current, pageSize: ORDER_PAGE, timeField: "createdOn" },
    });
    if (page.pagination.total > MAX_MANIFEST_ORDERS)
      return { orders: null, total: page.pagination.total };
    orders.push(...page.list);
    if (page.list.length === 0 || current * ORDER_PAGE >= page.pagination.total) break;
  }
  const mine = orders.filter((order) => order.salverNo.toUpperCase() === salverNo.toUpperCase());
  return { orders: mine, total: mine.length };
}

export async function loadManifest(context: Context, url: URL) {
  redirectToTidyQuery(url);
  const t = getT(context);
  const locale = getLocale(context);
  const serviceNo = numberParam(url.searchParams.get("serviceNo"));
  const salverNo = numberParam(url.searchParams.get("salverNo"));
  if (!salverNo) {
    return { pallet: null, notice: t("paper.labels.none"), serviceNo, rows: [], totals: null };
  }
  if (!serviceNo) {
    return { pallet: null, notice: t("paper.serviceRequired"), serviceNo, rows: [], totals: null };
  }
  const [found] = await findPallets(context, serviceNo, [salverNo]);
  if (!found) throw palletNotFound();
  const pallet = {
    salverNo: found.salverNo,
    serviceNo: found.serviceNo,
    position: found.salverDirection,
    barcode: code128(found.salverNo),
    printedAt: formatChinaTime({ seconds: Math.floor(Date.now() / 1000) }, "YYYY-MM-DD HH:mm"),
  };
  const { orders, total } = await ordersOf(context, pallet.serviceNo, pallet.salverNo);
  if (!orders) {
    const notice = t("paper.manifest.tooMany", {
      count: formatCount(total, locale),
      max: formatCount(MAX_MANIFEST_ORDERS, locale),
    });
    return { pallet, notice, serviceNo, rows: [], totals: null };
  }
  const rows = orders.map(
    (order): ManifestRow => ({
      orderNo: order.orderNo,
      logisticsNo: order.logisticsNo,
      barcode: order.logisticsNo ? code128(order.logisticsNo) : null,
      consignee: order.consignee,
      weight: formatWeight(grossWeightOf(order), locale),
      amount: formatMoney(order.acturalPaid, locale),
      status: {
        label: t(orderStatusKey(order.cbaStatus)),
        tone: ORDER_STATUS_TONES[order.cbaStatus],
      },
    }),
  );
  const totals = {
    orderCount: formatCount(orders.length, locale),
    weight: formatWeight(
      orders.reduce((sum, order) => sum + grossWeightOf(order), 0),
      locale,
    ),
    amountTotal: formatMoney(
      orders.reduce((sum, order) => sum + order.acturalPaid, 0),
      locale,
    ),
  };
  return {
    pallet,
    notice: rows.length === 0 ? t("paper.manifest.empty") : (null as string | null),
    serviceNo,
    rows,
    totals,
  };
}
