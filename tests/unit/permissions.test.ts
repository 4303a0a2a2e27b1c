import { describe, expect, it } from "vitest";
import { canOpen, homePathFor, type MenuItem, menuFor, menuPathOf } from "~/utils/permissions.ts";

describe("roles", () => {
  it("shows a Guest only the qualification page", () => {
    expect(menuFor([]).map((item) => item.path)).toEqual(["/qualificat"]);
    expect(homePathFor([])).toBe("/qualificat");
    for (const path of [
      "/server",
      "/server/salver",
      "/order",
      "/inventory_system/detail",
      "/setting/center",
      "/explain",
      "/sub_account",
    ]) {
      expect(canOpen([], path)).toBe(false);
    }
    expect(canOpen([], "/qualificat")).toBe(true);
  });

  it("shows staff the whole menu with submenus", () => {
    for (const scope of [["CBA_MANAGER"], ["SYSTEM_ADMINISTRATOR"]] as const) {
      const menu = menuFor(scope);
      expect(menu.map((item) => item.path)).toEqual([
        "/workbench",
        "/server",
        "/inventory_system",
        "/audit",
        "/qualificat",
        "/setting",
        "/explain",
      ]);
      expect(menu.find((item) => item.path === "/setting")?.children?.map((c) => c.path)).toEqual([
        "/setting/center",
        "/setting/account",
        "/sub_account",
      ]);
      expect(homePathFor(scope)).toBe("/server");
      expect(canOpen(scope, "/order")).toBe(true);
      expect(canOpen(scope, "/workbench")).toBe(true);
    }
  });

  it("lands staff on the page they chose, and anybody else on their own home", () => {
    const manager = { scope: ["CBA_MANAGER"] as const, subAccount: true };
    expect(homePathFor({ ...manager, homePage: "workbench" })).toBe("/workbench");
    expect(homePathFor({ ...manager, homePage: "services" })).toBe("/server");
    expect(homePathFor(manager)).toBe("/server");
    // A choice kept from when the account had a role it lost opens nothing it may not open.
    expect(canOpen([], "/workbench")).toBe(false);
    expect(homePathFor({ scope: [], homePage: "workbench" })).toBe("/qualificat");
  });

  it("fails closed: a path that no rule covers is refused to everybody, the platform included", () => {
    for (const viewer of [[], ["CBA_MANAGER"], ["SYSTEM_ADMINISTRATOR", "CBA_MANAGER"]] as const) {
      expect(canOpen(viewer, "/serverless")).toBe(false);
      expect(canOpen(viewer, "/reports/new-page")).toBe(false);
    }
  });

  it("opens a page declared open to every signed-in user, and nothing beside it", () => {
    expect(canOpen([], "/notifications")).toBe(true);
    expect(canOpen([], "/notifications-admin")).toBe(false);
  });

  it("hides the sub-account page from a sub-account, whose page refuses it too", () => {
    const sub = { scope: ["CBA_MANAGER"] as const, subAccount: true };
    const setting = menuFor(sub).find((item) => item.path === "/setting");
    expect(setting?.children?.map((c) => c.path)).toEqual(["/setting/center", "/setting/account"]);
    expect(canOpen(sub, "/sub_account")).toBe(false);
    expect(canOpen(sub, "/setting/account")).toBe(true);
    // The audit log is open to sub-accounts: they see each order's history already.
    expect(canOpen(sub, "/audit")).toBe(true);
    expect(canOpen([], "/audit")).toBe(false);
    expect(canOpen({ scope: ["CBA_MANAGER"], subAccount: false }, "/sub_account")).toBe(true);
  });

  it("shows a menu item exactly when its page opens, for every kind of user", () => {
    const viewers = [
      [],
      ["CBA_MANAGER"],
      ["SYSTEM_ADMINISTRATOR"],
      { scope: ["CBA_MANAGER"], subAccount: true },
      { scope: [], subAccount: true },
    ] as const;
    const paths = (items: readonly MenuItem[]): string[] =>
      items.flatMap((item) => [item.path, ...paths(item.children ?? [])]);
    const everyPath = paths(menuFor(["SYSTEM_ADMINISTRATOR"]));
    for (const viewer of viewers) {
      const shown = new Set(paths(menuFor(viewer)));
      for (const path of everyPath) {
        expect(shown.has(path), `${JSON.stringify(viewer)} ${path}`).toBe(canOpen(viewer, path));
      }
    }
  });

  it("keeps each viewer's own menu: a main account's and a sub-account's of the same roles, in either order", () => {
    const main = { scope: ["CBA_MANAGER"] as const, subAccount: false };
    const sub = { scope: ["CBA_MANAGER"] as const, subAccount: true };
    const subAccounts = (viewer: typeof main | typeof sub) =>
      menuFor(viewer)
        .find((item) => item.path === "/setting")
        ?.children?.some((child) => child.path === "/sub_account");
    for (const order of [
      [main, sub],
      [sub, main],
    ] as const) {
      for (const viewer of order) expect(subAccounts(viewer)).toBe(viewer === main);
    }
    // Asked again, the same menu: kept, not made anew.
    expect(menuFor(["CBA_MANAGER"])).toBe(menuFor(["CBA_MANAGER"]));
    expect(menuFor(["CBA_MANAGER"])).not.toBe(menuFor(["SYSTEM_ADMINISTRATOR"]));
  });

  it("gives a page the most specific entry that covers it, the menu's first among equals", () => {
    expect(menuPathOf("/server/salver/order")).toBe("/server");
    expect(menuPathOf("/order")).toBe("/server");
    expect(menuPathOf("/setting/account")).toBe("/setting/account");
    expect(menuPathOf("/setting")).toBe("/setting");
    expect(menuPathOf("/sub_account/new")).toBe("/sub_account");
    expect(menuPathOf("/orders")).toBeUndefined();
    expect(menuPathOf("/nowhere")).toBeUndefined();
  });
});
