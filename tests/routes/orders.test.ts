/**
 * The order route below the browser: its loader and action called with real
 * requests, through the middleware the portal runs them behind (./harness.ts:
 * the root's and the home layout's login and permission check), against the
 * in-process fake backend of demo mode.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { OrderStatus, type OrderStatusCode } from "~/contract/index.ts";
import { type OrderActionData, rowsOf } from "~/routes/order/order-view.ts";
import { action, loader } from "~/routes/order/orders.tsx";
import { Api } from "~/utils/api.server.ts";
import { setAuditDestination } from "~/utils/audit.server.ts";
import { sessionStorage } from "~/utils/session.server.ts";
import { ADMIN, CHROME_UA, GUEST, MANAGER, reset } from "../contract/helpers.ts";
import { ORIGIN, runRoute, sessionCookieOf } from "./harness.ts";

type Args = Parameters<typeof loader>[0];

/** What a handler answered, or threw (a redirect, an error page's data). */
type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; thrown: unknown };

/** Runs `handler` behind the portal's middleware (the root's and the home layout's). */
async function through<T>(
  request: Request,
  handler: (args: Args) => Promise<T> | T,
): Promise<Outcome<T>> {
  const answer = await runRoute({ request, handler, home: true, pattern: "/order" });
  if (!answer.thrown) return { ok: true, value: answer.value as T };
  return { ok: false, status: answer.response.status, thrown: answer.value };
}

/** Where a redirect (answered or thrown) leads, with its status; null for anything else. */
function redirectOf<T>(answer: Outcome<T>): { status: number; location: string } | null {
  const response = answer.ok ? answer.value : answer.thrown;
  if (!(response instanceof Response)) return null;
  const location = response.headers.get("Location");
  return location ? { status: response.status, location } : null;
}

/** The data of an action's answer (`data(...)` or a plain value). */
function answerOf(value: unknown): OrderActionData {
  if (value && typeof value === "object" && "data" in value && "init" in value) {
    return value.data as OrderActionData;
  }
  return value as OrderActionData;
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

/** The orders of the list at `query`, as the manager's loader gives them (its rows read back). */
async function list(query: string) {
  const answer = await through(get(MANAGER, `/order/?${query}`), loader);
  if (!answer.ok) throw new Error(`the list answered ${answer.status}`);
  return { ...answer.value, list: rowsOf({ rows: answer.value.rows }) };
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
  for (const user of [ADMIN, MANAGER, GUEST]) cookies[user] = await sessionCookieOf(user);
});

describe("the order route's loader", () => {
  it("lists the orders of a filter with their totals", async () => {
    const page = await list(`cbaStatus=${OrderStatus.initial}&pageSize=10`);
    // Left out of the page's data while empty.
    expect(page.error).toBeUndefined();
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.pagination.total).toBeGreaterThanOrEqual(page.list.length);
    // Each row has its status's code: the page draws the label from its translations.
    expect(page.list.every((row) => row.cbaStatus === OrderStatus.initial)).toBe(true);
  });

  it("sends an order's lines and history only for the rows of the page its address opens", async () => {
    const closed = await list("pageSize=10");
    // None opened: left out of the page's data.
    expect(closed.details).toBeUndefined();
    // The rows themselves carry none: a page of orders is not every order's detail.
    expect(closed.list.some((row) => "lines" in row || "history" in row)).toBe(false);
    const [first, second] = closed.list.map((row) => row.orderNo);
    if (!first || !second) throw new Error("the list has fewer than two orders");
    const opened = await list(`pageSize=10&open=${first}&open=NOT-ON-THIS-PAGE`);
    expect(Object.keys(opened.details ?? {})).toEqual([first]);
    expect(opened.details?.[first]?.lines.length).toBeGreaterThan(0);
    expect(opened.details?.[first]?.history).toBeInstanceOf(Array);
    const both = await list(`pageSize=10&open=${first}&open=${second}`);
    expect(Object.keys(both.details ?? {}).sort()).toEqual([first, second].sort());
  });

  it("sends the values of the columns the table shows, not of those it hides", async () => {
    const page = await list("pageSize=10");
    // Hidden unless chosen: the address, the telephone, the times in and out of
    // the bonded area, left out of every row (not sent blank, named in each).
    for (const row of page.list) {
      for (const hidden of [
        "consigneeAddress",
        "consigneeTelephone",
        "enterCbaTime",
        "exitCbaTime",
      ]) {
        expect(row).not.toHaveProperty(hidden);
      }
    }
    expect(page.list.every((row) => row.consignee !== "" && row.createdOn !== "")).toBe(true);
    // The service number stays: an opened row's way back to its service.
    expect(page.list.every((row) => row.serviceNo !== "")).toBe(true);
  });

  it("asks the backend for the list's views and its page of orders side by side", async () => {
    const events: string[] = [];
    const attempt = Api.prototype.attempt;
    const spy = vi.spyOn(Api.prototype, "attempt").mockImplementation(async function (
      this: Api,
      ...args: Parameters<Api["attempt"]>
    ) {
      events.push(`asked ${args[0]}`);
      try {
        return await attempt.apply(this, args);
      } finally {
        events.push(`answered ${args[0]}`);
      }
    } as Api["attempt"]);
    try {
      await list("pageSize=10");
    } finally {
      spy.mockRestore();
    }
    // The page of orders is asked for before the views have answered.
    expect(events.indexOf("asked orders")).toBeGreaterThanOrEqual(0);
    expect(events.indexOf("asked orders")).toBeLessThan(events.indexOf("answered listSettings"));
  });
});

