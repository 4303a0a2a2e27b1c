/**
 * The fake backend's own dispatch (`matchCall` of its api.ts) picks the
 * handler msw's `getResponse` would pick among all the handlers, with the
 * same path parameters, whether the path is one of those looked up (a
 * handler's path without parameters) or searched.
 */
import fc from "fast-check";
import { type HttpHandler, matchRequestUrl } from "msw";
import { describe, expect, it } from "vitest";
import { handlers, matchCall } from "../../mocks/api.ts";

const ORIGIN = "http://127.0.0.1:3001";

/** The first handler msw accepts, trying every handler in order, and its parameters. */
async function mswChoice(method: string, url: URL) {
  const request = new Request(url, { method });
  for (const handler of handlers) {
    if (await handler.test({ request })) {
      return { handler, params: matchRequestUrl(url, String(handler.info.path)).params };
    }
  }
  return undefined;
}

async function expectSameChoice(method: string, url: URL) {
  const expected = await mswChoice(method, url);
  const actual = matchCall(method, url);
  expect(actual?.handler, `${method} ${url.pathname}`).toBe(expected?.handler);
  if (expected) expect(actual?.params).toEqual(expected.params);
}

/** A handler's path with its parameters filled in. */
function filled(handler: HttpHandler, values: string[]): string {
  let index = 0;
  return String(handler.info.path)
    .slice(1)
    .replace(/:\w+/g, () => values[index++ % values.length] ?? "x");
}

const segment = fc.oneof(
  fc.webSegment().filter((value) => value !== ""),
  fc.constantFrom("1", "abc", "a%20b", "x.y", "%E4%B8%AD", "order", "views", "%2F"),
);

describe("the fake backend's dispatch", () => {
  it("picks msw's handler and parameters for every handler's own path", async () => {
    for (const handler of handlers) {
      const method = String(handler.info.method);
      await expectSameChoice(method, new URL(filled(handler, ["7", "a b"]), ORIGIN));
    }
  });

  it("picks msw's parameters for a path reached at other origins, in any order", async () => {
    // A path without parameters is matched once and kept per origin: each keeps its own.
    const origins = [ORIGIN, "http://localhost:3001", "https://api.example.test", ORIGIN];
    for (let index = 0; index < 12; index += 1) origins.push(`http://host${index}.test`);
    for (const origin of [...origins, ...origins.reverse()]) {
      await expectSameChoice("GET", new URL("/api/v1/account/account-info", origin));
      await expectSameChoice("get", new URL("/api/v1/cba/order?current=1", origin));
      await expectSameChoice("POST", new URL("/api/v1/cba/order", origin));
    }
  });

  it("picks msw's handler for paths made from the handlers' paths, and for others", async () => {
    const methods = fc.constantFrom("GET", "POST", "PUT", "DELETE", "get", "PATCH");
    const fromHandler = fc
      .record({
        index: fc.nat({ max: handlers.length - 1 }),
        values: fc.array(segment, { minLength: 1, maxLength: 3 }),
        method: methods,
        upper: fc.boolean(),
        extra: fc.option(segment, { nil: undefined }),
      })
      .map(({ index, values, method, upper, extra }) => {
        const handler = handlers[index] as HttpHandler;
        let path = filled(handler, values);
        if (upper) path = path.toUpperCase();
        if (extra) path = `${path}/${extra}`;
        return { method, path };
      });
    const anyPath = fc
      .record({ method: methods, parts: fc.array(segment, { maxLength: 4 }) })
      .map(({ method, parts }) => ({ method, path: `/api/v1/${parts.join("/")}` }));
    const origin = fc.constantFrom(ORIGIN, "http://backend.internal", "https://[::1]:8443");
    await fc.assert(
      fc.asyncProperty(fc.oneof(fromHandler, anyPath), origin, async ({ method, path }, at) => {
        await expectSameChoice(method, new URL(path, at));
      }),
      { numRuns: 300 },
    );
  });
});
