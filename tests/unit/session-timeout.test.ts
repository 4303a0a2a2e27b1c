import { RouterContextProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// A real backend answered by a stubbed fetch: the logout call is visible.
vi.stubEnv("API_BASE_URL", "http://backend.test/api/v1");

const { setLocale } = await import("~/middleware/locale.server.ts");
const { sessionMiddleware } = await import("~/middleware/session.server.ts");
const { requestInfoContext, sessionContext } = await import("~/utils/request-context.server.ts");
const {
  commitSession,
  getSession,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  sessionAge,
  sessionStorage,
} = await import("~/utils/session.server.ts");
const { setTransport } = await import("~/utils/api.server.ts");
const { fetchTransport } = await import("~/utils/backend-transport.server.ts");
// The backend here is a stubbed `fetch`: the client sends through the Fetch API.
setTransport(fetchTransport);

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const LOGIN_AT = Date.UTC(2026, 0, 5, 1, 0, 0);
const calls: string[] = [];

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.stubGlobal("fetch", async (request: Request) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    return Response.json({ code: 200, data: null, msg: "success" });
  });
});

afterEach(() => {
  calls.length = 0;
});

/** The session cookie of a user who logged in at LOGIN_AT. */
async function loggedInCookie(): Promise<string> {
  const session = await sessionStorage.getSession();
  session.set("token", "tok-1");
  return (await commitSession(session)).split(";")[0] ?? "";
}

/** One request through the i18n and session middleware at the current fake time. */
async function visit(cookie: string, path = "/order") {
  const request = new Request(`http://127.0.0.1:3000${path}`, { headers: { Cookie: cookie } });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientIp: "127.0.0.1" });
  const args = { request, url: new URL(request.url), params: {}, context, pattern: "/*" } as never;
  let response: Response;
  try {
    setLocale(args);
    response = (await sessionMiddleware(args, async () => new Response("page"))) as Response;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  const setCookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  const nextCookie = setCookie ? (setCookie.split(";")[0] ?? "") : cookie;
  const session = await getSession(new Request("http://x/", { headers: { Cookie: nextCookie } }));
  return { response, cookie: nextCookie, session, context };
}

describe("session ages", () => {
  it("starts, keeps, touches and ends sessions at the right times", () => {
    const at = (issued: number, seen: number, now: number) =>
      sessionAge({ issuedAt: issued, lastSeen: seen }, now);
    expect(sessionAge({}, 0)).toBe("start");
    expect(at(0, 0, 30 * 1000)).toBe("fresh");
    expect(at(0, 0, 2 * MINUTE)).toBe("touch");
    expect(at(0, 0, SESSION_IDLE_MS - 1)).toBe("touch");
    expect(at(0, 0, SESSION_IDLE_MS)).toBe("idle");
    expect(at(0, SESSION_MAX_MS - MINUTE, SESSION_MAX_MS)).toBe("absolute");
    expect(SESSION_IDLE_MS).toBe(30 * MINUTE);
    expect(SESSION_MAX_MS).toBe(12 * HOUR);
  });

  it("uses the plain cookie name over HTTP", () => {
    expect(SESSION_COOKIE).toBe("__session");
  });
});

describe("session timeouts on the server", () => {
  it("keeps a session that is used, and ends it 30 idle minutes later", async () => {
    vi.setSystemTime(LOGIN_AT);
    let state = await visit(await loggedInCookie());
    expect(state.session.get("issuedAt")).toBe(LOGIN_AT);
    // Used every 20 minutes for 3 hours: still logged in.
    for (let minutes = 20; minutes <= 180; minutes += 20) {
      vi.setSystemTime(LOGIN_AT + minutes * MINUTE);
      state = await visit(state.cookie);
      expect(state.response.status).toBe(200);
      expect(state.session.get("token")).toBe("tok-1");
      expect(state.session.get("lastSeen")).toBe(LOGIN_AT + minutes * MINUTE);
    }
    expect(calls).toEqual([]);

    vi.setSystemTime(LOGIN_AT + 180 * MINUTE + 30 * MINUTE);
    state = await visit(state.cookie, "/en/order?salverNo=TP1");
    expect(state.response.status).toBe(302);
    expect(state.response.headers.get("Location")).toBe("/en");
    expect(state.session.get("token")).toBeUndefined();
    // Signing in again returns to the page the session ended on.
    expect(state.session.get("redirectTo")).toBe("/en/order?salverNo=TP1");
    expect(state.session.get("notice")).toEqual({
      kind: "error",
      message: "Your session has timed out, please log in again",
    });
    // The token is revoked, its user named first for the audit line.
    expect(calls).toEqual(["GET /api/v1/account/account-info", "POST /api/v1/account/logout"]);
  });

  it("ends a session 12 hours after login however busy it is", async () => {
    vi.setSystemTime(LOGIN_AT);
    let state = await visit(await loggedInCookie());
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      vi.setSystemTime(LOGIN_AT + minutes * MINUTE);
      state = await visit(state.cookie);
      expect(state.session.get("token")).toBe("tok-1");
    }
    vi.setSystemTime(LOGIN_AT + 12 * HOUR);
    state = await visit(state.cookie);
    expect(state.response.status).toBe(302);
    expect(state.response.headers.get("Location")).toBe("/");
    expect(state.session.get("token")).toBeUndefined();
    expect(state.session.get("notice")?.message).toBe("长时间未操作或登录时间过长，请重新登录");
  });

  it("does not rewrite the cookie on every request, nor over an action's own cookie", async () => {
    vi.setSystemTime(LOGIN_AT);
    const first = await visit(await loggedInCookie());
    vi.setSystemTime(LOGIN_AT + 30 * 1000);
    const second = await visit(first.cookie);
    expect(second.response.headers.getSetCookie()).toEqual([]);
    expect(second.context.get(sessionContext).get("token")).toBe("tok-1");
  });

  it("answers an old cookie sent again within a minute of its touch with that touch's cookie", async () => {
    vi.setSystemTime(LOGIN_AT);
    const first = await visit(await loggedInCookie());
    vi.setSystemTime(LOGIN_AT + 2 * MINUTE);
    const touched = await visit(first.cookie);
    expect(touched.session.get("lastSeen")).toBe(LOGIN_AT + 2 * MINUTE);
    // A request that left with the old cookie before the touch's answer came back.
    vi.setSystemTime(LOGIN_AT + 2 * MINUTE + 20 * 1000);
    const again = await visit(first.cookie);
    expect(again.cookie).toBe(touched.cookie);
    expect(again.session.get("lastSeen")).toBe(LOGIN_AT + 2 * MINUTE);
    // A minute after the touch, the user is seen anew.
    vi.setSystemTime(LOGIN_AT + 3 * MINUTE);
    const later = await visit(first.cookie);
    expect(later.session.get("lastSeen")).toBe(LOGIN_AT + 3 * MINUTE);
    expect(later.session.get("issuedAt")).toBe(LOGIN_AT);
  });

  it("leaves visitors without a login alone", async () => {
    vi.setSystemTime(LOGIN_AT);
    const state = await visit("");
    expect(state.response.status).toBe(200);
    expect(state.response.headers.getSetCookie()).toEqual([]);
  });
});
