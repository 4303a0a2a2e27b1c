import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// A real backend (not the in-process fake one), answered by a stubbed fetch.
vi.stubEnv("API_BASE_URL", "http://backend.test/api/v1");
// Long enough for a busy machine to answer the stubbed calls; the slow case waits it out once.
vi.stubEnv("API_TIMEOUT_MS", "2000");

const { Api } = await import("~/utils/api.server.ts");
const { setTransport } = await import("~/utils/api.server.ts");
const { fetchTransport } = await import("~/utils/backend-transport.server.ts");
// The backend here is a stubbed `fetch`: the client sends through the Fetch API.
setTransport(fetchTransport);
const { sessionStorage: storage } = await import("~/utils/session.server.ts");

async function apiWith(
  answer: (request: Request, signal?: AbortSignal) => Response | Promise<Response>,
  locale: "zh" | "en" = "zh",
) {
  const seen: Request[] = [];
  vi.stubGlobal("fetch", async (request: Request, init?: RequestInit) => {
    seen.push(request);
    return answer(request, init?.signal ?? undefined);
  });
  const session = await storage.getSession();
  session.set("token", "tok-1");
  const api = new Api({
    token: "tok-1",
    locale,
    session,
    clientIp: "203.0.113.9",
    userAgent: "TestAgent/1.0",
    genericMessage: "网络通信异常",
  });
  return { api, seen, session };
}

