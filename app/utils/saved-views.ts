/**
 * Saved views of a list (docs/decisions/2026-11-26-saved-views.md): what the
 * page and the views control share. A view is applied by a link to the list
 * with its query; the list without any query applies the account's default
 * view, so "no view at all" is named in the address by `view=none`.
 */
import type { SavedViewList } from "~/contract/list-names.ts";

export const SAVED_VIEWS_PATH = "/saved-views";
export const VIEW_PARAM = "view";
export const NO_VIEW = "none";

/** One view as the control shows it. */
export interface ViewEntry {
  id: string;
  name: string;
  isDefault: boolean;
  /** The view's query, without `?`. */
  query: string;
}

/** A notice of the views control: what the last change did, or why it was refused. */
export interface ViewsNotice {
  kind: "success" | "error";
  message: string;
}

/**
 * What a list's loader gives its views control. The fields that are empty
 * on most pages (no view applied, no default, no notice, the settings read)
 * are left out of the page's data then, not sent as `null` or `false`: the
 * control reads a missing one as none.
 */
export interface ListViews {
  list: SavedViewList;
  views: ViewEntry[];
  /** The view whose query is the page's (the one applied), if any. */
  appliedId?: string;
  /** The account has a default view of this list: "no filters" is `view=none`. */
  hasDefault?: true;
  notice?: ViewsNotice;
  submissionKey: string;
  /** The settings could not be read: the control offers nothing to change. */
  unavailable?: true;
}

/** The query that stands for "no filters" in a list with a default view. */
export const NO_VIEW_QUERY: Readonly<Record<string, string>> = { [VIEW_PARAM]: NO_VIEW };
