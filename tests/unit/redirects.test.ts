import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { languageMiddleware } from "~/middleware/language.server.ts";
import { localRedirectTarget, safeReturnPath } from "~/utils/same-origin.server.ts";

/** The request URL as the Express adapter builds it: origin + the raw request target. */
function requestFor(rawTarget: string, cookie = "i18n_redirected=zh; lang=zh"): Request {
  return new Request(new URL(`http://127.0.0.1:3000${rawTarget}`), {
    headers: { Cookie: cookie, "Accept-Language": "zh-CN" },
  });
}

async function locationOf(rawTarget: string, cookie?: string): Promise<string | null> {
  const request = requestFor(rawTarget, cookie);
  const url = new URL(request.url);
  try {
    const response = await languageMiddleware(
      { request, url, params: {}, context: new RouterContextProvider(), pattern: "/*" } as never,
      async () => new Response("page"),
    );
    return (response as Response).headers.get("Location");
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
    throw thrown;
  }
}

/** Where a browser would go for a Location header sent by the portal. */
function browserTarget(location: string): URL {
  return new URL(location, "http://127.0.0.1:3000/some/page");
}

describe("redirect targets stay on the portal", () => {
  it.each([
    "//evil.test",
    "/\\evil.test",
    "///evil.test",
    "/\t/evil.test",
    "\\\\evil.test/x",
    " //evil.test",
    "https://evil.test/x",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,hi",
  ])("%j resolves to this origin", (value) => {
    const target = localRedirectTarget(value);
    expect(target.startsWith("/")).toBe(true);
    expect(target.startsWith("//")).toBe(false);
    expect(browserTarget(target).host).toBe("127.0.0.1:3000");
  });

  it("keeps ordinary paths, queries and hashes", () => {
    expect(localRedirectTarget("/order/?current=2#top")).toBe("/order/?current=2#top");
    expect(localRedirectTarget("//evil.test/?x=1")).toBe("/evil.test/?x=1");
    expect(localRedirectTarget("https://evil.test/x", "/en")).toBe("/en");
  });

  it("never returns another site from a form's return path", () => {
    for (const value of ["//evil.test", "/\\evil.test", "https://evil.test", "javascript:x"]) {
      expect(browserTarget(safeReturnPath(value)).host).toBe("127.0.0.1:3000");
    }
    expect(safeReturnPath("/order/?a=1")).toBe("/order/?a=1");
  });
});

describe("the trailing-slash and language redirects", () => {
  it.each([
    "//evil.test?x=1",
    "/\\evil.test?x=1",
    "///evil.test?x=1",
    "//evil.test/path?x=1",
    "/%2F/evil.test?x=1",
  ])("GET %s stays on the portal", async (raw) => {
    const location = await locationOf(raw);
    expect(location).not.toBeNull();
    expect(location?.startsWith("//")).toBe(false);
    expect(browserTarget(location ?? "").host).toBe("127.0.0.1:3000");
  });

  it("GET //evil.test?x=1 with lang=en goes to an English path of the portal", async () => {
    const location = await locationOf("//evil.test?x=1", "i18n_redirected=en; lang=en");
    expect(browserTarget(location ?? "").host).toBe("127.0.0.1:3000");
    expect(location?.startsWith("/en/")).toBe(true);
  });

  it("still adds the slash before a query on ordinary pages", async () => {
    expect(await locationOf("/order?current=2")).toBe("/order/?current=2");
  });
});
