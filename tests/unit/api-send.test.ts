/**
 * How the API client hands a call to its transport: in the turn the call
 * was asked for when nothing must come first, as the backend's origin and
 * the request line's path (the address a URL would have made of it, dot
 * segments resolved and the query encoded as a URL's search), and the
 * loaders' client behind the user's check a client of the class itself.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.stubEnv("API_BASE_URL", "http://backend.test:8080/api/v1");

const { Api, setTransport } = await import("~/utils/api.server.ts");
const { fromResponse } = await import("~/utils/backend-transport.server.ts");
const { sessionStorage: storage } = await import("~/utils/session.server.ts");

type Sent = { method: string; origin: string; path: string; url: URL };
const sent: Sent[] = [];

/** Every call is refused with a business code: nothing to check against the contract. */
const refused = () =>
  Promise.resolve(fromResponse(Response.json({ code: 1001, data: "refused", msg: "refused" })));

async function newApi(token?: string) {
  return new Api({
    token,
    locale: "zh",
    session: await storage.getSession(),
    genericMessage: "网络通信异常",
  });
}

beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

beforeEach(() => {
  sent.length = 0;
  setTransport((call) => {
    sent.push({ method: call.method, origin: call.origin, path: call.path, url: call.url });
    return refused();
  });
});

afterAll(() => {
  setTransport(undefined);
  vi.unstubAllEnvs();
});

describe("a call handed to the transport", () => {
  it("reaches it in the turn it was asked for, a read and a change whose user is known", async () => {
    const api = await newApi("tok-1");
    const read = api.attempt("accountInfo");
    expect(sent.map((call) => call.path)).toEqual(["/api/v1/account/account-info"]);
    await read;
    // Without a token there is no user to name in the audit line: sent at once too.
    const anonymous = await newApi();
    const change = anonymous.attempt("login", { body: { username: "a@b.test", password: "x" } });
    expect(sent.map((call) => call.path)).toContain("/api/v1/account/login");
    await change;
  });

  it("asks for the audit line's user first when a change comes before any page named them", async () => {
    const api = await newApi("tok-1");
    const change = api.attempt("forceOffline", { params: { deviceNo: "d1" }, prefix: "seller" });
    expect(sent.map((call) => call.path)).toEqual(["/api/v1/account/account-info"]);
    await change;
    expect(sent.map((call) => call.path)).toEqual([
      "/api/v1/account/account-info",
      "/api/v1/seller/account/login-device/d1",
    ]);
  });

  it("is the origin and the path with its query, as a URL would have made them", async () => {
    const api = await newApi();
    await api.attempt("orders", {
      query: {
        current: 2,
        pageSize: 10,
        consignee: "张 三&co+",
        orderNo: "",
        logisticsStatus: undefined,
      } as never,
    });
    const [call] = sent;
    expect(call?.origin).toBe("http://backend.test:8080");
    const url = new URL("http://backend.test:8080/api/v1/cba/order");
    url.searchParams.append("current", "2");
    url.searchParams.append("pageSize", "10");
    url.searchParams.append("consignee", "张 三&co+");
    expect(call?.path).toBe(`${url.pathname}${url.search}`);
    expect(call?.url.href).toBe(url.href);
  });

  it("encodes every field and value as a URL's search does, plain ones and any others", async () => {
    const api = await newApi();
    const values = [
      "A-1_b.c*",
      "12",
      "a~b",
      "it's (1)!",
      "x y+z",
      "a/b?c#d",
      "100%",
      "é",
      "\ud800",
      "=&",
    ];
    for (const value of values) {
      await api.attempt("orders", { query: { current: 1, consignee: value } as never });
      await api.attempt("orders", { query: { [value]: "1", pageSize: 20 } as never });
    }
    const expected = values.flatMap((value) => {
      const first = new URL("http://backend.test:8080/api/v1/cba/order");
      first.searchParams.append("current", "1");
      first.searchParams.append("consignee", value);
      const second = new URL("http://backend.test:8080/api/v1/cba/order");
      second.searchParams.append(value, "1");
      second.searchParams.append("pageSize", "20");
      return [`${first.pathname}${first.search}`, `${second.pathname}${second.search}`];
    });
    expect(sent.map((call) => call.path)).toEqual(expected);
    expect(sent[0]?.path).toBe("/api/v1/cba/order?current=1&consignee=A-1_b.c*");
  });

  it("sends a list as repeated fields, and no `?` without a field", async () => {
    const api = await newApi();
    await api.attempt("orders", { query: { orderNoList: ["A1", "B 2"] } as never });
    await api.attempt("orders", { query: { orderNo: "" } as never });
    expect(sent.map((call) => call.path)).toEqual([
      "/api/v1/cba/order?orderNoList=A1&orderNoList=B+2",
      "/api/v1/cba/order",
    ]);
  });

  it("resolves a path parameter's dot segments as a URL does", async () => {
    const api = await newApi();
    for (const deviceNo of ["..", "."]) {
      await api.attempt("forceOffline", { params: { deviceNo }, prefix: "seller" });
    }
    const expected = ["..", "."].map(
      (deviceNo) =>
        new URL(
          `http://backend.test:8080/api/v1/seller/account/login-device/${encodeURIComponent(deviceNo)}`,
        ).pathname,
    );
    expect(sent.map((call) => call.path)).toEqual(expected);
    expect(expected[0]).toBe("/api/v1/seller/account/");
  });

  it("sends a parameter spelled as percent-encoded dots as a value, never a dot segment", async () => {
    // Every parameter is encoded (`%` as `%25`), so no parameter can write a
    // percent-encoded dot segment: `%2e%2E` names a device like any other.
    const api = await newApi();
    await api.attempt("forceOffline", { params: { deviceNo: "%2e%2E" }, prefix: "seller" });
    expect(sent.map((call) => call.path)).toEqual([
      "/api/v1/seller/account/login-device/%252e%252E",
    ]);
  });
});

describe("the loaders' client behind the user's check", () => {
  it("is a client of the class itself, sending through the request's client", async () => {
    const api = await newApi("tok-1");
    const allowed = Promise.withResolvers<void>();
    const gated = api.behind({
      async call(_name, send) {
        const answer = send();
        await allowed.promise;
        return answer;
      },
      async download(send) {
        await allowed.promise;
        return send();
      },
    });
    expect(Object.getPrototypeOf(gated)).toBe(Api.prototype);
    expect(Object.getPrototypeOf(api)).toBe(Api.prototype);
    expect(gated.hasToken).toBe(true);
    const read = gated.attempt("accountInfo");
    expect(sent).toHaveLength(1);
    let answered = false;
    void read.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(false);
    allowed.resolve();
    expect(await read).toMatchObject({ ok: false, code: 1001 });
  });
});
