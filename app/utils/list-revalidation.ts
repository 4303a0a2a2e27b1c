/**
 * What in a list's address loads no data: the order list's selection
 * (`sel`, `all=1`) and a change's result (`done`), and the `shouldRevalidate`
 * built from them. Apart from the rest of the lists' and the selection's
 * helpers (./list-query.ts, ./order-selection.ts, which re-export these):
 * the signed-in layout names it (routes/layouts/home.tsx, its
 * `shouldRevalidate`), and the layout's module is in the first load of
 * every signed-in page.
 */

/** The chosen order numbers (comma separated), or `*<id>` of a selection kept on the server. */
export const SELECTION_PARAM = "sel";
/** The first character of a kept selection's id in `sel`. */
export const KEPT_SELECTION_MARK = "*";
/** `all=1`: every order matching the filters. */
export const ALL_MATCHING_PARAM = "all";
/** Query parameters that only record the selection: the list itself does not change. */
export const SELECTION_PARAMS = [SELECTION_PARAM, ALL_MATCHING_PARAM] as const;

/**
 * The id of a change's result in a page's address (`?done=<id>`, see
 * posted-result.server.ts): shown by the page the change redirected to, and
 * left out of every link built from that page, so it is shown once.
 */
export const RESULT_PARAM = "done";

const KEPT_ID = /^\*([\w-]{8,32})$/;

/** The id of the kept selection `sel` names, if it names one. */
export function keptSelectionId(params: URLSearchParams): string | null {
  const match = KEPT_ID.exec(params.get(SELECTION_PARAM)?.trim() ?? "");
  return match?.[1] ?? null;
}

/**
 * Whether two list URLs differ only in their selection written out (a kept
 * selection's numbers come from the loader), or in leaving a result behind.
 */
export function onlySelectionChanged(a: URL, b: URL): boolean {
  if (a.pathname.replace(/\/$/, "") !== b.pathname.replace(/\/$/, "")) return false;
  if (keptSelectionId(b.searchParams) || b.searchParams.has(RESULT_PARAM)) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of [...SELECTION_PARAMS, RESULT_PARAM]) params.delete(name);
    params.sort();
    return params.toString();
  };
  return strip(a) === strip(b);
}

/**
 * `shouldRevalidate` of the order list and the routes above it: choosing
 * orders changes only the selection in the URL, so no data is loaded again.
 */
export function keepDataOnSelection({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (!formMethod && onlySelectionChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}
