import { describe, expect, it } from "vitest";
import { isResourcePath, localeOfRequest } from "~/utils/resource-paths.ts";

const request = (url: string, headers: Record<string, string> = {}) =>
  new Request(url, { headers });

describe("resource routes", () => {
  it("are recognised with or without a trailing slash or locale prefix", () => {
    expect(isResourcePath("/order/download")).toBe(true);
    expect(isResourcePath("/captcha/")).toBe(true);
    expect(isResourcePath("/en/inventory/download")).toBe(true);
    expect(isResourcePath("/order")).toBe(false);
    expect(isResourcePath("/")).toBe(false);
  });

  it("answer in the language of the page that called them", () => {
    const base = "http://portal.test/order/download";
    expect(
      localeOfRequest(request(base, { Referer: "http://portal.test/en/order/?current=2" })),
    ).toBe("en");
    expect(localeOfRequest(request(base, { Referer: "http://portal.test/order/" }))).toBe("zh");
    // Another site's page says nothing; the lang cookie decides, else Chinese.
    expect(
      localeOfRequest(request(base, { Referer: "http://evil.test/en/x", Cookie: "lang=en" })),
    ).toBe("en");
    expect(localeOfRequest(request(base, { Referer: "http://evil.test/en/x" }))).toBe("zh");
    expect(localeOfRequest(request(base))).toBe("zh");
  });

  it("leave pages to their URL", () => {
    expect(localeOfRequest(request("http://portal.test/en/order", { Cookie: "lang=zh" }))).toBe(
      "en",
    );
    expect(
      localeOfRequest(request("http://portal.test/order", { Referer: "http://portal.test/en" })),
    ).toBe("zh");
  });
});
