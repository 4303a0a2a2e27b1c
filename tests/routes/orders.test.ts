/**
 * The order route below the browser: its loader and action called with real
 * requests, through the middleware the portal runs them behind (language,
 * i18next, request body, session, the home layout's login and permission
 * check), against the in-process fake backend of demo mode.
 */
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { OrderStatus, type OrderStatusCode } from "~/contract/index.ts";
import { i18nextMiddleware } from "~/middleware/i18next.ts";
import { languageMiddleware } from "~/middleware/language.server.ts";
import { requestBodyMiddleware } from "~/middleware/request-body.server.ts";
import { sessionMiddleware } from "~/middleware/session.server.ts";
import type { OrderActionData } from "~/routes/order/order-view.ts";
import { action, loader } from "~/routes/order/orders.tsx";
import { Api } from "~/utils/api.server.ts";
import { setAuditDestination } from "~/utils/audit.server.ts";
import { requireUserMiddleware } from "~/utils/auth.server.ts";
import { retryAfterMiddleware } from "~/utils/rate-limit.server.ts";
import { requestInfoContext } from "~/utils/request-context.server.ts";
import { commitSession, sessionStorage } from "~/utils/session.server.ts";
import { ADMIN, CHROME_UA, GUEST, MANAGER, PASSWORD, reset } from "../contract/helpers.ts";

const ORIGIN = "http://127.0.0.1:3000";
/** The middleware of the root route and of the home layout, in their order. */
const MIDDLEWARE = [
  languageMiddleware,
  i18nextMiddleware,
  requestBodyMiddleware,
  sessionMiddleware,
  retryAfterMiddleware,
  requireUserMiddleware,
];

type Args = Parameters<typeof loader>[0];

/** What a handler answered, or threw (a redirect, an error page's data). */
type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; thrown: unknown };

/** Runs `handler` behind the portal's middleware, as React Router would for `request`. */
async function through<T>(
  request: Request,
  handler: (args: Args) => Promise<T> | T,
): Promise<Outcome<T>> {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientIp: "198.51.100.7" });
  const args: Args = {
    request,
    url: new URL(request.url),
    params: {},
    context,
    pattern: "/order",
  };
  let value: T | undefined;
  const run = async (index: number): Promise<Response> => {
    const middleware = MIDDLEWARE[index];
    if (!middleware) {
      value = await handler(args);
      return new Response(null, { status: 204 });
    }
    return (await middleware(args, () => run(index + 1))) ?? new Response(null);
  };
  try {
    await run(0);
    return { ok: true, value: value as T };
  } catch (thrown) {
    const status =
      thrown instanceof Response
        ? thrown.status
        : ((thrown as { init?: ResponseInit | null }).init?.status ?? 500);
    return { ok: false, status, thrown };
  }
}

/** The data of an action's answer (`data(...)` or a plain value). */
function answerOf(value: unknown): OrderActionData {
  if (value && typeof value === "object" && "data" in value && "init" in value) {
    return value.data as OrderActionData;
  }
  return value as OrderActionData;
}

/** The session cookie of a logged-in user. */
async function cookieOf(username: string): Promise<string> {
  const session = await sessionStorage.getSession();
  const api = new Api({
    locale: "zh",
    session,
    clientIp: "198.51.100.7",
    userAgent: CHROME_UA,
    genericMessage: "网络通信异常",
  });
  const { token } = await api.call("login", { body: { username, password: PASSWORD } });
  session.set("token", token);
  return (await commitSession(session)).split(";")[0] ?? "";
}

const cookies: Record<string, string> = {};

function get(user: string, path: string) {
  return new Request(`${ORIGIN}${path}`, {
    headers: { Cookie: cookies[user] ?? "", "User-Agent": CHROME_UA },
  });
}

function post(user: string, path: string, fields: [string, string][]) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      Cookie: cookies[user] ?? "",
      "User-Agent": CHROME_UA,
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
}

/** The orders of the list at `query`, as the manager's loader gives them. */
async function list(query: string) {
  const answer = await through(get(MANAGER, `/order/?${query}`), loader);
  if (!answer.ok) throw new Error(`the list answered ${answer.status}`);
  return answer.value;
}