const envelope = (code: number, data: unknown, init?: ResponseInit) =>
  Response.json({ code, data, msg: code === 200 ? "success" : "error" }, init);

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("API client", () => {
  it("sends the token, language, client IP and user agent, and validates the answer", async () => {
    const { api, seen } = await apiWith(() =>
      envelope(200, { username: "a@b.test", isSingleLogin: false, scope: ["CBA_MANAGER"] }),
    );
    const user = await api.call("accountInfo");
    expect(user.scope).toEqual(["CBA_MANAGER"]);
    const request = seen[0]!;
    expect(request.url).toBe("http://backend.test/api/v1/account/account-info");
    expect(request.headers.get("Authorization")).toBe("Bearer tok-1");
    expect(request.headers.get("Accept-Language")).toBe("zh-CN");
    expect(request.headers.get("X-Forwarded-For")).toBe("203.0.113.9");
    expect(request.headers.get("User-Agent")).toBe("TestAgent/1.0");
  });

  it("uses the seller and is prefixes and fills path parameters", async () => {
    const { api, seen } = await apiWith(() => envelope(200, null));
    await api.call("forceOffline", { params: { deviceNo: "d 1" }, prefix: "seller" });
    // (The audit line's user is asked for first: no page named it.)
    const call = seen.at(-1)!;
    expect(call.url).toBe("http://backend.test/api/v1/seller/account/login-device/d%201");
    expect(call.method).toBe("PUT");
  });

  it("returns coded errors to forms with the backend's message", async () => {
    const { api } = await apiWith(() => envelope(1001, "用户名或密码错误"));
    expect(await api.attempt("login", { body: { username: "x", password: "y" } })).toEqual({
      ok: false,
      code: 1001,
      message: "用户名或密码错误",
    });
  });

  it("shows 'network communication abnormal' for codes outside the catalogue", async () => {
    const { api } = await apiWith(() => envelope(777, "internal detail"));
    const result = await api.attempt("accountInfo");
    expect(result).toMatchObject({ ok: false, message: "网络通信异常" });
  });

  it("throws coded errors of loaders to the error boundary with their message", async () => {
    const { api } = await apiWith(() => envelope(40009, "状态不允许"));
    const error = (await thrown(api.call("accountInfo"))) as { data: unknown; init: ResponseInit };
    expect(error.init.status).toBe(400);
    expect(error.data).toMatchObject({ code: 40009, message: "状态不允许", kind: "coded" });
  });

  it.each([20001, 20002, 20003, 20004])(
    "ends the session on %i and returns to / with the message",
    async (code) => {
      const { api, session } = await apiWith(
        () => envelope(code, "您的账号已在其他设备登录"),
        "en",
      );
      const response = (await thrown(api.call("accountInfo"))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/en");
      const next = await storage.getSession(response.headers.get("Set-Cookie"));
      expect(next.get("token")).toBeUndefined();
      expect(next.get("notice")).toEqual({ kind: "error", message: "您的账号已在其他设备登录" });
      expect(session.get("token")).toBeUndefined();
    },
  );

  it("maps 40003 to the 403 page and 40004 of a page's data to the 404 page", async () => {
    const statusOf = async (promise: Promise<unknown>) =>
      ((await thrown(promise)) as { init: ResponseInit }).init.status;
    let { api } = await apiWith(() => envelope(40003, "无权限"));
    expect(await statusOf(api.call("accountInfo"))).toBe(403);
    expect(await statusOf(api.attempt("accountInfo"))).toBe(403);
    ({ api } = await apiWith(() => envelope(40004, "不存在")));
    expect(await statusOf(api.call("accountInfo"))).toBe(404);
  });

  it("returns 40004 to a form: the number the user typed does not exist", async () => {
    const { api } = await apiWith(() => envelope(40004, "托盘或订单 X1 不存在"));
    expect(await api.attempt("orderWarehousing", { body: { salverNoOrOrderNo: "X1" } })).toEqual({
      ok: false,
      code: 40004,
      message: "托盘或订单 X1 不存在",
    });
  });

  it("sends HTTP 404 and 500 without an envelope to the error pages", async () => {
    let { api } = await apiWith(() => new Response("not found", { status: 404 }));
    expect(((await thrown(api.call("accountInfo"))) as Response).headers.get("Location")).toBe(
      "/error/404",
    );
    ({ api } = await apiWith(() => new Response("boom", { status: 500 })));
    expect(((await thrown(api.call("accountInfo"))) as Response).headers.get("Location")).toBe(
      "/error/500",
    );
  });

  it("without data: HTTP 404 and 500 are the error pages, any other status shows msg", async () => {
    const bare = (code: number, msg: string, status: number) =>
      Response.json({ code, msg }, { status });
    const locationOf = async (promise: Promise<unknown>) =>
      ((await thrown(promise)) as Response).headers.get("Location");
    let { api } = await apiWith(() => bare(40004, "no such route", 404));
    expect(await locationOf(api.attempt("accountInfo"))).toBe("/error/404");
    ({ api } = await apiWith(() => bare(500, "NullPointerException at …", 500)));
    expect(await locationOf(api.attempt("accountInfo"))).toBe("/error/500");
    ({ api } = await apiWith(() => bare(777, "库存不足", 400)));
    expect(await api.attempt("accountInfo")).toEqual({ ok: false, code: 777, message: "库存不足" });
    ({ api } = await apiWith(() => Response.json({ code: 777, data: null, msg: "" })));
    expect(await api.attempt("accountInfo")).toEqual({
      ok: false,
      code: 777,
      message: "网络通信异常",
    });
    // With data, a code outside the catalogue shows the generic message.
    ({ api } = await apiWith(() => envelope(777, "内部细节")));
    expect(await api.attempt("accountInfo")).toEqual({
      ok: false,
      code: 777,
      message: "网络通信异常",
    });
    // A server error's text never reaches the user, with data or without.
    ({ api } = await apiWith(() => bare(500, "SQLException", 200)));
    expect(await api.attempt("accountInfo")).toEqual({
      ok: false,
      code: 500,
      message: "网络通信异常",
    });
  });

  it("reports an answer that breaks the contract as 502", async () => {
    const { api } = await apiWith(() => envelope(200, { username: 42 }));
    const error = (await thrown(api.call("accountInfo"))) as { data: unknown; init: ResponseInit };
    expect(error.init.status).toBe(502);
    expect(error.data).toEqual({ kind: "malformed" });
  });

  it("reports an unreachable backend as 503 and a slow one as 504", async () => {
    let { api } = await apiWith(() => {
      throw new TypeError("fetch failed");
    });
    expect(((await thrown(api.call("accountInfo"))) as { init: ResponseInit }).init.status).toBe(
      503,
    );
    ({ api } = await apiWith(
      (_request, signal) =>
        new Promise((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason))),
    ));
    const slow = (await thrown(api.call("accountInfo"))) as { data: unknown; init: ResponseInit };
    expect(slow.init.status).toBe(504);
    expect(slow.data).toEqual({ kind: "timeout" });
  });
});
