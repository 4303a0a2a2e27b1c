/**
 * Lists keep their state in the URL: `current`, `pageSize` and the filters
 * are query parameters, so a list can be bookmarked, shared and reloaded, and
 * back / forward work. Loaders read them here; links are built here too.
 *
 * Reading is forgiving: a value that does not parse (a hand-edited URL) is
 * dropped and its default used, never an error page.
 */
import { redirect } from "react-router";
import type { z } from "zod";
import type { Pagination } from "~/contract/index.ts";
import { RESULT_PARAM } from "~/utils/list-revalidation.ts";
import { hrefWithQuery } from "~/utils/locale-path.ts";

/** Page sizes of the shared paging bar (docs/product.md, Lists). */
export const PAGE_SIZES = [10, 20, 50, 100, 200, 300, 400, 500] as const;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;

export interface Paging {
  current: number;
  pageSize: number;
}

/** `current` (a positive integer, else 1) and `pageSize` (one of `sizes`, else the default). */
export function parsePaging(
  params: URLSearchParams,
  sizes: readonly number[] = PAGE_SIZES,
): Paging {
  const fallbackSize = sizes.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : (sizes[0] ?? 10);
  const current = Number(params.get("current"));
  const pageSize = Number(params.get("pageSize"));
  return {
    current: Number.isSafeInteger(current) && current >= 1 ? current : DEFAULT_PAGE,
    pageSize: sizes.includes(pageSize) ? pageSize : fallbackSize,
  };
}

/**
 * The filters of `schema` read from the query, field by field: blank values
 * are absent, values that fail their field's schema are dropped.
 */
export function parseFilters<Shape extends z.ZodRawShape>(
  params: URLSearchParams,
  schema: z.ZodObject<Shape>,
): Partial<z.output<z.ZodObject<Shape>>> {
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const parsed = field.safeParse(raw);
    if (parsed.success && parsed.data !== undefined) result[key] = parsed.data;
  }
  return result as Partial<z.output<z.ZodObject<Shape>>>;
}

/** A filter of the address that was not applied: its name and what it said (cut short). */
export interface IgnoredFilter {
  name: string;
  value: string;
}

/** The longest part of an ignored value shown back: the rest adds nothing. */
const IGNORED_VALUE_SHOWN = 40;

/**
 * The filters of the query that `parseFilters` drops (a status that does not
 * exist, a number too long): the list says which and shows the rest, instead
 * of quietly showing everything.
 */
export function ignoredFilters<Shape extends z.ZodRawShape>(
  params: URLSearchParams,
  schema: z.ZodObject<Shape>,
): IgnoredFilter[] {
  const ignored: IgnoredFilter[] = [];
  for (const [name, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const raw = params.get(name)?.trim();
    if (!raw || field.safeParse(raw).success) continue;
    const value = raw.length > IGNORED_VALUE_SHOWN ? `${raw.slice(0, IGNORED_VALUE_SHOWN)}…` : raw;
    ignored.push({ name, value });
  }
  return ignored;
}

export type QueryValue = string | number | null | undefined;

// `?done=<id>`, a change's result (./list-revalidation.ts, which the signed-in layout names).
export { RESULT_PARAM } from "~/utils/list-revalidation.ts";

/** The filters as query values (absent ones left out), for links and hidden inputs. */
export function filterEntries(filters: Record<string, QueryValue>): [string, string][] {
  return Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== null && String(value) !== "")
    .map(([key, value]) => [key, String(value)]);
}

/**
 * A link to the same list with some query values changed (`null` or `""`
 * removes one). The path ends in `/` whenever there is a query.
 */
export function listHref(
  pathname: string,
  params: URLSearchParams,
  changes: Record<string, QueryValue> = {},
): string {
  const next = new URLSearchParams(params);
  next.delete(RESULT_PARAM);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || String(value) === "") next.delete(key);
    else next.set(key, String(value));
  }
  // The default page is implied: `current=1` is left out of links.
  if (next.get("current") === String(DEFAULT_PAGE)) next.delete("current");
  return hrefWithQuery(pathname.endsWith("/") ? pathname.slice(0, -1) || "/" : pathname, next);
}

/** Number of the last page (at least 1). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Page numbers to offer around `current`: the first, the last and two on
 * each side, with `null` where pages are skipped: `[1, null, 4, 5, 6, 7, 8, null, 20]`.
 */
export function pageWindow(current: number, last: number, radius = 2): (number | null)[] {
  const pages = new Set<number>([1, last]);
  for (let page = current - radius; page <= current + radius; page++) {
    if (page >= 1 && page <= last) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, page] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) {
      // A gap of exactly one page shows that page instead of an ellipsis.
      result.push(page - previous === 2 ? page - 1 : null);
    }
    result.push(page);
  }
  return result;
}

/**
 * Without JavaScript a GET filter form sends every field, blank ones too
 * (`?serviceNo=&cbaStatus=4`). A list loader calls this first: a query with
 * blank values (or the implied `current=1`) is redirected to the same list
 * without them, so the URL only names the filters in use.
 */
export function redirectToTidyQuery(url: URL): void {
  const entries = [...url.searchParams];
  const kept = entries.filter(([, value]) => value.trim() !== "");
  if (kept.length === entries.length && url.searchParams.get("current") !== String(DEFAULT_PAGE))
    return;
  throw redirect(listHref(url.pathname, new URLSearchParams(kept)));
}

/**
 * Loads a page of a list; a page past the end (`current=9999`, or the last
 * page after its rows were filtered away) loads the last page instead, whose
 * number the answer's pagination carries to the paging bar.
 */
export async function loadClampedPage<Result>(
  paging: Paging,
  load: (paging: Paging) => Promise<Result>,
  paginationOf: (result: Result) => Pagination | null,
): Promise<Result> {
  const result = await load(paging);
  const pagination = paginationOf(result);
  if (!pagination || pagination.total === 0) return result;
  const last = lastPage(pagination.total, paging.pageSize);
  if (paging.current <= last) return result;
  return load({ ...paging, current: last });
}
