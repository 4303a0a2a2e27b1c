import { describe, expect, it } from "vitest";
import { isResourcePath, localeOfRequest } from "~/utils/resource-paths.ts";

const request = (url: string, headers: Record<string, string> = {}) =>
  new Request(url, { headers });
/** The language of a request whose normalized URL is its own (a document request). */
const localeOf = (url: string, headers: Record<string, string> = {}) =>
  localeOfRequest(request(url, headers), new URL(url));

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
    expect(localeOf(base, { Referer: "http://portal.test/en/order/?current=2" })).toBe("en");
    expect(localeOf(base, { Referer: "http://portal.test/order/" })).toBe("zh");
    // Another site's page says nothing; the lang cookie decides, else Chinese.
    expect(localeOf(base, { Referer: "http://evil.test/en/x", Cookie: "lang=en" })).toBe("en");
    expect(localeOf(base, { Referer: "http://evil.test/en/x" })).toBe("zh");
    expect(localeOf(base)).toBe("zh");
  });

  it("leave pages to their URL", () => {
    expect(localeOf("http://portal.test/en/order", { Cookie: "lang=zh" })).toBe("en");
    expect(localeOf("http://portal.test/order", { Referer: "http://portal.test/en" })).toBe("zh");
  });

  it("read a page's data request by the page's address, not the data request's", () => {
    // React Router fetches the data of /en as /en.data: the page is English.
    const dataRequest = request("http://portal.test/en.data");
    expect(localeOfRequest(dataRequest, new URL("http://portal.test/en"))).toBe("en");
    const orders = request("http://portal.test/en/order/_.data?current=2");
    expect(localeOfRequest(orders, new URL("http://portal.test/en/order/?current=2"))).toBe("en");
  });
});
