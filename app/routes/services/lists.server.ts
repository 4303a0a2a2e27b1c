/** Data of the service and pallet lists, shaped for display in the page's language. */
import type { RouterContextProvider } from "react-router";
import type { StatusView } from "~/components/status-badge.tsx";
import type { Pagination, Pallet, Service } from "~/contract/index.ts";
import { formatCount, formatDimensions, formatMoney, formatWeight } from "~/utils/format.ts";
import {
  loadClampedPage,
  parseFilters,
  parsePaging,
  redirectToTidyQuery,
} from "~/utils/list-query.ts";
import { PALLET_STATUS_TONES, palletStatusKey } from "~/utils/logistics-status.ts";
import { apiContext, getLocale, getT } from "~/utils/request-context.server.ts";
import { palletFilterSchema, serviceFilterSchema } from "~/validation/logistics.ts";

type Context = Readonly<RouterContextProvider>;

export interface ServiceRow {
  serviceNo: string;
  name: string;
  salverTotal: string;
  ordersTotal: string;
  amount: string;
  status: StatusView;
}

export interface PalletRow {
  salverNo: string;
  name: string;
  size: string;
  weight: string;
  salverDirection: string;
  ordersTotal: string;
  amount: string;
  status: StatusView;
}

function emptyList<Row>(paging: { current: number; pageSize: number }, error: string) {
  return { list: [] as Row[], pagination: { total: 0, ...paging } as Pagination, error };
}

function statusOf(context: Context, code: Service["cbaStatus"]): StatusView {
  return { label: getT(context)(palletStatusKey(code)), tone: PALLET_STATUS_TONES[code] };
}

export async function loadServices(context: Context, url: URL) {
  redirectToTidyQuery(url);
  const locale = getLocale(context);
  const paging = parsePaging(url.searchParams);
  const filters = parseFilters(url.searchParams, serviceFilterSchema);
  const api = context.get(apiContext);
  const result = await loadClampedPage(
    paging,
    (page) => api.attempt("services", { query: { ...page, ...filters } }),
    (answer) => (answer.ok ? answer.data.pagination : null),
  );
  if (!result.ok) return { filters, ...emptyList<ServiceRow>(paging, result.message) };
  return {
    filters,
    list: result.data.list.map(
      (service): ServiceRow => ({
        serviceNo: service.serviceNo,
        name: service.name,
        salverTotal: formatCount(service.salverTotal, locale),
        ordersTotal: formatCount(service.ordersTotal, locale),
        amount: formatMoney(service.amount, locale),
        status: statusOf(context, service.cbaStatus),
      }),
    ),
    pagination: result.data.pagination,
    error: null as string | null,
  };
}

export async function loadPallets(context: Context, url: URL) {
  redirectToTidyQuery(url);
  const locale = getLocale(context);
  const paging = parsePaging(url.searchParams);
  const filters = parseFilters(url.searchParams, palletFilterSchema);
  const { serviceNo } = filters;
  if (!serviceNo) {
    return {
      filters,
      ...emptyList<PalletRow>(paging, getT(context)("logistics.pallet.serviceRequired")),
    };
  }
  // An unknown service answers 40004, shown in the table: the number came from a link or the address bar.
  const api = context.get(apiContext);
  const result = await loadClampedPage(
    paging,
    (page) =>
      api.attempt("salvers", {
        params: { id: serviceNo },
        query: { ...page, cbaStatus: filters.cbaStatus, salverNo: filters.salverNo },
      }),
    (answer) => (answer.ok ? answer.data.pagination : null),
  );
  if (!result.ok) return { filters, ...emptyList<PalletRow>(paging, result.message) };
  return {
    filters,
    list: result.data.list.map(
      (pallet: Pallet): PalletRow => ({
        salverNo: pallet.salverNo,
        name: pallet.name,
        size: formatDimensions(pallet.width, pallet.length, pallet.height, locale),
        weight: formatWeight(pallet.weight, locale),
        salverDirection: pallet.salverDirection,
        ordersTotal: formatCount(pallet.ordersTotal, locale),
        amount: formatMoney(pallet.amount, locale),
        status: statusOf(context, pallet.cbaStatus),
      }),
    ),
    pagination: result.data.pagination,
    error: null as string | null,
  };
}
