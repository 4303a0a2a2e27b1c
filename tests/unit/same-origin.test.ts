import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { setLocale } from "~/middleware/locale.server.ts";
import { requestBodyMiddleware } from "~/middleware/request-body.server.ts";
import { assertSameOrigin } from "~/utils/same-origin.server.ts";

function post(path: string, headers: Record<string, string>): Request {
  return new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    headers: {
      Host: "portal.test",
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: "lang=zh",
  });
}

function statusOf(request: Request): number {
  try {
    assertSameOrigin(request);
    return 200;
  } catch (thrown) {
    return (thrown as { init?: ResponseInit }).init?.status ?? 500;
  }
}

describe("same-origin check", () => {
  it("accepts the portal's own pages and clients that send no origin at all", () => {
    expect(statusOf(post("/logout", { Origin: "https://portal.test" }))).toBe(200);
    expect(statusOf(post("/logout", {}))).toBe(200);
    expect(statusOf(post("/logout", { "Sec-Fetch-Site": "same-origin" }))).toBe(200);
  });

  it("refuses other sites, Origin: null, and unreadable origins", () => {
    expect(statusOf(post("/logout", { Origin: "https://evil.test" }))).toBe(403);
    expect(statusOf(post("/logout", { Origin: "null" }))).toBe(403);
    expect(statusOf(post("/logout", { Origin: "::not a url::" }))).toBe(403);
  });

  it("refuses a cross-site post that sends no Origin", () => {
    expect(statusOf(post("/logout", { "Sec-Fetch-Site": "cross-site" }))).toBe(403);
    expect(statusOf(post("/logout", { "Sec-Fetch-Site": "same-site" }))).toBe(403);
  });

  it("checks the Referer when there is no Origin", () => {
    expect(statusOf(post("/logout", { Referer: "https://evil.test/page" }))).toBe(403);
    expect(statusOf(post("/logout", { Referer: "https://portal.test.evil.test/" }))).toBe(403);
    expect(statusOf(post("/logout", { Referer: "not a url" }))).toBe(403);
    expect(statusOf(post("/logout", { Referer: "https://portal.test/order/?sel=1" }))).toBe(200);
    expect(statusOf(post("/logout", { Referer: "http://portal.test/" }))).toBe(200);
    // Origin, when sent, decides.
    expect(
      statusOf(post("/logout", { Origin: "https://portal.test", Referer: "https://evil.test/" })),
    ).toBe(200);
  });

  it("ignores X-Forwarded-Host unless TRUST_PROXY is set", () => {
    expect(
      statusOf(post("/logout", { Origin: "https://evil.test", "X-Forwarded-Host": "evil.test" })),
    ).toBe(403);
  });
});

describe("page actions", () => {
  async function run(request: Request): Promise<number> {
    const args = {
      request,
      url: new URL(request.url),
      params: {},
      context: new RouterContextProvider(),
      pattern: "/*",
    } as never;
    try {
      setLocale(args);
      const response = await requestBodyMiddleware(args, async () => new Response("ok"));
      return (response as Response).status;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.status;
      return (thrown as { init?: ResponseInit }).init?.status ?? 500;
    }
  }

  it("refuses a cross-site post to a page or resource route before its action runs", async () => {
    expect(await run(post("/order", { "Sec-Fetch-Site": "cross-site" }))).toBe(403);
    expect(await run(post("/en/order", { Origin: "null" }))).toBe(403);
    expect(await run(post("/notice/read", { Origin: "https://evil.test" }))).toBe(403);
    expect(await run(post("/login", { Referer: "https://evil.test/login" }))).toBe(403);
    expect(await run(post("/order", { Origin: "https://portal.test" }))).toBe(200);
  });
});