/** The status and remark of one order, read from the backend. */
async function order(orderNo: string) {
  const session = await sessionStorage.getSession(cookies[MANAGER]);
  const api = new Api({
    token: session.get("token"),
    locale: "zh",
    session,
    clientIp: "198.51.100.7",
    userAgent: CHROME_UA,
    genericMessage: "网络通信异常",
  });
  const page = await api.call("orders", { query: { current: 1, pageSize: 10, orderNo } });
  const found = page.list.find((row) => row.orderNo === orderNo);
  if (!found) throw new Error(`no order ${orderNo}`);
  return { status: found.cbaStatus, remark: found.reasonForDetention };
}

async function firstOrder(status: OrderStatusCode): Promise<string> {
  const page = await list(`cbaStatus=${status}&pageSize=10`);
  const orderNo = page.list[0]?.orderNo;
  if (!orderNo) throw new Error(`no order in status ${status}`);
  return orderNo;
}

// The audit lines of these calls are not what is tested here.
setAuditDestination({ write: () => undefined });

// Every test starts from the same seed, its users freshly logged in.
beforeEach(async () => {
  await reset();
  for (const user of [ADMIN, MANAGER, GUEST]) cookies[user] = await cookieOf(user);
});

describe("the order route's loader", () => {
  it("lists the orders of a filter with their totals", async () => {
    const page = await list(`cbaStatus=${OrderStatus.initial}&pageSize=10`);
    expect(page.error).toBeNull();
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.pagination.total).toBeGreaterThanOrEqual(page.list.length);
    expect(page.list.every((row) => row.status.label === "初始状态")).toBe(true);
  });
});

