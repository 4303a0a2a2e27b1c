import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOGISTICS_ROLES, REVIEW_ROLES } from "~/contract/index.ts";
import routes from "~/routes.ts";
import { canOpen, entryFor, menuPathOf } from "~/utils/permissions.ts";
import { resourcePage } from "~/utils/resource-paths.ts";
import {
  HOME_PAGES,
  MENU,
  type MenuItem,
  OPEN_SIGNED_IN_PAGES,
  PUBLIC_PAGES,
  REGISTER_PAGES,
  RESOURCES,
  STAFF,
} from "~/utils/site-map.ts";

const PAGES = [...PUBLIC_PAGES, ...REGISTER_PAGES, ...HOME_PAGES];
const menuPaths = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [item.path, ...(item.pages ?? []), ...menuPaths(item.children ?? [])]);

/** Every path of the route config, English copies included. */
function routePaths(): string[] {
  const paths: string[] = [];
  const visit = (
    entries: readonly { path?: string; index?: boolean; children?: unknown }[],
    base: string,
  ) => {
    for (const entry of entries) {
      const path = entry.path ? `${base}/${entry.path}` : base;
      if (entry.path || entry.index) paths.push(path || "/");
      if (Array.isArray(entry.children)) visit(entry.children, path);
    }
  };
  visit(routes, "");
  return paths;
}

describe("the one declaration of the portal's addresses", () => {
  it("names existing route modules", () => {
    for (const { file } of [...PAGES, ...RESOURCES]) {
      expect(existsSync(new URL(`../../app/${file}`, import.meta.url)), file).toBe(true);
    }
  });

  it("is what the route config serves, each page also under /en", () => {
    const served = routePaths();
    for (const { path } of PAGES) {
      expect(served, path).toContain(path);
      expect(served, path).toContain(path === "/" ? "/en" : `/en${path}`);
    }
    for (const { path } of RESOURCES) expect(served, path).toContain(path);
  });

  it("puts every menu entry and resource route on a declared home page", () => {
    const home = new Set(HOME_PAGES.map((page) => page.path));
    for (const path of menuPaths(MENU)) expect(home, path).toContain(path);
    for (const { page } of RESOURCES) if (page) expect(home, page).toContain(page);
  });

  it("gives every signed-in page exactly one rule: a menu entry, or open to every signed-in user", () => {
    for (const page of HOME_PAGES) {
      const ruled = entryFor(page.path) !== undefined;
      expect(ruled !== Boolean(page.openToEverySignedInUser), page.path).toBe(true);
    }
    expect(OPEN_SIGNED_IN_PAGES).toEqual(["/notifications"]);
  });

  it("rules the staff pages by the roles of the logistics calls", () => {
    expect(STAFF).toEqual(LOGISTICS_ROLES);
    expect(canOpen([...REVIEW_ROLES], "/order")).toBe(true);
    expect(canOpen([], "/order")).toBe(false);
  });

  it("keeps the menu entry of a page highlighted on the pages reached from it", () => {
    expect(menuPathOf("/order")).toBe("/server");
    expect(menuPathOf("/server/salver")).toBe("/server");
    expect(menuPathOf("/inventory_system/detail")).toBe("/inventory_system/detail");
    expect(menuPathOf("/notifications")).toBeUndefined();
    expect(entryFor("/notifications")).toBeUndefined();
  });

  it("gives a resource route the rule of its page", () => {
    expect(resourcePage(new Request("http://portal.test/order/download"))).toBe("/order");
    expect(resourcePage(new Request("http://portal.test/inventory/download/"))).toBe(
      "/inventory_system",
    );
    expect(() => resourcePage(new Request("http://portal.test/logout"))).toThrow();
  });
});
