/**
 * A page of the home layout does not wait for the account to start its own
 * reads (docs/decisions/2026-11-27-reads-beside-the-user.md): the order
 * page's `orders` is asked while `accountInfo` is still unanswered. The
 * user's check still decides the answer: no answer of the backend reaches a
 * loader before the user is known and allowed; a refused user, a revoked
 * token and an unknown one get the very refusal or redirect of before and
 * none of the page's data; an action runs only after the user is known.
 *
 * The backend is the in-process fake behind the API client's transport, which
 * can hold the account's answer until the page asked for its orders.
 */
import type { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as homeLayout from "~/routes/layouts/home.tsx";
import { type RowsText, rowsOf } from "~/routes/order/order-view.ts";
import * as ordersPage from "~/routes/order/orders.tsx";
import { setTransport } from "~/utils/api.server.ts";
import { setAuditDestination } from "~/utils/audit.server.ts";
import { fromResponse, toRequest } from "~/utils/backend-transport.server.ts";
import { apiContext } from "~/utils/request-context.server.ts";
import { commitSession, sessionStorage } from "~/utils/session.server.ts";
import { handleMockApiRequest } from "../../mocks/api.ts";
import { GUEST, MANAGER } from "../contract/helpers.ts";
import { freshBackend, signedIn } from "./account-harness.ts";
import {
  isData,
  ORIGIN,
  payloadOf,
  type RouteAnswer,
  runRoute,
  signedInSession,
} from "./harness.ts";

const ACCOUNT = "GET /account/account-info";
const ORDERS = "GET /cba/order";

/** What happened, in order: a call asked (`GET /cba/order`), answered (`… answered`), a handler's steps. */
const events: string[] = [];
/** The account's answer waits for this, when set. */
let holdAccount: Promise<unknown> | undefined;
/** Called with each event as it happens. */
let onEvent: (event: string) => void = () => undefined;

function note(event: string) {
  events.push(event);
  onEvent(event);
}

setAuditDestination({ write: () => undefined });

beforeEach(async () => {
  await freshBackend();
  events.length = 0;
  holdAccount = undefined;
  onEvent = () => undefined;
  setTransport(async (call) => {
    const asked = `${call.method} ${call.url.pathname.replace(/^\/api\/v1/, "")}`;
    note(asked);
    if (asked === ACCOUNT && holdAccount) await holdAccount;
    const answer = fromResponse(await handleMockApiRequest(toRequest(call)));
    note(`${asked} answered`);
    return answer;
  });
});

afterEach(() => setTransport(undefined));

/**
 * Holds the account's answer until the page's orders have been answered
 * (the worst case for a refusal: the page's data is in), or a second
 * passed: with the account asked first and waited for, they never are.
 */
function holdAccountUntilOrdersAnswered() {
  const answered = Promise.withResolvers<void>();
  onEvent = (event) => {
    if (event === `${ORDERS} answered`) answered.resolve();
  };
  holdAccountFor(1000, answered);
}

/** Holds the account's answer for `ms`, or until `released` is resolved first. */
function holdAccountFor(ms: number, released = Promise.withResolvers<void>()) {
  const giveUp = setTimeout(released.resolve, ms);
  holdAccount = released.promise.finally(() => {
    clearTimeout(giveUp);
    note("account released");
  });
}

const SAVE_COLUMNS = "PUT /account/list-settings/orders/columns";

/**
 * A loader that saves the order list's columns without asking for the user
 * first (none of the portal's does: each change it makes follows a read that
 * needs the user), behind the app's middleware with the cookie `cookie`.
 */
function savingLoader(cookie: string): Promise<RouteAnswer> {
  return runRoute({
    request: new Request(new URL("/order/", ORIGIN), { headers: { Cookie: cookie } }),
    handler: async ({ context }: { context: Readonly<RouterContextProvider> }) => {
      const saved = await context
        .get(apiContext)
        .attempt("saveListColumns", { params: { list: "orders" }, body: { hiddenColumns: [] } });
      note("loader finished");
      return saved;
    },
    home: true,
  });
}

/** The order page's loader behind the app's middleware, with the cookie `cookie`; its steps noted. */
async function orderPage(cookie: string, method: "GET" | "POST" = "GET"): Promise<RouteAnswer> {
  const headers = new Headers({ Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host });
  let body: URLSearchParams | undefined;
  if (method === "POST") {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams({ intent: "unknown" });
  }
  return runRoute({
    request: new Request(new URL("/order/?view=none", ORIGIN), { method, headers, body }),
    handler: async (args: never) => {
      note(`${method === "GET" ? "loader" : "action"} started`);
      const run = method === "GET" ? ordersPage.loader : ordersPage.action;
      const value = await (run as (args: never) => Promise<unknown>)(args);
      note(`${method === "GET" ? "loader" : "action"} finished`);
      return value;
    },
    home: true,
  });
}

/** A session cookie (`name=value`) carrying `token`, as if the portal had signed it in. */
async function cookieWithToken(token: string): Promise<string> {
  const session = await sessionStorage.getSession();
  session.set("token", token);
  return (await commitSession(session)).split(";")[0] ?? "";
}

/** Until every call of the abandoned loaders is over, and a turn after (an unhandled rejection shows then). */
async function settled(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((done) => setTimeout(done, 20));
}

describe("a page's reads beside the account's", () => {
  it("asks for the page's orders while the account is still unanswered", async () => {
    const { cookie } = await signedInSession(MANAGER);
    events.length = 0;
    holdAccountUntilOrdersAnswered();
    const answer = await orderPage(cookie);
    expect(answer.response.status).toBe(200);
    const released = events.indexOf("account released");
    expect(events.indexOf(ORDERS)).toBeGreaterThan(-1);
    expect(events.indexOf(ORDERS), events.join("\n")).toBeLessThan(released);
    expect(events.indexOf(`${ORDERS} answered`)).toBeLessThan(released);
  });

  it("hands the loader no answer before the user is known and allowed", async () => {
    const { cookie } = await signedInSession(MANAGER);
    events.length = 0;
    holdAccountUntilOrdersAnswered();
    const answer = await orderPage(cookie);
    expect(answer.response.status).toBe(200);
    expect(events.indexOf(`${ACCOUNT} answered`)).toBeLessThan(events.indexOf("loader finished"));
    const { rows } = payloadOf(answer.value) as { rows: RowsText };
    expect(rowsOf({ rows }).length).toBeGreaterThan(0);
  });

  it("sends a call that changes data only once the user is known and allowed", async () => {
    const { cookie } = await signedInSession(MANAGER);
    events.length = 0;
    holdAccountFor(200);
    const answer = await savingLoader(cookie);
    expect(answer.response.status).toBe(200);
    expect(events.indexOf(SAVE_COLUMNS), events.join("\n")).toBeGreaterThan(
      events.indexOf(`${ACCOUNT} answered`),
    );
  });

  it("draws the layout's header for the user the account named", async () => {
    const browser = await signedIn(MANAGER);
    const shell = await browser.get(homeLayout, "/order/", { home: true });
    expect(shell.status).toBe(200);
    expect((shell.data as { username: string }).username).toBe(MANAGER);
  });
});

describe("a user the check refuses gets the answer of before, and none of the page", () => {
  const unhandled: unknown[] = [];
  const listen = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on("unhandledRejection", listen);
  });
  afterEach(() => {
    process.off("unhandledRejection", listen);
  });

  it("a user whose role may not open the page: the 403 page in the shell", async () => {
    const { cookie } = await signedInSession(GUEST);
    events.length = 0;
    holdAccountUntilOrdersAnswered();
    const answer = await orderPage(cookie);
    expect(answer.response.status).toBe(403);
    expect(answer.thrown).toBe(true);
    expect(isData(answer.value)).toBe(true);
    // The refusal carries the shell of the user and nothing else.
    const payload = payloadOf(answer.value) as Record<string, unknown>;
    expect(Object.keys(payload)).toEqual(["shell"]);
    expect((payload.shell as { username: string }).username).toBe(GUEST);
    expect(events).not.toContain("loader finished");
    await settled();
    expect(events).not.toContain("loader finished");
    expect(unhandled).toEqual([]);
  });

  it("a refused user's page changes nothing at the backend", async () => {
    const { cookie } = await signedInSession(GUEST);
    events.length = 0;
    const answer = await savingLoader(cookie);
    expect(answer.response.status).toBe(403);
    await settled();
    expect(events).not.toContain(SAVE_COLUMNS);
    expect(events).not.toContain("loader finished");
    expect(unhandled).toEqual([]);
  });

  it("a token the backend revoked: the login page, the session ended", async () => {
    const { cookie, api } = await signedInSession(MANAGER);
    await api.call("logout");
    events.length = 0;
    holdAccountUntilOrdersAnswered();
    const answer = await orderPage(cookie);
    expect(answer.response.status).toBe(302);
    expect(answer.response.headers.get("Location")).toBe("/");
    expect(answer.value).toBeInstanceOf(Response);
    expect(answer.response.headers.getSetCookie().join(";")).toMatch(/^__session=/);
    expect(events).not.toContain("loader finished");
    await settled();
    expect(events).not.toContain("loader finished");
    expect(unhandled).toEqual([]);
  });

  it("a token the backend never issued: the login page", async () => {
    const cookie = await cookieWithToken("not-a-token-the-backend-issued");
    events.length = 0;
    holdAccountUntilOrdersAnswered();
    const answer = await orderPage(cookie);
    expect(answer.response.status).toBe(302);
    expect(answer.response.headers.get("Location")).toBe("/");
    expect(events).not.toContain("loader finished");
    await settled();
    expect(events).not.toContain("loader finished");
    expect(unhandled).toEqual([]);
  });
});

describe("an action", () => {
  it("runs only once the account has answered", async () => {
    const { cookie } = await signedInSession(MANAGER);
    events.length = 0;
    holdAccountFor(200);
    await orderPage(cookie, "POST");
    const started = events.indexOf("action started");
    expect(started).toBeGreaterThan(-1);
    expect(events.indexOf(`${ACCOUNT} answered`)).toBeLessThan(started);
  });

  it("never runs for a user the check refuses", async () => {
    const { cookie } = await signedInSession(GUEST);
    events.length = 0;
    const answer = await orderPage(cookie, "POST");
    expect(answer.response.status).toBe(403);
    expect(events).not.toContain("action started");
  });
});
