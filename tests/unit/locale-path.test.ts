import { describe, expect, it } from "vitest";
import {
  hrefWithQuery,
  localeFromAcceptLanguage,
  localeOfPath,
  localizePath,
  stripLocale,
} from "~/utils/locale-path.ts";

describe("locale paths", () => {
  it("reads the locale from the first segment only", () => {
    expect(localeOfPath("/")).toBe("zh");
    expect(localeOfPath("/en")).toBe("en");
    expect(localeOfPath("/en/order")).toBe("en");
    expect(localeOfPath("/english")).toBe("zh");
    expect(localeOfPath("/order/en")).toBe("zh");
  });

  it("moves a path between locales", () => {
    expect(localizePath("/order", "en")).toBe("/en/order");
    expect(localizePath("/", "en")).toBe("/en");
    expect(localizePath("/en/order", "zh")).toBe("/order");
    expect(localizePath("/en", "zh")).toBe("/");
    expect(localizePath("/en/order", "en")).toBe("/en/order");
    expect(stripLocale("/en/server/salver")).toBe("/server/salver");
  });

  it("builds links with a query on a path ending in a slash", () => {
    expect(hrefWithQuery("/order", { current: 2, pageSize: 20, orderNo: "" })).toBe(
      "/order/?current=2&pageSize=20",
    );
    expect(hrefWithQuery("/order/", new URLSearchParams("a=1"))).toBe("/order/?a=1");
    expect(hrefWithQuery("/order", {})).toBe("/order");
  });

  it("picks en or zh from Accept-Language by quality", () => {
    expect(localeFromAcceptLanguage(null)).toBe("zh");
    expect(localeFromAcceptLanguage("en-US,en;q=0.9")).toBe("en");
    expect(localeFromAcceptLanguage("zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh");
    expect(localeFromAcceptLanguage("fr-FR,en;q=0.5,zh;q=0.7")).toBe("zh");
    expect(localeFromAcceptLanguage("de,fr")).toBe("zh");
    expect(localeFromAcceptLanguage("en;q=0, zh;q=0.1")).toBe("zh");
    expect(localeFromAcceptLanguage("en_US")).toBe("en");
    expect(localeFromAcceptLanguage("zh;q=0.5, EN-gb;Q=0.8")).toBe("en");
    // A weight that is no RFC 9110 qvalue drops its range; the first of equal weights wins.
    expect(localeFromAcceptLanguage("en;q=0.9x, zh;q=0.5")).toBe("zh");
    expect(localeFromAcceptLanguage("en;q=1.5, zh;q=0.5")).toBe("zh");
    expect(localeFromAcceptLanguage("en;q=, zh;q=0.1")).toBe("zh");
    expect(localeFromAcceptLanguage("en;q=0.5, zh;q=0.500")).toBe("en");
  });
});