describe("the change-status confirmation offers what the chosen orders allow", () => {
  const offered = (
    pending: { choices?: { to: number; offered: boolean }[] | null } | null | undefined,
  ) => pending?.choices?.filter((choice) => choice.offered).map((choice) => choice.to);

  it("offers stock in for initial orders, and says why the other statuses are not offered", async () => {
    const orderNo = await firstOrder(OrderStatus.initial);
    const page = await list(`op=status&sel=${orderNo}`);
    expect(offered(page.pending)).toEqual([OrderStatus.stockedIn]);
    expect(page.pending?.choices?.find((c) => c.to === OrderStatus.stockedOut)).toEqual({
      to: OrderStatus.stockedOut,
      offered: false,
      blocked: [{ from: OrderStatus.initial, count: 1, allowed: [OrderStatus.stockedIn] }],
    });
  });

  it("offers only what every chosen order allows: an initial and a stocked-in order share nothing", async () => {
    const initial = await firstOrder(OrderStatus.initial);
    const stocked = await firstOrder(OrderStatus.stockedIn);
    const page = await list(`op=status&sel=${initial},${stocked}`);
    expect(offered(page.pending)).toEqual([]);
    // Other operations' confirmations carry no choices.
    const detain = await list(`op=detain&sel=${initial}`);
    expect(detain.pending).toEqual({ intent: "detain", orderNoList: [initial] });
  });

  it("counts every matching order for an operation on the whole filter", async () => {
    const page = await list(`op=status&all=1&cbaStatus=${OrderStatus.stockedIn}`);
    expect(page.pending?.matching).toBeGreaterThan(0);
    expect(offered(page.pending)).toEqual([OrderStatus.stockedOut]);
  });

  it("offers a detained order only the status it had, also on the refused post's confirmation", async () => {
    const stocked = await firstOrder(OrderStatus.stockedIn);
    await through(
      post(MANAGER, "/order/", [
        ["intent", "detain"],
        ["confirmed", "1"],
        ["orderNoList", stocked],
        ["reasonForDetention", "抽检"],
      ]),
      action,
    );
    expect(offered((await list(`op=status&sel=${stocked}`)).pending)).toEqual([
      OrderStatus.stockedIn,
    ]);
    const refused = await through(
      post(MANAGER, "/order/", [
        ["intent", "status"],
        ["confirmed", "1"],
        ["orderNoList", stocked],
      ]),
      action,
    );
    if (!refused.ok) throw new Error("the refusal was thrown");
    const data = answerOf(refused.value);
    expect(data.stage === "error" && offered(data.pending)).toEqual([OrderStatus.stockedIn]);
  });
});

