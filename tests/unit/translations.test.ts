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
