/**
 * One deadline for a whole request: every backend call of a request shares
 * `API_TIMEOUT_MS`. Against a backend that never answers, a sign-in's three
 * calls end after one timeout, not three: once a call ran out of the
 * request's time, the calls after it are not sent at all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { standInBackend } from "../support/stand-in-backend.ts";

// A backend that takes every call and never answers.
await standInBackend(() => {}, { timeoutMs: 300 });

const { Api, RequestBudget, setTransport } = await import("~/utils/api.server.ts");
const { httpTransport } = await import("~/utils/backend-transport.server.ts");
const { sessionStorage: storage } = await import("~/utils/session.server.ts");

async function newApi(budget?: InstanceType<typeof RequestBudget>) {
  return new Api({
    locale: "zh",
    session: await storage.getSession(),
    genericMessage: "网络通信异常",
    budget,
  });
}

async function thrownBy(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  return undefined;
}

const TIMEOUT = { data: { kind: "timeout" }, init: { status: 504 } };

// The calls the portal sent, counted as it sends them through the real
// transport: what the backend receives of a call cut off at once depends on
// how busy the machine is.
const sent = vi.fn(httpTransport);
setTransport(sent);

beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

beforeEach(() => {
  sent.mockClear();
});

afterAll(async () => {
  vi.unstubAllEnvs();
});

describe("the request's budget", () => {
  it("is shared by the calls of one request: after a timeout the others are not sent", async () => {
    const api = await newApi();
    const login = api.attempt("login", { body: { username: "a@b.test", password: "x" } });
    expect(await thrownBy(login)).toMatchObject(TIMEOUT);
    // The rest of the sign-in: the same client, and the client for the new token.
    expect(await thrownBy(api.call("accountInfo"))).toMatchObject(TIMEOUT);
    expect(await thrownBy(api.withToken("tok").call("accountInfo"))).toMatchObject(TIMEOUT);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it("leaves each call what the calls before it did not use", () => {
    let now = 1_000;
    const budget = new RequestBudget(500, () => now);
    expect(budget.remaining()).toBe(500);
    now += 200;
    expect(budget.remaining()).toBe(300);
    now += 400;
    expect(budget.remaining()).toBe(0);
  });

  it("sends nothing once the request's time is up", async () => {
    let now = 0;
    const budget = new RequestBudget(1_000, () => now);
    now = 1_000;
    const api = await newApi(budget);
    expect(await thrownBy(api.call("accountInfo"))).toMatchObject(TIMEOUT);
    expect(sent).not.toHaveBeenCalled();
  });

  it("is a new one for every request", async () => {
    expect(await thrownBy((await newApi()).call("accountInfo"))).toMatchObject(TIMEOUT);
    expect(await thrownBy((await newApi()).call("accountInfo"))).toMatchObject(TIMEOUT);
    expect(sent).toHaveBeenCalledTimes(2);
  });
});
