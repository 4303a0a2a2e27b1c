/**
 * The workbench's data: the backend's figures of the caller's company (the
 * platform's: every company, or the one its filter names), shaped for the
 * page in its language, with each action's link to the list that shows it.
 */
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import {
  isPlatform,
  OrderStatus,
  PALLET_SERVICES_SHOWN,
  PalletStatus,
  type WorkbenchData,
} from "~/contract/index.ts";
import { formatChinaDate } from "~/utils/china-time.ts";
import { companyNameIn } from "~/utils/company-name.ts";
import { parseFilters } from "~/utils/list-query.ts";
import { hrefWithQuery, localizePath } from "~/utils/locale-path.ts";
import { apiContext, getLocale, getUser } from "~/utils/request-context.server.ts";
import { PATHS } from "~/utils/site-map.ts";

type Context = Readonly<RouterContextProvider>;

/** The platform's company filter, in the address. */
export const workbenchFilterSchema = z.object({
  companyId: z.string().trim().min(1).max(64).optional(),
});

export type ActionKey =
  | "detainedOrders"
  | "stalledOrders"
  | "partlyDetainedPallets"
  | "pendingReviews"
  | "unreadNotices";

export interface ActionView {
  key: ActionKey;
  count: number;
  /** The list that shows them; null where the list is per service (`services`). */
  href: string | null;
  /** Partly detained pallets: the pallet list of each service holding some. */
  services?: { serviceNo: string; pallets: number; href: string }[];
}

export async function loadWorkbench(context: Context, url: URL) {
  const locale = getLocale(context);
  const platform = isPlatform((await getUser(context)).scope);
  // Only the platform chooses a company; anyone else sees its own.
  const { companyId } = platform ? parseFilters(url.searchParams, workbenchFilterSchema) : {};
  const data: WorkbenchData = await context
    .get(apiContext)
    .call("workbench", { query: { companyId } });
  const link = (path: string, query?: Record<string, string | number>) =>
    hrefWithQuery(localizePath(path, locale), query);
  const { actions } = data;
  const list: ActionView[] = [
    {
      key: "detainedOrders",
      count: actions.detainedOrders,
      href: link(PATHS.orders, { cbaStatus: OrderStatus.detained }),
    },
    {
      key: "stalledOrders",
      count: actions.stalledOrders,
      // The order list filters by status, not by stock-in date: the oldest stocked in come first.
      href: link(PATHS.orders, {
        cbaStatus: OrderStatus.stockedIn,
        sortField: "enterCbaTime",
        sortOrder: "asc",
      }),
    },
    {
      key: "partlyDetainedPallets",
      count: actions.partlyDetainedPallets,
      // The pallet list shows one service's pallets: one link per service.
      href: null,
      services: actions.partlyDetainedByService.map((row) => ({
        ...row,
        href: link(PATHS.pallets, {
          serviceNo: row.serviceNo,
          cbaStatus: PalletStatus.partlyDetained,
        }),
      })),
    },
  ];
  if (actions.pendingReviews !== null) {
    list.push({
      key: "pendingReviews",
      count: actions.pendingReviews,
      href: link(PATHS.qualification, { state: "pending" }),
    });
  }
  list.push({
    key: "unreadNotices",
    count: actions.unreadNotices,
    href: link(PATHS.notifications),
  });
  return {
    companyId: data.companyId,
    companies: data.companies.map((row) => ({
      id: row.id,
      name: companyNameIn(locale, row),
    })),
    platform,
    actions: list,
    stalledBefore: formatChinaDate(actions.stalledBefore),
    /** Whether more services hold partly detained pallets than are named. */
    moreServices: actions.partlyDetainedByService.length >= PALLET_SERVICES_SHOWN,
    counts: data.counts,
    trend: data.trend,
  };
}

export type WorkbenchView = Awaited<ReturnType<typeof loadWorkbench>>;
