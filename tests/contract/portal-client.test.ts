/**
 * The portal's API client against a backend in another process's place: the
 * fake backend over real HTTP at API_BASE_URL (as `npm run mock-api` serves
 * it to several portal instances). Exercises the fetch transport, the
 * headers the portal forwards and the answers' validation end to end.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contractBackend } from "./helpers.ts";

const server = contractBackend({ reseed: "once" });
let Api: typeof import("~/utils/api.server.ts").Api;
let sessionStorage: typeof import("~/utils/session.server.ts").sessionStorage;

beforeAll(async () => {
  vi.stubEnv("API_BASE_URL", server.base);
  ({ Api } = await import("~/utils/api.server.ts"));
  ({ sessionStorage } = await import("~/utils/session.server.ts"));
});

afterAll(() => {
  vi.unstubAllEnvs();
});

async function client(token?: string, locale: "zh" | "en" = "zh") {
  return new Api({
    token,
    locale,
    session: await sessionStorage.getSession(),
    clientIp: "198.51.100.7",
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    genericMessage: "网络通信异常",
  });
}

describe("the portal's API client over HTTP", () => {
  it("logs in, reads the user and records the device with the forwarded IP", async () => {
    const anonymous = await client();
    const login = await anonymous.call("login", {
      body: { username: "manager@demo.test", password: "Demo1234!" },
    });
    const api = await client(login.token);
    expect(await api.call("accountInfo")).toMatchObject({
      username: "manager@demo.test",
      scope: ["CBA_MANAGER"],
    });
    const devices = await api.call("loginDevices", { query: { current: 1, pageSize: 10 } });
    expect(devices.list[0]).toMatchObject({ ip: "198.51.100.7", status: "online" });
    expect(devices.list[0]?.device).toMatch(/Chrome/);
  });

  it("gets refusals in the user's language", async () => {
    const zh = await (await client()).attempt("login", {
      body: { username: "manager@demo.test", password: "nope" },
    });
    expect(zh).toEqual({ ok: false, code: 1001, message: "用户名或密码错误" });
    const en = await (await client(undefined, "en")).attempt("login", {
      body: { username: "manager@demo.test", password: "nope" },
    });
    expect(en).toMatchObject({
      ok: false,
      code: 1001,
      message: expect.stringMatching(/wrong username or password/i),
    });
  });

  it("ends the session when the token is no longer valid", async () => {
    const api = await client("not-a-token");
    const thrown = await api.call("accountInfo").catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/");
  });

  it("streams a workbook from a binary call", async () => {
    const login = await (await client()).call("login", {
      body: { username: "manager@demo.test", password: "Demo1234!" },
    });
    const response = await (await client(login.token)).download("importTemplate");
    expect(response.headers.get("Content-Type")).toMatch(/spreadsheetml/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]); // a zip container
  });

  it("sends the filters in the query and the confirmed count in the body of an operation on every matching order", async () => {
    const login = await (await client()).call("login", {
      body: { username: "manager@demo.test", password: "Demo1234!" },
    });
    const api = await client(login.token);
    const page = await api.call("orders", { query: { current: 1, pageSize: 10, cbaStatus: 1 } });
    const salverNo = page.list[0]?.salverNo ?? "";
    const filters = { salverNo, cbaStatus: 1 as const };
    const count = (await api.call("orders", { query: { current: 1, pageSize: 10, ...filters } }))
      .pagination.total;
    const stale = await api.attempt("updateOrdersByFilter", {
      query: filters,
      body: { expectedCount: count + 1, cbaStatus: 4 },
    });
    expect(stale).toMatchObject({ ok: false, code: 40009 });
    const done = await api.call("orderRemarksByFilter", {
      query: filters,
      body: { expectedCount: count, reasonForDetention: "整托加急" },
    });
    expect(done.updated).toBe(count);
    const moved = await api.call("updateOrdersByFilter", {
      query: filters,
      body: { expectedCount: count, cbaStatus: 4 },
    });
    expect(moved.changed).toHaveLength(count);
    expect(moved.changed.every((change) => change.from === 1 && change.to === 4)).toBe(true);
  });
});
