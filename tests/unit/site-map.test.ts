import { existsSync } from "node:fs";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { LOGISTICS_ROLES, REVIEW_ROLES, ROLES } from "~/contract/index.ts";
import routes from "~/routes.ts";
import { canOpen, entryFor, menuPathOf } from "~/utils/permissions.ts";
import { resourcePage } from "~/utils/resource-paths.ts";
import {
  HOME_LAYOUT,
  HOME_PAGES,
  MENU,
  type MenuItem,
  NOT_FOUND_PAGE,
  OPEN_SIGNED_IN_PAGES,
  PATHS,
  PUBLIC_PAGES,
  REGISTER_LAYOUT,
  REGISTER_PAGES,
  RESOURCES,
} from "~/utils/site-map.ts";

const PAGES = [...PUBLIC_PAGES, ...REGISTER_PAGES, ...HOME_PAGES];
const menuPaths = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [item.path, ...(item.pages ?? []), ...menuPaths(item.children ?? [])]);

type ConfigEntry = {
  path?: string;
  index?: boolean;
  file: string;
  children?: ConfigEntry[];
};

let routeCount = 0;
/** The route config as React Router's matcher takes it, each route carrying its module. */
const matchable = (entries: readonly ConfigEntry[]): RouteObject[] =>
  entries.map((entry) => {
    const common = { path: entry.path, id: String(routeCount++), handle: entry.file };
    return entry.index
      ? { ...common, index: true }
      : { ...common, children: entry.children && matchable(entry.children) };
  });
const ROUTES = matchable(routes as ConfigEntry[]);

/** The modules React Router runs for `path`, outermost first. */
const modulesFor = (path: string): string[] =>
  (matchRoutes(ROUTES, path) ?? []).map((match) => match.route.handle as string);

describe("the one declaration of the portal's addresses", () => {
  it("names existing route modules", () => {
    for (const { file } of [...PAGES, ...RESOURCES]) {
      expect(existsSync(new URL(`../../app/${file}`, import.meta.url)), file).toBe(true);
    }
  });

  it("is what React Router serves: each page in both languages behind its layout, resources once", () => {
    const english = (path: string) => (path === "/" ? "/en" : `/en${path}`);
    for (const [pages, layouts] of [
      [PUBLIC_PAGES, []],
      [REGISTER_PAGES, [REGISTER_LAYOUT]],
      // The home layout's middleware is the login and permission check of these pages.
      [HOME_PAGES, [HOME_LAYOUT]],
    ] as const) {
      for (const { path, file } of pages) {
        expect(modulesFor(path), path).toEqual([...layouts, file]);
        expect(modulesFor(english(path)), english(path)).toEqual([...layouts, file]);
        expect(modulesFor(`${path === "/" ? "" : path}/`), `${path}/`).toEqual([...layouts, file]);
      }
    }
    for (const { path, file } of RESOURCES) {
      expect(modulesFor(path), path).toEqual([file]);
      // Language-independent: the English prefix is an unknown address.
      expect(modulesFor(`/en${path}`), `/en${path}`).toEqual([NOT_FOUND_PAGE.file]);
    }
    expect(modulesFor("/no/such/page")).toEqual([NOT_FOUND_PAGE.file]);
    // The language is a whole first segment, and only one.
    expect(modulesFor("/en")).toEqual([PUBLIC_PAGES[0]?.file]);
    expect(modulesFor("/enx")).toEqual([NOT_FOUND_PAGE.file]);
    expect(modulesFor("/enx/order")).toEqual([NOT_FOUND_PAGE.file]);
    expect(modulesFor("/en/en/order")).toEqual([NOT_FOUND_PAGE.file]);
  });

  it("declares each page once, for both languages, so the route table stays small", () => {
    const files = (entries: readonly ConfigEntry[]): string[] =>
      entries.flatMap((entry) => [entry.file, ...files(entry.children ?? [])]);
    const declared = files(routes as ConfigEntry[]);
    expect(declared.length).toBe(new Set(declared).size);
    // The pages, their two layouts, the resource routes and the not-found page.
    expect(declared.length).toBe(PAGES.length + 2 + RESOURCES.length + 1);
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

  it("opens the staff pages to each role of the logistics calls, and to no other", () => {
    for (const role of ROLES) {
      expect(canOpen([role], PATHS.orders), role).toBe(LOGISTICS_ROLES.some((r) => r === role));
    }
    expect(canOpen([...REVIEW_ROLES], PATHS.services)).toBe(true);
    expect(canOpen([], PATHS.orders)).toBe(false);
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
