import { describe, expect, it } from "vitest";
import { canOpen, homePathFor, menuFor } from "~/utils/permissions.ts";

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
        "/server",
        "/inventory_system",
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
    }
  });

  it("lets anyone open pages outside the home layout", () => {
    expect(canOpen([], "/forge_password")).toBe(true);
    expect(canOpen([], "/serverless")).toBe(true);
  });
});
