import type { Session } from "react-router";
import { SELECTION_PARAMS } from "~/utils/order-selection.ts";
import { isResourcePath } from "~/utils/resource-paths.ts";

/**
 * The longest return path kept in the session cookie: with the rest of the
 * session it must stay far below the browsers' 4 KB per cookie.
 */
export const MAX_RETURN_PATH = 1024;

/**
 * Where to return after login, bounded: the page with its query when it
 * fits, else without what does not (an order selection, then the whole
 * query), else nothing (the user's home page).
 */
export function returnPath(url: URL): string | null {
  const query = new URLSearchParams(url.search);
  const tries = [query.toString()];
  for (const name of SELECTION_PARAMS) query.delete(name);
  tries.push(query.toString(), "");
  for (const search of tries) {
    const path = search ? `${url.pathname}?${search}` : url.pathname;
    if (path.length <= MAX_RETURN_PATH) return path;
  }
  return null;
}

/**
 * Keeps where to return after the next sign-in in the session (a page, not a
 * resource route: those are posts and files, not places to land on).
 */
export function rememberReturn(session: Pick<Session, "set" | "unset">, url: URL): void {
  const back = isResourcePath(url.pathname) ? null : returnPath(url);
  if (back) session.set("redirectTo", back);
  else session.unset("redirectTo");
}