describe("the order route's action", () => {
  it("answers a first post with a redirect to the confirmation, changing nothing", async () => {
    const orderNo = await firstOrder(OrderStatus.initial);
    const answer = await through(
      post(MANAGER, "/order/?pageSize=20", [
        ["intent", "detain"],
        ["orderNoList", orderNo],
      ]),
      action,
    );
    const target = redirectOf(answer);
    expect(target).toEqual({
      status: 302,
      location: `/order/?pageSize=20&op=detain&sel=${orderNo}`,
    });
    // The confirmation is a page: a reload or Back asks again without posting.
    const page = await list(`pageSize=20&op=detain&sel=${orderNo}`);
    expect(page.pending).toEqual({ intent: "detain", orderNoList: [orderNo] });
    expect((await order(orderNo)).status).toBe(OrderStatus.initial);
  });

  it("detains the chosen orders once confirmed, redirecting to the list that shows the result", async () => {
    const orderNo = await firstOrder(OrderStatus.initial);
    const answer = await through(
      post(MANAGER, `/order/?op=detain&sel=${orderNo}`, [
        ["intent", "detain"],
        ["confirmed", "1"],
        ["orderNoList", orderNo],
        ["reasonForDetention", "外包装破损"],
        ["submissionKey", "key-of-one-detention"],
      ]),
      action,
    );
    const target = redirectOf(answer);
    expect(target?.status).toBeGreaterThanOrEqual(300);
    expect(target?.status).toBeLessThan(400);
    const location = new URL(target?.location ?? "", ORIGIN);
    expect(location.pathname).toBe("/order/");
    // The confirmation is answered; the detained order left no filter here, so it stays chosen.
    expect(location.searchParams.get("op")).toBeNull();
    const page = await list(location.search.slice(1));
    expect(page.result).toMatchObject({ intent: "detain", message: "操作成功: 1 个订单已更新" });
    expect(page.pending).toBeUndefined();
    expect(await order(orderNo)).toEqual({ status: OrderStatus.detained, remark: "外包装破损" });
    // Another user cannot read the result by its address.
    const other = await through(get(ADMIN, `${location.pathname}${location.search}`), loader);
    expect(other.ok && other.value.result).toBeUndefined();
  });

  it("applies a submission once: a reload or a second click gets the first one's redirect", async () => {
    const orderNo = await firstOrder(OrderStatus.initial);
    const historyOf = async () =>
      (await list(`orderNo=${orderNo}&open=${orderNo}`)).details?.[orderNo]?.history.length;
    const historyBefore = (await historyOf()) ?? 0;
    const remark = (key: string) =>
      post(MANAGER, "/order/", [
        ["intent", "remarks"],
        ["confirmed", "1"],
        ["orderNoList", orderNo],
        ["reasonForDetention", "加急"],
        ["submissionKey", key],
      ]);
    // A double click: both posts at once.
    const [first, second] = await Promise.all([
      through(remark("double-click-key-0001"), action),
      through(remark("double-click-key-0001"), action),
    ]);
    // A reload of the answer, later.
    const reload = await through(remark("double-click-key-0001"), action);
    const locations = [first, second, reload].map((answer) => redirectOf(answer)?.location);
    expect(locations[0]).toMatch(/done=/);
    expect(new Set(locations).size).toBe(1);
    expect(await historyOf()).toBe(historyBefore + 1);
    // A new form (a new key) is a new operation.
    await through(remark("another-form-key-0002"), action);
    expect(await historyOf()).toBe(historyBefore + 2);
  });

  it("forgets the key of a refused post, so the corrected form goes through with it", async () => {
    const orderNo = await firstOrder(OrderStatus.initial);
    const detain = (reason: string) =>
      post(MANAGER, "/order/", [
        ["intent", "detain"],
        ["confirmed", "1"],
        ["orderNoList", orderNo],
        ["reasonForDetention", reason],
        ["submissionKey", "corrected-form-key-01"],
      ]);
    const refused = await through(detain(" "), action);
    expect(refused.ok && answerOf(refused.value).stage).toBe("error");
    const accepted = await through(detain("抽检"), action);
    expect(redirectOf(accepted)?.location).toMatch(/done=/);
    expect((await order(orderNo)).status).toBe(OrderStatus.detained);
  });

  it("leaves the orders that left the filter out of the selection after an operation", async () => {
    const page = await list(`cbaStatus=${OrderStatus.initial}&pageSize=10`);
    const [a, b] = page.list.map((row) => row.orderNo);
    const filter = `cbaStatus=${OrderStatus.initial}&sel=${a},${b}`;
    const remarked = await through(
      post(MANAGER, `/order/?${filter}`, [
        ["intent", "remarks"],
        ["confirmed", "1"],
        ["orderNoList", a ?? ""],
        ["orderNoList", b ?? ""],
        ["reasonForDetention", "核对"],
        ["submissionKey", "selection-after-op-01"],
      ]),
      action,
    );
    // A remark leaves both in the list: both stay chosen.
    const kept = new URL(redirectOf(remarked)?.location ?? "", ORIGIN);
    expect(kept.searchParams.get("sel")).toBe(`${a},${b}`);
    const detained = await through(
      post(MANAGER, `/order/?${filter}`, [
        ["intent", "detain"],
        ["confirmed", "1"],
        ["orderNoList", a ?? ""],
        ["orderNoList", b ?? ""],
        ["reasonForDetention", "抽检"],
        ["submissionKey", "selection-after-op-02"],
      ]),
      action,
    );
    // Detained, both left the filter "initial": nothing the list shows is chosen.
    const left = new URL(redirectOf(detained)?.location ?? "", ORIGIN);
    expect(left.searchParams.get("sel")).toBeNull();
    expect(left.searchParams.get("cbaStatus")).toBe(String(OrderStatus.initial));
  });

  it("keeps a selection too long for an address on the server, under a short id", async () => {
    const orderNos = (await list("pageSize=500")).list.map((row) => row.orderNo);
    // A selection of hundreds of orders, as chosen page after page.
    const chosen = Array.from({ length: 450 }, (_, i) => orderNos[i % orderNos.length] ?? "");
    const many = [...new Set([...chosen, ...chosen.map((no, i) => `${no}-${i}`)])].slice(0, 450);
    const answer = await through(
      post(MANAGER, "/order/?pageSize=50", [
        ["intent", "select"],
        ...many.map((no): [string, string] => ["orderNoList", no]),
      ]),
      action,
    );
    const location = redirectOf(answer)?.location ?? "";
    expect(location).toMatch(/^\/order\/\?pageSize=50&sel=\*[\w-]+$/);
    expect(location.length).toBeLessThan(4096);
    const page = await list(location.split("?")[1] ?? "");
    expect(page.keptSelection?.orderNos).toEqual(many);
    // The confirmation of an operation on it lists them all.
    const asked = await through(
      post(MANAGER, location, [
        ["intent", "remarks"],
        ...many.map((no): [string, string] => ["orderNoList", no]),
      ]),
      action,
    );
    const confirm = redirectOf(asked)?.location ?? "";
    expect(confirm.length).toBeLessThan(4096);
    expect((await list(confirm.split("?")[1] ?? "")).pending?.orderNoList).toHaveLength(450);
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
    expect(data.pending).toMatchObject({ intent: "status", orderNoList: [moved, held] });
    // With what the orders allow now: nothing, as one is detained and one stocked in.
    expect(data.pending?.choices?.some((choice) => choice.offered)).toBe(false);
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
    expect(redirectOf(asked)?.location).toBe(`/order/?${filter}&all=1&op=remarks`);
    expect((await list(`${filter}&all=1&op=remarks`)).pending).toEqual({
      intent: "remarks",
      orderNoList: [],
      matching: count,
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
    expect(redirectOf(scan)?.location).toMatch(/done=/);

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
    expect(redirectOf(asked)?.location).toBe(`/order/?op=stockIn&scan=${salverNo}`);
    expect((await list(`op=stockIn&scan=${salverNo}`)).pending).toEqual({
      intent: "stockIn",
      orderNoList: [],
      scanned: salverNo,
    });
    const done = await through(
      post(MANAGER, "/order/", [
        ["intent", "stockIn"],
        ["confirmed", "1"],
        ["salverNoOrOrderNo", salverNo],
      ]),
      action,
    );
    const shown = await list(redirectOf(done)?.location.split("?")[1] ?? "");
    expect(shown.result).toMatchObject({ intent: "stockIn" });
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

  it("sends a signed-out visitor of a long address to the login page, remembering what fits", async () => {
    const numbers = Array.from(
      { length: 200 },
      (_, i) => `SO2026103100${String(i).padStart(4, "0")}`,
    );
    const answer = await through(
      new Request(`${ORIGIN}/order/?cbaStatus=1&sel=${numbers.join(",")}`, {
        headers: { "User-Agent": CHROME_UA },
      }),
      loader,
    );
    expect(redirectOf(answer)).toEqual({ status: 302, location: "/" });
    const cookie = (answer.ok ? null : (answer.thrown as Response))?.headers.get("Set-Cookie");
    expect(cookie?.length).toBeLessThan(4096);
    const session = await sessionStorage.getSession(cookie?.split(";")[0]);
    expect(session.get("redirectTo")).toBe("/order/?cbaStatus=1");
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
