/**
 * What each account keeps of its lists: saved views and chosen columns.
 * Everything is the caller's own, by user id: another account's view (of the
 * same company or not, the platform's too) answers as an unknown one.
 */
import { ApiCode } from "../../app/contract/envelope.ts";
import {
  listSettingsEndpoints as ep,
  MAX_SAVED_VIEWS,
  type SavedViewList,
  TRANSIENT_QUERY_PARAMS,
  VIEW_NAME_MAX,
  VIEW_QUERY_MAX,
} from "../../app/contract/list-settings.ts";
import { nowSeconds } from "../clock.ts";
import { db, nextSeq, type SavedViewRow, type UserRow } from "../db.ts";
import { ApiError } from "../errors.ts";
import { ts } from "../paging.ts";
import { route, signedIn } from "../route.ts";
import { randomId } from "../security.ts";

const PARAM_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const TRANSIENT = new Set<string>(TRANSIENT_QUERY_PARAMS);

const columnsKey = (userId: string, list: SavedViewList) => `${userId}:${list}`;

function viewsOf(user: UserRow, list: SavedViewList): SavedViewRow[] {
  return [...db.savedViews.values()]
    .filter((row) => row.userId === user.id && row.list === list)
    .sort((a, b) => a.seq - b.seq);
}

/** The caller's view of the list, or 40004 (another's answers the same). */
function ownView(user: UserRow, list: SavedViewList, id: string): SavedViewRow {
  const row = db.savedViews.get(id);
  if (!row || row.userId !== user.id || row.list !== list) {
    throw new ApiError(ApiCode.notFound, "unknownView");
  }
  return row;
}

function checkedName(
  user: UserRow,
  list: SavedViewList,
  raw: string,
  exceptId: string | null,
): string {
  const name = raw.trim();
  if (name.length < 1 || name.length > VIEW_NAME_MAX) {
    throw new ApiError(ApiCode.invalidParameters, "viewNameLength", { max: VIEW_NAME_MAX });
  }
  const folded = name.toLocaleLowerCase();
  const taken = viewsOf(user, list).some(
    (row) => row.id !== exceptId && row.name.toLocaleLowerCase() === folded,
  );
  if (taken) throw new ApiError(ApiCode.wrongStatus, "viewNameTaken", { name });
  return name;
}

/**
 * The query as kept: blank values, parameters of one moment (the page, a
 * selection, a result, a form's key) and names no list uses are dropped.
 */
function keptQuery(raw: string): string {
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(raw.replace(/^\?/, ""))) {
    if (TRANSIENT.has(name) || !PARAM_NAME.test(name) || value.trim() === "") continue;
    kept.append(name, value);
  }
  const query = kept.toString();
  if (query.length > VIEW_QUERY_MAX) {
    throw new ApiError(ApiCode.invalidParameters, "viewQueryTooLong", { max: VIEW_QUERY_MAX });
  }
  return query;
}

const dedupe = (columns: readonly string[]) => [...new Set(columns)];

function answer(row: SavedViewRow) {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    hiddenColumns: row.hiddenColumns,
    isDefault: row.isDefault,
    createdOn: ts(row.createdOn),
  };
}

/** One default per account and list: the others stop being it. */
async function clearDefault(user: UserRow, list: SavedViewList, exceptId: string): Promise<void> {
  const others = viewsOf(user, list)
    .filter((row) => row.isDefault && row.id !== exceptId)
    .map((row) => row.id);
  await db.savedViews.updateMany(others, (draft) => {
    draft.isDefault = false;
  });
}

/** Forgets everything an account kept of its lists (the account is deleted). */
export function forgetListSettings(userId: string): void {
  for (const row of [...db.savedViews.values()]) {
    if (row.userId === userId) db.savedViews.delete(row.id);
  }
  for (const key of [...db.listColumnsByUser.keys()]) {
    if (key.startsWith(`${userId}:`)) db.listColumnsByUser.delete(key);
  }
}

export const listSettingsHandlers = [
  ...route(ep.listSettings, (ctx) => {
    const { user } = signedIn(ctx);
    const { list } = ctx.params;
    return {
      views: viewsOf(user, list).map(answer),
      hiddenColumns: db.listColumnsByUser.get(columnsKey(user.id, list)) ?? null,
    };
  }),

  ...route(ep.saveListColumns, (ctx) => {
    const { user } = signedIn(ctx);
    const hiddenColumns = dedupe(ctx.body.hiddenColumns);
    db.listColumnsByUser.set(columnsKey(user.id, ctx.params.list), hiddenColumns);
    return { hiddenColumns };
  }),

  ...route(ep.createSavedView, async (ctx) => {
    const { user } = signedIn(ctx);
    const { list } = ctx.params;
    const name = checkedName(user, list, ctx.body.name, null);
    const query = keptQuery(ctx.body.query);
    if (viewsOf(user, list).length >= MAX_SAVED_VIEWS) {
      throw new ApiError(ApiCode.wrongStatus, "tooManyViews", { max: MAX_SAVED_VIEWS });
    }
    const row = await db.savedViews.insert({
      id: `v${randomId(8)}`,
      userId: user.id,
      list,
      name,
      query,
      hiddenColumns: ctx.body.hiddenColumns ? dedupe(ctx.body.hiddenColumns) : null,
      isDefault: ctx.body.isDefault === true,
      createdOn: nowSeconds(),
      seq: nextSeq(),
    });
    if (row.isDefault) await clearDefault(user, list, row.id);
    return answer(row);
  }),

  ...route(ep.updateSavedView, async (ctx) => {
    const { user } = signedIn(ctx);
    const { list, id } = ctx.params;
    const { body } = ctx;
    ownView(user, list, id);
    // Everything is checked before anything changes.
    const name = body.name === undefined ? undefined : checkedName(user, list, body.name, id);
    const query = body.query === undefined ? undefined : keptQuery(body.query);
    const row = await db.savedViews.update(id, (draft) => {
      if (name !== undefined) draft.name = name;
      if (query !== undefined) draft.query = query;
      if (body.hiddenColumns !== undefined) {
        draft.hiddenColumns = body.hiddenColumns ? dedupe(body.hiddenColumns) : null;
      }
      if (body.isDefault !== undefined) draft.isDefault = body.isDefault;
    });
    if (row.isDefault) await clearDefault(user, list, row.id);
    return answer(row);
  }),

  ...route(ep.deleteSavedView, (ctx) => {
    const { user } = signedIn(ctx);
    const { list, id } = ctx.params;
    ownView(user, list, id);
    db.savedViews.delete(id);
    return { id };
  }),
];
