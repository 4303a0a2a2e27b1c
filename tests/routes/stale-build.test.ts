/**
 * A browser whose code is of another build than the server's names its
 * build on its `.data` requests (app/utils/build-header.ts): the root
 * middleware answers it with a reload of the whole document, before the
 * session, the user's check, the loader or the action run; every other
 * request is answered as before. Run through the portal's own middleware
 * (./harness.ts) on the order route, against the in-process fake backend.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OrderStatus } from "~/contract/index.ts";
import { reloadTarget, setServerBuild } from "~/middleware/stale-build.server.ts";
import { rowsOf } from "~/routes/order/order-view.ts";
import { action, loader } from "~/routes/order/orders.tsx";
import { setAuditDestination } from "~/utils/audit.server.ts";
import { BUILD_HEADER } from "~/utils/build-header.ts";
import { CHROME_UA, MANAGER, reset } from "../contract/helpers.ts";
import { dataFunctionUrl, ORIGIN, runRoute, sessionCookieOf } from "./harness.ts";

const SERVER_BUILD = "b2c4e6f8";
const OLDER_BUILD = "a1b3c5d7";

setAuditDestination({ write: () => undefined });

let cookie = "";
beforeEach(async () => {
  await reset();
  cookie = await sessionCookieOf(MANAGER);
  setServerBuild(SERVER_BUILD);
});
afterEach(() => {
  setServerBuild(undefined);
});

function request(
  path: string,
  init: { build?: string; post?: [string, string][]; referer?: string } = {},
) {
  const headers = new Headers({ Cookie: cookie, "User-Agent": CHROME_UA });
  if (init.build) headers.set(BUILD_HEADER, init.build);
  if (init.referer) headers.set("Referer", new URL(init.referer, ORIGIN).href);
  if (!init.post) return new Request(`${ORIGIN}${path}`, { headers });
  headers.set("Origin", ORIGIN);
  headers.set("Host", new URL(ORIGIN).host);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(init.post),
  });
}

/** The order route's handler behind the portal's middleware, and whether it ran. */
async function run(handler: typeof loader | typeof action, req: Request) {
  const spy = vi.fn(handler as (args: never) => unknown);
  const answer = await runRoute({ request: req, handler: spy, home: true, pattern: "/order" });
  return { ...answer, ran: spy.mock.calls.length > 0 };
}

/** The status of one order, as the manager's list reads it (no build named). */
async function statusOf(orderNo: string) {
  const answer = await runRoute({
    request: request(`/order/?orderNo=${orderNo}`),
    handler: loader,
    home: true,
    pattern: "/order",
  });
  const rows = rowsOf({ rows: (answer.value as Awaited<ReturnType<typeof loader>>).rows });
  return rows.find((row) => row.orderNo === orderNo)?.cbaStatus;
}

function isDocumentReload(response: Response, location: string) {
  return (
    response.status >= 300 &&
    response.status < 400 &&
    response.headers.get("Location") === location &&
    response.headers.get("X-Remix-Reload-Document") === "true"
  );
}

describe("a `.data` request naming the build of the browser's code", () => {
  it("is answered as before without the header (pages, forms without JavaScript, other clients)", async () => {
    const answer = await run(loader, request("/order/_.data?cbaStatus=0"));
    expect(answer.ran).toBe(true);
    expect(answer.thrown).toBe(false);
  });

  it("is answered as before when it names the server's build", async () => {
    const answer = await run(loader, request("/order/_.data?cbaStatus=0", { build: SERVER_BUILD }));
    expect(answer.ran).toBe(true);
    expect(answer.thrown).toBe(false);
  });

  it("of another build, a read: the document of the same address reloads, the loader never runs", async () => {
    const answer = await run(
      loader,
      request("/order/_.data?cbaStatus=0&pageSize=20&_routes=routes%2Forder%2Forders", {
        build: OLDER_BUILD,
      }),
    );
    expect(answer.ran).toBe(false);
    expect(isDocumentReload(answer.response, "/order/?cbaStatus=0&pageSize=20")).toBe(true);
    // Kept out of caches like every answer of the root middleware.
    expect(answer.response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("of another build, an action: not applied, the page the form was on reloads", async () => {
    const list = await runRoute({
      request: request(`/order/?cbaStatus=${OrderStatus.initial}&pageSize=10`),
      handler: loader,
      home: true,
      pattern: "/order",
    });
    const orderNo = rowsOf({ rows: (list.value as Awaited<ReturnType<typeof loader>>).rows })[0]
      ?.orderNo;
    if (!orderNo) throw new Error("no initial order");
    const page = `/order/?op=detain&sel=${orderNo}`;
    const answer = await run(
      action,
      request(`/order/_.data?op=detain&sel=${orderNo}&index`, {
        build: OLDER_BUILD,
        referer: page,
        post: [
          ["intent", "detain"],
          ["confirmed", "1"],
          ["orderNoList", orderNo],
          ["reasonForDetention", "外包装破损"],
          ["submissionKey", "key-of-a-stale-detention"],
        ],
      }),
    );
    expect(answer.ran).toBe(false);
    expect(isDocumentReload(answer.response, page)).toBe(true);
    expect(await statusOf(orderNo)).toBe(OrderStatus.initial);
  });
});

describe("the page a browser of another build reloads", () => {
  // With the `url` React Router gives the middleware for the request.
  const at = (path: string, init: { method?: string; referer?: string } = {}) => {
    const request = new Request(`${ORIGIN}${path}`, {
      method: init.method ?? "GET",
      headers: init.referer ? { Referer: init.referer } : {},
    });
    return reloadTarget(request, dataFunctionUrl(request));
  };

  it("is the address read, without `.data` and React Router's parameters", () => {
    expect(at("/_.data")).toBe("/");
    expect(at("/en/order/_.data?_routes=a%2Cb&page=2")).toBe("/en/order/?page=2");
    expect(at("/en/order.data?index=&q=x")).toBe("/en/order?q=x");
    // An `index` with a value is the page's own parameter, kept.
    expect(at("/en/order/_.data?index=2&q=x")).toBe("/en/order/?q=x&index=2");
  });

  it("for a post, the page it came from when the Referer names one of this host", () => {
    const referer = `${ORIGIN}/en/order/?page=3`;
    expect(at("/table-columns.data", { method: "POST", referer })).toBe("/en/order/?page=3");
    expect(
      at("/order/_.data?index", { method: "POST", referer: "https://elsewhere.test/x/" }),
    ).toBe("/order/");
    expect(at("/order/_.data?index", { method: "POST" })).toBe("/order/");
  });

  it("for a post whose Referer is no page (a `.data` address, unreadable), the address posted to", () => {
    expect(
      at("/order/_.data?index", { method: "POST", referer: `${ORIGIN}/en/order/_.data?x=1` }),
    ).toBe("/order/");
    expect(at("/order/_.data?index", { method: "POST", referer: "not an address" })).toBe(
      "/order/",
    );
  });

  it("never leads to another host", () => {
    expect(at("//elsewhere.test/x.data")).toBe("/elsewhere.test/x");
  });
});
