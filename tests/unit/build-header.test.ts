/**
 * The browser's `fetch` once the entry wrapped it (app/utils/build-header.ts):
 * a `.data` request of the page's origin names the page's build, whatever
 * form React Router or a page gives the request in; every other request
 * passes as it was made.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BUILD_HEADER, sendBuildWithDataRequests } from "~/utils/build-header.ts";

const ORIGIN = "http://portal.test";
const BUILD = "a3321bfb";

let sent: { input: RequestInfo | URL; init?: RequestInit }[] = [];

beforeEach(() => {
  sent = [];
  const page = {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ input, init });
      return new Response(null);
    },
  };
  vi.stubGlobal("window", page);
  vi.stubGlobal("location", new URL(`${ORIGIN}/order/?current=2`));
  sendBuildWithDataRequests(BUILD);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The build the last request named, as the server reads its headers. */
function namedBuild(): string | null {
  const last = sent.at(-1);
  if (!last) throw new Error("nothing sent");
  const headers = new Headers(
    last.init?.headers ?? (last.input instanceof Request ? last.input.headers : undefined),
  );
  return headers.get(BUILD_HEADER);
}

describe("the page's fetch, wrapped", () => {
  it("names the build on React Router's `.data` requests, keeping their own init", async () => {
    const signal = new AbortController().signal;
    await window.fetch(new URL(`${ORIGIN}/order/_.data?current=3&_routes=a`), { signal });
    expect(namedBuild()).toBe(BUILD);
    expect(sent[0]?.init?.signal).toBe(signal);

    const body = new FormData();
    body.set("intent", "detain");
    await window.fetch(`${ORIGIN}/order/_.data?index`, {
      method: "POST",
      body,
      headers: { "Content-Type": "text/plain" },
    });
    expect(namedBuild()).toBe(BUILD);
    expect(sent[1]?.init?.method).toBe("POST");
    expect(sent[1]?.init?.body).toBe(body);
    expect(new Headers(sent[1]?.init?.headers).get("Content-Type")).toBe("text/plain");
  });

  it("names it on a `.data` request given as a path or as a Request, keeping its headers", async () => {
    await window.fetch("/en/order.data");
    expect(namedBuild()).toBe(BUILD);
    await window.fetch(new Request(`${ORIGIN}/order/_.data`, { headers: { Accept: "x/y" } }));
    expect(namedBuild()).toBe(BUILD);
    expect(new Headers(sent[1]?.init?.headers).get("Accept")).toBe("x/y");
  });

  it("keeps the method, body and signal of a Request given without init", async () => {
    const controller = new AbortController();
    const input = new Request(`${ORIGIN}/order/_.data?index`, {
      method: "POST",
      body: "intent=detain",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      signal: controller.signal,
    });
    await window.fetch(input);
    const last = sent.at(-1);
    if (!last || !(last.input instanceof Request)) throw new Error("no Request sent");
    // What fetch makes of what it was given.
    const made = new Request(last.input, last.init);
    expect(made.method).toBe("POST");
    expect(await made.text()).toBe("intent=detain");
    expect(made.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(made.headers.get(BUILD_HEADER)).toBe(BUILD);
    controller.abort();
    expect(made.signal.aborted).toBe(true);
  });

  it("passes every other request as it was made", async () => {
    const init = { headers: { Accept: "application/json" } };
    for (const input of [
      "/assets/shell.js",
      `${ORIGIN}/order/`,
      `${ORIGIN}/order/?file=a.data`,
      "https://elsewhere.test/order/_.data",
    ]) {
      await window.fetch(input, init);
      expect(sent.at(-1)).toEqual({ input, init });
    }
  });

  it("passes an address it cannot read to fetch, which answers it as before (never throws itself)", async () => {
    // `fetch` rejects what it cannot read; the wrapper must not throw before it does.
    const input = "http://[not-a-host/_.data";
    expect(() => window.fetch(input)).not.toThrow();
    expect(sent.at(-1)).toEqual({ input, init: undefined });
  });
});
