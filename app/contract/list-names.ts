/**
 * The lists whose settings an account keeps on the backend (saved views and
 * column choices). No zod here: the browser imports it for the table's
 * column menu, and zod stays off the first load.
 */
export const SAVED_VIEW_LISTS = [
  "orders",
  "services",
  "pallets",
  "inventory-detail",
  "arrival-report",
] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

export function isSavedViewList(value: unknown): value is SavedViewList {
  return typeof value === "string" && (SAVED_VIEW_LISTS as readonly string[]).includes(value);
}

/** At most this many views per account and list. */
export const MAX_SAVED_VIEWS = 20;
/** A view's name, trimmed: 1 to this many characters, unique per account and list (any case). */
export const VIEW_NAME_MAX = 40;
/** A view's saved query string, at most this long. */
export const VIEW_QUERY_MAX = 2000;
/** Columns a choice may name, each `[A-Za-z0-9_-]{1,40}`. */
export const MAX_HIDDEN_COLUMNS = 40;

/**
 * Query parameters a saved view never keeps, whatever the list: the page, a
 * selection, a change's result, a confirmation asked, opened rows, a form's
 * one-time key, the "no view" marker.
 */
export const TRANSIENT_QUERY_PARAMS = [
  "current",
  "sel",
  "all",
  "done",
  "op",
  "open",
  "index",
  "submissionKey",
  "view",
] as const;
