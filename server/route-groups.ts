/**
 * React Router's request handler over a part of the route table: the routes
 * an address could reach, chosen by its first segments before React Router
 * sees it (docs/decisions/2026-11-27-route-groups.md).
 *
 * React Router matches an address by walking its ranked branches, compiling
 * a regular expression for each route of each branch it tries, twice before
 * a page's first loader runs (its request handler's match and its query's),
 * and the page's render rebuilds a route object for every route of the
 * table. The portal's table holds 47 routes in some ninety branches (each
 * page answers with and without `/en`); what `/order/` could reach is five of
 * those routes. A handler made once for each group of routes walks only those.
 *
 * The group of an address holds every route that could match it or one of
 * its parent addresses (the page's handoff names the routes of those too),
 * so React Router answers it as it would over the whole table: a route is
 * left out only when one of its first two segments is a fixed word that the
 * address's segment is not. An address this does not read plainly (an
 * escape, a dot, two slashes in a row, any character but letters, digits,
 * `_` and `-`) and the route manifest's requests go to the whole table.
 */
import type { ServerBuild } from "react-router";

type Routes = ServerBuild["routes"];

/** A segment of the address: a fixed word of the table, another word, or none. */
const OTHER = "\u0000other";
const NONE = "\u0000none";

/** The segments of a route's path, with and without each optional one (`en?/order`: `en/order`, `order`). */
function explode(segments: string[]): string[][] {
  const [first, ...rest] = segments;
  if (first === undefined) return [[]];
  const tails = explode(rest);
  if (!first.endsWith("?")) return tails.map((tail) => [first, ...tail]);
  const required = first.slice(0, -1);
  return tails.flatMap((tail) => [[required, ...tail], tail]);
}

/** The full path of each route (its ancestors' joined), as segment lists; `null` for a layout without a path. */
function patternsOf(routes: Routes): Map<string, string[][] | null> {
  const full = new Map<string, string[] | null>();
  const pathOf = (id: string): string[] | null => {
    const known = full.get(id);
    if (known !== undefined) return known;
    const route = routes[id];
    if (!route) return [];
    const parent = route.parentId ? (pathOf(route.parentId) ?? []) : [];
    const own = (route.path ?? "").split("/").filter(Boolean);
    const path = route.path === undefined && !route.index ? null : [...parent, ...own];
    full.set(id, path);
    return path;
  };
  const patterns = new Map<string, string[][] | null>();
  for (const id of Object.keys(routes)) {
    const path = pathOf(id);
    patterns.set(id, path && explode(path));
  }
  return patterns;
}

/** Whether a route's pattern could match an address whose first two segments are `key`. */
function mayMatch(pattern: string[], key: [string, string]): boolean {
  for (let i = 0; i < 2; i++) {
    const segment = pattern[i];
    const word = key[i] as string;
    if (segment === undefined) return word === NONE;
    if (segment === "*") return true;
    if (word === NONE) return false;
    if (segment.startsWith(":")) continue;
    if (word === OTHER || segment.toLowerCase() !== word) return false;
  }
  return true;
}

export interface RouteGroups {
  /** The build to answer `pathname` with (the whole one, or one over a group of its routes). */
  buildFor(pathname: string): ServerBuild;
  /** The route ids the build for `pathname` holds (all of them for the whole build). */
  routeIdsFor(pathname: string): string[];
}

export function routeGroups(build: ServerBuild): RouteGroups {
  const { routes } = build;
  const patterns = patternsOf(routes);
  const words = [new Set<string>(), new Set<string>()];
  for (const list of patterns.values())
    for (const pattern of list ?? [])
      for (let i = 0; i < 2; i++) {
        const segment = pattern[i];
        if (segment && segment !== "*" && !segment.startsWith(":"))
          words[i]?.add(segment.toLowerCase());
      }
  const manifestPath = build.routeDiscovery?.manifestPath ?? "/__manifest";
  const everything = Object.keys(routes);

  /** The ids of the routes that could match an address of `key` or one of its parents, with their ancestors. */
  const idsFor = (key: [string, string]): string[] => {
    const keys: [string, string][] = [key, [key[0], NONE], [NONE, NONE]];
    const chosen = new Set<string>();
    for (const [id, list] of patterns) {
      if (!list?.some((pattern) => keys.some((k) => mayMatch(pattern, k)))) continue;
      for (let at: string | undefined = id; at && !chosen.has(at); at = routes[at]?.parentId)
        chosen.add(at);
    }
    return everything.filter((id) => chosen.has(id));
  };

  const builds = new Map<string, ServerBuild>();
  const byKey = new Map<string, { ids: string[]; build: ServerBuild }>();
  const groupOf = (key: [string, string]) => {
    const name = key.join("/");
    let group = byKey.get(name);
    if (!group) {
      const ids = idsFor(key);
      const signature = ids.join(",");
      let grouped = builds.get(signature);
      if (!grouped) {
        grouped =
          ids.length === everything.length
            ? build
            : {
                ...build,
                routes: Object.fromEntries(ids.map((id) => [id, routes[id]])) as Routes,
                assets: {
                  ...build.assets,
                  routes: Object.fromEntries(
                    ids.flatMap((id) => {
                      const route = build.assets.routes[id];
                      return route ? [[id, route]] : [];
                    }),
                  ),
                },
              };
        builds.set(signature, grouped);
      }
      group = { ids, build: grouped };
      byKey.set(name, group);
    }
    return group;
  };

  /** The first two segments of a plain address, as the groups know them; `null` for any other address. */
  const keyOf = (pathname: string): [string, string] | null => {
    let path = pathname;
    // A page's data (`/order.data`, `/_.data` for `/`): React Router matches the page's address.
    if (path.endsWith("/_.data")) path = path.slice(0, -"_.data".length);
    else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
    if (path === manifestPath || !PLAIN.test(path) || path.includes("//")) return null;
    const segments = path.split("/").filter(Boolean);
    const word = (i: number): string => {
      const segment = segments[i];
      if (segment === undefined) return NONE;
      const lower = segment.toLowerCase();
      return words[i]?.has(lower) ? lower : OTHER;
    };
    return [word(0), word(1)];
  };

  return {
    buildFor(pathname) {
      const key = keyOf(pathname);
      return key ? groupOf(key).build : build;
    },
    routeIdsFor(pathname) {
      const key = keyOf(pathname);
      return key ? groupOf(key).ids : everything;
    },
  };
}

/** A path of letters, digits, `_`, `-` and slashes: read by React Router exactly as written. */
const PLAIN = /^\/[A-Za-z0-9_\-/]*$/;