describe("the order route's action", () => {
  it("answers a first post with the confirmation, changing nothing", async () => {
    const orderNo = await firstOrder(OrderStatus.initial);
    const answer = await through(
      post(MANAGER, "/order/", [
        ["intent", "detain"],
        ["orderNoList", orderNo],
      ]),
      action,
    );
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answerOf(answer.value)).toEqual({
      stage: "confirm",
      intent: "detain",
      pending: { intent: "detain", orderNoList: [orderNo] },
    });
    expect((await order(orderNo)).status).toBe(OrderStatus.initial);
  });

  it("detains the chosen orders once confirmed, with the reason", async () => {
    const orderNo = await firstOrder(OrderStatus.initial);
    const answer = await through(
      post(MANAGER, "/order/", [
        ["intent", "detain"],
        ["confirmed", "1"],
        ["orderNoList", orderNo],
        ["reasonForDetention", "外包装破损"],
      ]),
      action,
    );
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answerOf(answer.value)).toMatchObject({
      stage: "done",
      intent: "detain",
      message: "操作成功: 1 个订单已更新",
    });
    expect(await order(orderNo)).toEqual({ status: OrderStatus.detained, remark: "外包装破损" });
  });

  it("refuses a confirmed detention without a reason, asking again", async () => {
    const orderNo = await firstOrder(OrderStatus.initial);
    const answer = await through(
      post(MANAGER, "/order/", [
        ["intent", "detain"],
        ["confirmed", "1"],
        ["orderNoList", orderNo],
        ["reasonForDetention", "  "],
      ]),
      action,
    );
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const data = answerOf(answer.value);
    expect(data).toMatchObject({ stage: "error", pending: { orderNoList: [orderNo] } });
    if (data.stage !== "error") return;
    expect(data.reply.error?.reasonForDetention).toEqual(["logistics.order.reasonRequired"]);
    expect((await order(orderNo)).status).toBe(OrderStatus.initial);
  });

  it("refuses a status move the backend does not allow and changes nothing", async () => {
    const moved = await firstOrder(OrderStatus.stockedIn);
    const held = await firstOrder(OrderStatus.initial);
    await through(
      post(MANAGER, "/order/", [
        ["intent", "detain"],
        ["confirmed", "1"],
        ["orderNoList", held],
        ["reasonForDetention", "抽检"],
      ]),
      action,
    );
    expect((await order(held)).status).toBe(OrderStatus.detained);
    const answer = await through(
      post(MANAGER, "/order/", [
        ["intent", "status"],
        ["confirmed", "1"],
        ["orderNoList", moved],
        ["orderNoList", held],
        ["cbaStatus", String(OrderStatus.stockedOut)],
      ]),
      action,
    );
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const data = answerOf(answer.value);
    expect(data).toMatchObject({ stage: "error", intent: "status" });
    if (data.stage !== "error") return;
    // The confirmation is shown again, with the backend's refusal naming the order.
    expect(data.pending).toEqual({ intent: "status", orderNoList: [moved, held] });
    expect(data.reply.error?.[""]?.[0]).toContain(held);
    // All or nothing: the order that might have moved did not either.
    expect((await order(moved)).status).toBe(OrderStatus.stockedIn);
    expect((await order(held)).status).toBe(OrderStatus.detained);
  });

  it("changes nothing on every matching order when the filter no longer matches the confirmed count", async () => {
    const first = await list(`cbaStatus=${OrderStatus.initial}&pageSize=10`);
    const salverNo = first.list[0]?.salverNo ?? "";
    const filter = `salverNo=${salverNo}&cbaStatus=${OrderStatus.initial}`;
    const before = await list(filter);
    const count = before.pagination.total;
    expect(count).toBeGreaterThan(1);

    const asked = await through(
      post(MANAGER, `/order/?${filter}&all=1`, [["intent", "remarks"]]),
      action,
    );
    expect(asked.ok && answerOf(asked.value)).toEqual({
      stage: "confirm",
      intent: "remarks",
      pending: { intent: "remarks", orderNoList: [], matching: count },
    });

    // Meanwhile one of them is stocked in: the filter matches one order less.
    const scanned = before.list[0]?.orderNo ?? "";
    const scan = await through(
      post(ADMIN, "/order/", [
        ["intent", "stockIn"],
        ["confirmed", "1"],
        ["salverNoOrOrderNo", scanned],
      ]),
      action,
    );
    expect(scan.ok && answerOf(scan.value).stage).toBe("done");

    const stale = await through(
      post(MANAGER, `/order/?${filter}&all=1`, [
        ["intent", "remarks"],
        ["confirmed", "1"],
        ["expectedCount", String(count)],
        ["reasonForDetention", "整托加急"],
      ]),
      action,
    );
    expect(stale.ok).toBe(true);
    if (!stale.ok) return;
    // Asked again with the new count; no order got the remark.
    expect(answerOf(stale.value)).toMatchObject({
      stage: "error",
      pending: { intent: "remarks", orderNoList: [], matching: count - 1 },
    });
    const after = await list(filter);
    expect(after.list.map((row) => row.remark)).not.toContain("整托加急");
  });

  it("scans a pallet in, naming the orders it left as they were", async () => {
    const orderNo = await firstOrder(OrderStatus.initial);
    const { salverNo } = (await list(`orderNo=${orderNo}`)).list[0] ?? { salverNo: "" };
    const asked = await through(
      post(MANAGER, "/order/", [
        ["intent", "stockIn"],
        ["salverNoOrOrderNo", salverNo],
      ]),
      action,
    );
    expect(asked.ok && answerOf(asked.value)).toEqual({
      stage: "confirm",
      intent: "stockIn",
      pending: { intent: "stockIn", orderNoList: [], scanned: salverNo },
    });
    const done = await through(
      post(MANAGER, "/order/", [
        ["intent", "stockIn"],
        ["confirmed", "1"],
        ["salverNoOrOrderNo", salverNo],
      ]),
      action,
    );
    expect(done.ok && answerOf(done.value)).toMatchObject({ stage: "done", intent: "stockIn" });
    expect((await order(orderNo)).status).toBe(OrderStatus.stockedIn);
  });

  it("refuses an unknown operation", async () => {
    const answer = await through(post(MANAGER, "/order/", [["intent", "explode"]]), action);
    expect(answer).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses a user whose role may not operate on orders, and changes nothing", async () => {
    const orderNo = await firstOrder(OrderStatus.initial);
    const answer = await through(
      post(GUEST, "/order/", [
        ["intent", "detain"],
        ["confirmed", "1"],
        ["orderNoList", orderNo],
        ["reasonForDetention", "越权"],
      ]),
      action,
    );
    expect(answer).toMatchObject({ ok: false, status: 403 });
    expect((await order(orderNo)).status).toBe(OrderStatus.initial);
    const page = await through(get(GUEST, "/order/"), loader);
    expect(page).toMatchObject({ ok: false, status: 403 });
  });

  it("sends a user without a session to the login page", async () => {
    const answer = await through(
      new Request(`${ORIGIN}/order/`, {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams([["intent", "detain"]]),
      }),
      action,
    );
    expect(answer).toMatchObject({ ok: false, status: 302 });
  });
});
