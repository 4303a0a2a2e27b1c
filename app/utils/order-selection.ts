/**
 * The selection of the order list lives in its URL, beside the filters and
 * the page: `sel` holds the chosen order numbers (comma separated), `all=1`
 * means every order matching the filters. Paging, page size and sorting keep
 * the query, so the selection survives them; a new filter starts without one.
 */
export const SELECTION_PARAM = "sel";
export const ALL_MATCHING_PARAM = "all";
/** Query parameters that only record the selection: the list itself does not change. */
export const SELECTION_PARAMS = [SELECTION_PARAM, ALL_MATCHING_PARAM] as const;

export interface OrderSelection {
  /** Chosen order numbers, in the order they were chosen. */
  orderNos: string[];
  /** Every order matching the filters, whatever `orderNos` says. */
  all: boolean;
}

export function parseSelection(params: URLSearchParams): OrderSelection {
  const orderNos = new Set<string>();
  for (const value of params.getAll(SELECTION_PARAM)) {
    for (const part of value.split(",")) {
      const orderNo = part.trim();
      if (orderNo !== "" && orderNo.length <= 64) orderNos.add(orderNo);
    }
  }
  return { orderNos: [...orderNos], all: params.get(ALL_MATCHING_PARAM) === "1" };
}

/** The `sel` value of a selection; null (left out of the URL) when empty. */
export function selectionValue(orderNos: Iterable<string>): string | null {
  const value = [...orderNos].join(",");
  return value === "" ? null : value;
}

/** The selection after the rows of one page were checked or unchecked. */
export function withPageChoice(
  selected: readonly string[],
  pageKeys: readonly string[],
  checked: ReadonlySet<string>,
): string[] {
  const page = new Set(pageKeys);
  const kept = selected.filter((orderNo) => !page.has(orderNo) || checked.has(orderNo));
  const known = new Set(kept);
  return [...kept, ...pageKeys.filter((key) => checked.has(key) && !known.has(key))];
}

/** Whether two list URLs differ only in their selection. */
export function onlySelectionChanged(a: URL, b: URL): boolean {
  if (a.pathname.replace(/\/$/, "") !== b.pathname.replace(/\/$/, "")) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of SELECTION_PARAMS) params.delete(name);
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
