import { describe, expect, it } from "vitest";
import { resources } from "~/locales/resources.ts";

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

function valuesOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Object.values(value as object).flatMap(valuesOf);
}

describe("translations", () => {
  it("have the same keys in every language", () => {
    expect(keysOf(resources.en).sort()).toEqual(keysOf(resources.zh).sort());
  });

  it("have no empty text", () => {
    for (const locale of Object.values(resources)) {
      for (const text of valuesOf(locale)) expect(text.trim()).not.toBe("");
    }
  });

  it("are Chinese in zh and not in en", () => {
    expect(resources.zh.translation.auth.wrongCredentials).toBe("用户名或密码错误");
    for (const text of valuesOf(resources.en)) expect(text).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe("status labels", () => {
  // The codes' meanings of docs/product.md, Status codes, pinned code by code: the
  // journeys read their expectations from these files, so a swap of two
  // labels would pass them.
  it("services and pallets: codes 1 to 7", () => {
    expect(resources.zh.translation.logistics.palletStatus).toEqual({
      "1": "初始状态",
      "2": "清关部分完成",
      "3": "清关完成",
      "4": "部分扣留",
      "5": "全部扣留",
      "6": "已入库",
      "7": "部分入库",
    });
    expect(resources.en.translation.logistics.palletStatus).toEqual({
      "1": "Initial",
      "2": "Clearance partly completed",
      "3": "Clearance completed",
      "4": "Partly detained",
      "5": "Fully detained",
      "6": "In stock",
      "7": "Partly in stock",
    });
  });

  it("orders: codes 1 to 4", () => {
    expect(resources.zh.translation.logistics.orderStatus).toEqual({
      "1": "初始状态",
      "2": "扣留",
      "3": "已出库",
      "4": "已入库",
    });
    expect(resources.en.translation.logistics.orderStatus).toEqual({
      "1": "Initial",
      "2": "Detained",
      "3": "Stocked out",
      "4": "Stocked in",
    });
  });
});
