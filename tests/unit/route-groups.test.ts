/**
 * The server hands React Router only the group of routes an address could
 * reach (server/route-groups.ts). For every address, React Router must match
 * the same routes with the same params over the group as over the whole
 * table, for the address itself and for each of its parent addresses (the
 * page's handoff names the routes those match), a page's data request
 * (`.data`) as its page; and the groups must be small, or they spare nothing.
 */
import fc from "fast-check";
import {
  createStaticHandler,
  type RouteObject,
  type ServerBuild,
  type StaticHandler,
} from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes.ts";
import { routeGroups } from "../../server/route-groups.ts";
import { runs } from "../properties/arbitraries.ts";
import {
  type ConfigEntry,
  generatedAddress,
  quietMalformedEscapeWarnings,
  SITE_ADDRESSES,
} from "../support/site-addresses.ts";

type Entry = { id: string; parentId?: string; path?: string; index?: boolean };

/** The route manifest as the build hands it to React Router: the root route, then the config by module. */
const entries: Entry[] = [{ id: "root", path: "" }];
const add = (list: readonly ConfigEntry[], parentId: string) => {
  for (const { path, index, file, children } of list) {
    entries.push({ id: file, parentId, path, index });
    if (children) add(children, file);
  }
};
add(routes as ConfigEntry[], "root");
const manifest = Object.fromEntries(entries.map((entry) => [entry.id, entry]));
const build = {
  routes: manifest,
  assets: { routes: manifest },
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

/** The route tree React Router builds from a manifest's routes. */
const treeOf = (ids: readonly string[], parentId?: string): RouteObject[] =>
  entries
    .filter((entry) => entry.parentId === parentId && ids.includes(entry.id))
    .map(({ id, path, index }) =>
      index ? { id, path, index: true } : { id, path, children: treeOf(ids, id) },
    );
const ALL = entries.map((entry) => entry.id);
const whole = treeOf(ALL);

/** The tree of a group, made once per group. */
const trees = new Map<string, RouteObject[]>();
const groupTree = (ids: readonly string[]) => {
  const key = ids.join(",");
  let tree = trees.get(key);
  if (!tree) {
    tree = treeOf(ids);
    trees.set(key, tree);
  }
  return tree;
};

/** React Router's own matcher over a tree, as its static handler keeps it (branches ranked once). */
const handlers = new Map<RouteObject[], StaticHandler>();
const matched = (tree: RouteObject[], path: string) => {
  let handler = handlers.get(tree);
  if (!handler) {
    handler = createStaticHandler(tree);
    handlers.set(tree, handler);
  }
  return (
    handler
      .match(path)
      ?.map(({ route, params, pathname }) => ({ id: route.id, params, pathname })) ?? null
  );
};

/** The address and its parents, as React Router's partial manifest asks for them. */
function withParents(path: string): string[] {
  const segments = path.split("/").filter(Boolean);
  const paths = [path, "/"];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join("/")}`);
    segments.pop();
  }
  return paths;
}

const groups = routeGroups(build);

function agrees(path: string) {
  const pathname = new URL(`http://portal.local${path}`).pathname;
  const ids = groups.routeIdsFor(pathname);
  const group = groupTree(ids);
  for (const asked of withParents(pathname)) {
    expect(matched(group, asked), `${path}: ${asked}`).toEqual(matched(whole, asked));
  }
  // The page's data is asked for at `<page>.data` (`/_.data` for `/`) and matched as the page.
  for (const data of [
    `${pathname.replace(/\/$/, "")}.data`,
    `${pathname.replace(/\/$/, "")}/_.data`,
  ]) {
    const dataGroup = groupTree(groups.routeIdsFor(data));
    const page = data.endsWith("/_.data") ? data.slice(0, -"_.data".length) : data.slice(0, -5);
    for (const asked of withParents(page)) {
      expect(matched(dataGroup, asked), `${data}: ${asked}`).toEqual(matched(whole, asked));
    }
  }
}

const ADDRESSES = [...SITE_ADDRESSES, "/__manifest", "/_root"];

describe("the route groups the server hands React Router", () => {
  quietMalformedEscapeWarnings();

  it("match every address and its parents as the whole table does", () => {
    for (const path of ADDRESSES) agrees(path);
    fc.assert(fc.property(generatedAddress, agrees), runs(500));
  });

  it("hold a few routes for a page, the whole table for an address not read plainly", () => {
    const orders = groups.routeIdsFor("/order/");
    expect(orders).toContain("routes/order/orders.tsx");
    expect(orders.length).toBeLessThan(ALL.length / 4);
    expect(groups.routeIdsFor("/en/order/")).toEqual(orders);
    expect(groups.routeIdsFor("/order.data")).toEqual(orders);
    for (const path of ["/%6Frder/", "/order//", "/order/./", "/__manifest", "/订单"]) {
      expect(groups.routeIdsFor(path), path).toEqual(ALL);
    }
  });

  it("give addresses of one group one build, the whole build where the group is the whole table", () => {
    expect(groups.buildFor("/order/")).toBe(groups.buildFor("/EN/Order"));
    expect(groups.buildFor("/order/")).not.toBe(build);
    expect(groups.buildFor("/order/").routes).not.toHaveProperty("routes/workbench.tsx");
    expect(groups.buildFor("/__manifest")).toBe(build);
  });
});
