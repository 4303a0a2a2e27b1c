/**
 * Stock in/out details: the orders of one status (a tab; stocked in by
 * default), filtered by pallet, order and a date range on the time that
 * matters for that status. The download takes the same query.
 */
import type { RouterContextProvider } from "react-router";
import type { Order, OrderFilter, OrderStatusCode, Pagination } from "~/contract/index.ts";
import { formatChinaTime } from "~/utils/china-time.ts";
import {
  chinaToday,
  type DateRange,
  parseDateRange,
  type RangeErrorKey,
  rangeToSeconds,
} from "~/utils/date-range.ts";
import { formatCount, formatMoney } from "~/utils/format.ts";
import {
  loadClampedPage,
  parseFilters,
  parsePaging,
  redirectToTidyQuery,
} from "~/utils/list-query.ts";
import { apiContext, getLocale } from "~/utils/request-context.server.ts";
import {
  DEFAULT_DETAIL_STATUS,
  DETAIL_TABS,
  detailFilterSchema,
  detailTimeField,
} from "~/validation/inventory.ts";

type Context = Readonly<RouterContextProvider>;

export interface DetailRow {
  orderNo: string;
  logisticsNo: string;
  salverNo: string;
  serviceNo: string;
  consignee: string;
  amount: string;
  /** The time of the tab's status (stocked in, stocked out, or created). */
  time: string;
}

export interface DetailQuery {
  status: OrderStatusCode;
  salverNo?: string;
  orderNo?: string;
  /** The range that applies (none when it is wrong). */
  range: DateRange;
  /** The range as typed, shown again in the form. */
  rangeInput: DateRange;
  /** Translation key of a wrong date range; the list is not asked for then. */
  rangeError: RangeErrorKey | null;
  /** The query of `orders` and `downloadOrders` (without paging). */
  filter: OrderFilter;
}

/** Reads the details query: the tab (stocked in unless another status is named), filters, range. */
export function parseDetailQuery(params: URLSearchParams): DetailQuery {
  const { cbaStatus, salverNo, orderNo } = parseFilters(params, detailFilterSchema);
  const status = cbaStatus ?? DEFAULT_DETAIL_STATUS;
  const parsed = parseDateRange(params);
  const range = parsed.ok ? parsed.range : {};
  const timeField = detailTimeField(status);
  return {
    status,
    salverNo,
    orderNo,
    range,
    rangeInput: parsed.input,
    rangeError: parsed.ok ? null : parsed.error,
    filter: { cbaStatus: [status], salverNo, orderNo, timeField, ...rangeToSeconds(range) },
  };
}

function detailRow(order: Order, status: OrderStatusCode, context: Context): DetailRow {
  const locale = getLocale(context);
  const field = detailTimeField(status);
  return {
    orderNo: order.orderNo,
    logisticsNo: order.logisticsNo ?? "",
    salverNo: order.salverNo,
    serviceNo: order.serviceNo,
    consignee: order.consignee,
    amount: formatMoney(order.acturalPaid, locale),
    time: formatChinaTime(order[field]),
  };
}

export async function loadDetails(context: Context, url: URL) {
  redirectToTidyQuery(url);
  const locale = getLocale(context);
  const paging = parsePaging(url.searchParams);
  const query = parseDetailQuery(url.searchParams);
  const { status, salverNo, orderNo, rangeError } = query;
  const base = {
    status,
    filters: { salverNo, orderNo },
    // As typed: a wrong range is shown again beside its message.
    range: query.rangeInput,
    rangeError,
    today: chinaToday(),
  };
  const failed = (error: string) => ({
    ...base,
    tabCounts: null as Record<OrderStatusCode, string> | null,
    list: [] as DetailRow[],
    pagination: { total: 0, ...paging } as Pagination,
    totals: { orderCount: formatCount(0, locale), amountTotal: formatMoney(0, locale) },
    error,
  });
  if (rangeError) return failed(rangeError);
  const api = context.get(apiContext);
  const result = await loadClampedPage(
    paging,
    (page) => api.attempt("orders", { query: { ...page, ...query.filter } }),
    (answer) => (answer.ok ? answer.data.pagination : null),
  );
  if (!result.ok) return failed(result.message);
  return {
    ...base,
    tabCounts: await countTabs(context, url.searchParams, status, result.data.pagination.total),
    list: result.data.list.map((order) => detailRow(order, status, context)),
    pagination: result.data.pagination,
    totals: {
      orderCount: formatCount(result.data.pagination.total, locale),
      amountTotal: formatMoney(result.data.amountTotal, locale),
    },
    error: null as string | null,
  };
}

/**
 * How many orders each tab holds under the same filters (each tab's range on
 * its own time field); the open tab's count comes from its list.
 */
async function countTabs(
  context: Context,
  params: URLSearchParams,
  open: OrderStatusCode,
  openTotal: number,
): Promise<Record<OrderStatusCode, string> | null> {
  const locale = getLocale(context);
  const api = context.get(apiContext);
  const totals = await Promise.all(
    DETAIL_TABS.map(async (code) => {
      if (code === open) return [code, openTotal] as const;
      const tabParams = new URLSearchParams(params);
      tabParams.set("cbaStatus", String(code));
      const { filter } = parseDetailQuery(tabParams);
      const result = await api.attempt("orders", { query: { current: 1, pageSize: 1, ...filter } });
      return [code, result.ok ? result.data.pagination.total : null] as const;
    }),
  );
  if (totals.some(([, total]) => total === null)) return null;
  return Object.fromEntries(
    totals.map(([code, total]) => [code, formatCount(total, locale)]),
  ) as Record<OrderStatusCode, string>;
}
