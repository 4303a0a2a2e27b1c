/**
 * Saved views and chosen columns of a list, kept per account by the backend
 * (docs/decisions/2026-11-26-saved-views.md). The loader of a list calls
 * `loadListViews` first: it applies the default view to the bare list, tells
 * which view the page shows, and which columns to hide (the applied view's,
 * else the account's, else the old per-browser cookie's, taken over once).
 */
import { type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import type { CurrentUser, SavedView, SavedViewList } from "~/contract/index.ts";
import { accountReads, listSettingsRead } from "~/utils/account-reads.server.ts";
import { END_DATE, START_DATE } from "~/utils/date-range.ts";
import { DEFAULT_PAGE, listHref } from "~/utils/list-query.ts";
import { readResult } from "~/utils/posted-result.server.ts";
import { apiContext, userContext } from "~/utils/request-context.server.ts";
import { type ListViews, NO_VIEW, VIEW_PARAM, type ViewsNotice } from "~/utils/saved-views.ts";
import { newSubmissionKey } from "~/utils/submission-key.server.ts";
import { chosenColumns } from "~/utils/table-columns.ts";
import { arrivalFilterSchema, detailFilterSchema } from "~/validation/inventory.ts";
import {
  orderListFilterSchema,
  palletFilterSchema,
  serviceFilterSchema,
} from "~/validation/logistics.ts";

type Context = Readonly<RouterContextProvider>;

export const VIEWS_RESULT_KIND = "list-views";

const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);

/**
 * The parameters a view keeps of each list: its filter schema's fields (so a
 * filter added to the schema is kept with no change here), and the page size.
 */
const LIST_PARAMS: Record<SavedViewList, ReadonlySet<string>> = {
  orders: new Set([...keysOf(orderListFilterSchema), "pageSize"]),
  services: new Set([...keysOf(serviceFilterSchema), "pageSize"]),
  pallets: new Set([...keysOf(palletFilterSchema), "pageSize"]),
  "inventory-detail": new Set([...keysOf(detailFilterSchema), START_DATE, END_DATE, "pageSize"]),
  "arrival-report": new Set([...keysOf(arrivalFilterSchema), START_DATE, END_DATE, "pageSize"]),
};

/**
 * The query a view of `list` keeps of `params`: the list's own parameters
 * with a value, in the order of their names (so the same filters make the
 * same query, whatever order the address named them in).
 */
export function viewQueryOf(list: SavedViewList, params: URLSearchParams): string {
  const known = LIST_PARAMS[list];
  const kept = [...params].filter(([name, value]) => known.has(name) && value.trim() !== "");
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

/** The view the page at `params` shows: the first whose query is the page's. */
export function appliedView<V extends { query: string }>(
  list: SavedViewList,
  views: readonly V[],
  params: URLSearchParams,
): V | null {
  const query = viewQueryOf(list, params);
  return views.find((view) => view.query === query) ?? null;
}

/** An address with a query that names nothing (`?current=1`, a blank filter form). */
function namesNothing(params: URLSearchParams): boolean {
  return [...params].every(
    ([name, value]) =>
      value.trim() === "" || (name === "current" && value === String(DEFAULT_PAGE)),
  );
}

/** The account's settings of `list`; null when the backend could not answer. */
export async function listSettingsOf(context: Context, list: SavedViewList) {
  const answer = await context.get(apiContext).attempt("listSettings", { params: { list } });
  return answer.ok ? answer.data : null;
}

/**
 * The account's settings of `list` for a page of the list: kept between
 * pages until a change (app/utils/account-reads.server.ts). Actions read
 * them from the backend (`listSettingsOf`).
 */
async function shownListSettings(context: Context, list: SavedViewList) {
  return accountReads.read(await accountOf(context), listSettingsRead(list), () =>
    listSettingsOf(context, list),
  );
}

/**
 * The account signed in for this request, once the backend named it and
 * allowed the page: a value read before is never kept under an account.
 */
async function accountOf(context: Context): Promise<string | undefined> {
  let user: Promise<CurrentUser>;
  try {
    user = context.get(userContext);
  } catch {
    return undefined;
  }
  return (await user).username;
}

/** The columns shown at `params`: the applied view's, else the account's (null: the defaults). */
export function shownColumns(
  list: SavedViewList,
  settings: { views: readonly SavedView[]; hiddenColumns: string[] | null },
  params: URLSearchParams,
): string[] | null {
  return appliedView(list, settings.views, params)?.hiddenColumns ?? settings.hiddenColumns;
}

/**
 * The views of `list` for the page at `url`, and the columns it hides.
 * Throws the redirect to the default view when the address has no query at
 * all, and the redirect to `view=none` when it has one that names nothing
 * (an explicit "no filters" stays so, it is not taken for the bare list).
 */
export async function loadListViews(
  context: Context,
  request: Request,
  url: URL,
  list: SavedViewList,
): Promise<{ views: ListViews; hiddenColumns: string[] | null }> {
  const [settings, result] = await Promise.all([
    shownListSettings(context, list),
    readResult<ViewsNotice>(context, VIEWS_RESULT_KIND, url),
  ]);
  const cookieColumns = chosenColumns(request, list);
  if (!settings) {
    return {
      views: {
        list,
        views: [],
        ...(result ? { notice: result.value } : {}),
        submissionKey: newSubmissionKey(),
        unavailable: true,
      },
      hiddenColumns: cookieColumns,
    };
  }
  const defaultView = settings.views.find((view) => view.isDefault);
  if (defaultView) {
    if (url.search === "" && defaultView.query !== "") {
      throw redirect(listHref(url.pathname, new URLSearchParams(defaultView.query)));
    }
    if (url.search !== "" && namesNothing(url.searchParams)) {
      throw redirect(listHref(url.pathname, new URLSearchParams({ [VIEW_PARAM]: NO_VIEW })));
    }
  }
  let accountColumns = settings.hiddenColumns;
  // Columns chosen in this browser before they were kept per account: taken over once.
  if (accountColumns === null && cookieColumns !== null) {
    const saved = await context
      .get(apiContext)
      .attempt("saveListColumns", { params: { list }, body: { hiddenColumns: cookieColumns } });
    accountColumns = saved.ok ? saved.data.hiddenColumns : cookieColumns;
  }
  const applied = appliedView(list, settings.views, url.searchParams);
  return {
    views: {
      list,
      views: settings.views.map(({ id, name, isDefault, query }) => ({
        id,
        name,
        isDefault,
        query,
      })),
      // No view applied, no default, no notice (most pages): left out (`ListViews`).
      ...(applied ? { appliedId: applied.id } : {}),
      ...(defaultView ? { hasDefault: true as const } : {}),
      ...(result ? { notice: result.value } : {}),
      submissionKey: newSubmissionKey(),
    },
    hiddenColumns: applied?.hiddenColumns ?? accountColumns,
  };
}
