/**
 * Many links of one list that differ in one parameter (a page's pallet links,
 * its page links): only list pages load this.
 */
import { DEFAULT_PAGE, listHref, type QueryValue } from "~/utils/list-query.ts";
import { hrefWithSearch } from "~/utils/locale-path.ts";

/**
 * `listHref(pathname, params, { ...changes, [name]: value })` for many values
 * of one parameter (a page's pallet links, its page links): the rest of the
 * query is worked out once, and each value added to its end as
 * `URLSearchParams` writes it. When the query already has `name` (whose
 * place a new value takes), each link is made whole.
 */
export function listHrefsBy(
  pathname: string,
  params: URLSearchParams,
  name: string,
  changes: Record<string, QueryValue> = {},
): (value: QueryValue) => string {
  const whole = (value: QueryValue) => listHref(pathname, params, { ...changes, [name]: value });
  if (params.has(name) || name in changes) return whole;
  const without = listHref(pathname, params, changes);
  const [path = without, query] = without.split("?", 2);
  const safeName = FORM_SAFE.test(name);
  return (value) => {
    if (value === undefined || value === null || String(value) === "") return without;
    const text = String(value);
    if (name === "current" && text === String(DEFAULT_PAGE)) return without;
    const pair =
      safeName && FORM_SAFE.test(text)
        ? `${name}=${text}`
        : new URLSearchParams([[name, text]]).toString();
    return query ? `${without}&${pair}` : hrefWithSearch(path, pair);
  };
}

/**
 * What `URLSearchParams` writes as it is (application/x-www-form-urlencoded):
 * a pair of such a name and value is written without making one (a page's
 * pallet numbers and page numbers are).
 */
const FORM_SAFE = /^[A-Za-z0-9*._-]*$/;
