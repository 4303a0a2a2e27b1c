import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales/resources.ts";
import { errorTitleKey, pageTitle, titleKeyOf } from "~/utils/page-title.ts";
import { drawnTitleOfRoute, TITLE_OF_ROUTE } from "~/utils/route-titles.ts";
import routes from "../../app/routes.ts";

async function translator(lng: "zh" | "en") {
  const instance = i18next.createInstance();
  await instance.init({ resources, lng, interpolation: { escapeValue: false } });
  return (key: string) => instance.t(key as never) as string;
}

interface RouteEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Route ids of every page (layouts and resource routes without a path of their own left out). */
function pageIds(entries: readonly RouteEntry[]): string[] {
  return entries.flatMap((entry) => {
    if (entry.children) return pageIds(entry.children);
    if (!entry.file.endsWith(".tsx")) return [];
    return [entry.id ?? entry.file.replace(/\.tsx?$/, "")];
  });
}

describe("page titles", () => {
  it("name the page and the product in the page's language", async () => {
    expect(pageTitle(await translator("zh"), titleKeyOf(["root", "routes/order/orders"]))).toBe(
      "订单管理 · 跨境电商保税物流平台",
    );
    expect(pageTitle(await translator("en"), titleKeyOf(["root", "routes/order/orders"]))).toBe(
      "Orders · Cross-Border Bonded Logistics Platform",
    );
    expect(pageTitle(await translator("en"), errorTitleKey(403))).toBe(
      "Access denied · Cross-Border Bonded Logistics Platform",
    );
  });

  it("of a page with texts of its own come from those texts", async () => {
    expect(titleKeyOf(["root", "routes/audit"])).toBe("audit.title");
    expect(pageTitle(await translator("zh"), titleKeyOf(["root", "routes/audit"]))).toBe(
      "操作记录 · 跨境电商保税物流平台",
    );
    expect(pageTitle(await translator("en"), titleKeyOf(["root", "routes/workbench"]))).toBe(
      "Workbench · Cross-Border Bonded Logistics Platform",
    );
  });

  it("reach the browser for every page it draws, not for those that only send the user on", () => {
    const drawn = drawnTitleOfRoute();
    expect(drawn.audit).toBe("audit.title");
    expect(drawn["order/orders"]).toBe("orders");
    expect(Object.keys(drawn)).not.toContain("setting/index");
    expect(Object.keys(drawn)).not.toContain("pc");
    expect(Object.keys(TITLE_OF_ROUTE)).toContain("pc");
  });

  it("exist for every page of the route table", () => {
    const ids = pageIds(routes as RouteEntry[]);
    expect(ids.length).toBeGreaterThan(30);
    const missing = ids.filter((id) => !titleKeyOf([id]));
    expect(missing).toEqual([]);
  });
});
