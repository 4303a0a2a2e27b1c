/**
 * React Router's compiled route matcher (`future.unstable_routePatternMatching`,
 * built on `@remix-run/route-pattern`) against the regex matcher the portal
 * serves with, over the portal's own route table. The compiled matcher would
 * spare the server most of its matching work (docs/performance.md, "React
 * Router's compiled route matcher"), but React Router 8.4 misreads a path
 * that begins with an optional segment, and every page of the portal begins
 * with one (`en?`): the portal keeps the flag off
 * (docs/decisions/2026-11-27-compiled-route-matcher-stays-off.md).
 *
 * These tests pin down that the misreading is the only difference: when the
 * first one fails after an upgrade, the second says whether the two matchers
 * then agree everywhere for this table, which is what turning the flag on
 * needs.
 */
import fc from "fast-check";
import { createStaticHandler, type RouteObject, type StaticHandler } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import { describe, expect, it } from "vitest";
import routes from "~/routes.ts";
import { HOME_PAGES, NOT_FOUND_PAGE, PUBLIC_PAGES, REGISTER_PAGES } from "~/utils/site-map.ts";
import { runs } from "../properties/arbitraries.ts";
import {
  type ConfigEntry,
  generatedAddress,
  quietMalformedEscapeWarnings,
  SITE_ADDRESSES,
} from "../support/site-addresses.ts";

/** The route config as the build hands it to React Router: under the root route, ids by module. */
const matchable = (entries: readonly ConfigEntry[]): RouteObject[] =>
  entries.map(({ path, index, file, children }) =>
    index
      ? { id: file, path, index: true }
      : { id: file, path, children: children && matchable(children) },
  );
const ROUTES: RouteObject[] = [
  { id: "root", path: "", children: matchable(routes as ConfigEntry[]) },
];

/** The same table with each `en?…` page declared twice, as `…` and `en/…` (the English one's id marked). */
const ENGLISH = "#en";
const twice = (table: RouteObject[]): RouteObject[] =>
  table.flatMap((route): RouteObject[] => {
    const children = route.children && twice(route.children);
    const path = route.path ?? "";
    if (path !== "en?" && !path.startsWith("en?/")) return [{ ...route, children } as RouteObject];
    const rest = path.slice(4);
    return [
      { ...route, path: rest, children } as RouteObject,
      {
        ...route,
        id: `${route.id}${ENGLISH}`,
        path: rest ? `en/${rest}` : "en",
        children,
      } as RouteObject,
    ];
  });

unstable_preloadRoutePattern();
const COMPILED = { future: { unstable_routePatternMatching: true } };
const regex = createStaticHandler(ROUTES);
const compiled = createStaticHandler(ROUTES, COMPILED);
const compiledTwice = createStaticHandler(twice(ROUTES), COMPILED);

interface Matched {
  ids: string[];
  params: Record<string, string | undefined>;
}

/** The routes a GET of `path` runs, outermost first, and the params they see. */
async function matched(handler: StaticHandler, path: string): Promise<Matched> {
  // As a server builds a request's URL: the origin, then the path as it came.
  const context = await handler.query(new Request(`http://portal.local${path}`));
  if (context instanceof Response) throw new Error(`${path}: answered ${context.status}`);
  return {
    ids: context.matches.map((match) => match.route.id.replace(ENGLISH, "")),
    params: { ...context.matches.at(-1)?.params },
  };
}

/** Whether the deepest route of a match is a page declared with the optional language segment. */
const LANGUAGE_OPTIONAL = new Set(
  [...PUBLIC_PAGES, ...REGISTER_PAGES, ...HOME_PAGES].map((page) => page.file),
);
const isLanguageOptionalPage = (m: Matched) => LANGUAGE_OPTIONAL.has(m.ids.at(-1) ?? "");

const ADDRESSES = SITE_ADDRESSES;

/** The pathname a server sees of `path` (dot segments resolved). */
const pathnameOf = (path: string) => new URL(`http://portal.local${path}`).pathname;
/** A percent sign not followed by two hex digits. */
const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
/** Two slashes or more at the end: the regex matcher reads them as one. */
const SLASHES_AT_END = /\/\/$/;

/**
 * What the compiled matcher over the per-language table answers where the
 * regex matcher answered `expected`: the same, except an address ending in
 * two slashes or more (the not-found page) and one holding a malformed
 * percent escape (no route at all: React Router's own 404 from the root).
 */
function compiledAnswer(path: string, expected: Matched): Matched {
  const pathname = pathnameOf(path);
  if (MALFORMED_ESCAPE.test(pathname)) return { ids: ["root"], params: {} };
  if (SLASHES_AT_END.test(pathname) && expected.ids.at(-1) !== NOT_FOUND_PAGE.file) {
    return { ids: ["root", NOT_FOUND_PAGE.file], params: { "*": pathname.slice(1) } };
  }
  return expected;
}

describe("React Router's compiled route matcher over the portal's routes", () => {
  quietMalformedEscapeWarnings();
  it("does not find the pages, which begin with the optional language segment (why it stays off)", async () => {
    for (const path of ["/order/", "/en/order/", "/login", "/en"]) {
      expect((await matched(regex, path)).ids.at(-1), path).not.toBe(NOT_FOUND_PAGE.file);
      expect((await matched(compiled, path)).ids, path).toEqual(["root", NOT_FOUND_PAGE.file]);
    }
  });

  it("otherwise ranks the routes as the regex matcher does, but for two kinds of odd address", async () => {
    const agree = async (path: string) => {
      const expected = await matched(regex, path);
      const answer = compiledAnswer(path, expected);
      expect(await matched(compiledTwice, path), path).toEqual(answer);
      // The table as declared: the misreading is confined to the pages it concerns.
      const got = await matched(compiled, path);
      if (isLanguageOptionalPage(expected) || isLanguageOptionalPage(got)) return;
      expect(got, path).toEqual(answer);
    };
    for (const path of ADDRESSES) await agree(path);
    await fc.assert(fc.asyncProperty(generatedAddress, agree), runs(500));
  });

  it("answers the odd addresses differently from the regex matcher", async () => {
    expect((await matched(regex, "/order//")).ids.at(-1)).toBe("routes/order/orders.tsx");
    expect((await matched(compiledTwice, "/order//")).ids.at(-1)).toBe(NOT_FOUND_PAGE.file);
    expect((await matched(regex, "/order/%")).ids.at(-1)).toBe(NOT_FOUND_PAGE.file);
    expect((await matched(compiledTwice, "/order/%")).ids).toEqual(["root"]);
  });
});
