/**
 * Answers checked before, by their bytes (app/utils/checked-answers.server.ts):
 * the order list answered a third time with the very same bytes is handed
 * out as it was checked the second time, frozen (the first time only notes
 * the bytes); any other bytes are parsed and checked anew, an
 * answer that fails the contract fails every time, and other endpoints are
 * never kept. What is kept is bounded: no answer over 64 KB, at most 64.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { keptOrder } from "../support/kept-orders.ts";

vi.stubEnv("API_BASE_URL", "http://backend.test/api/v1");
vi.stubEnv("API_TIMEOUT_MS", "2000");

const { Api, setTransport } = await import("~/utils/api.server.ts");
const { fetchTransport } = await import("~/utils/backend-transport.server.ts");
const { forgetCheckedAnswers } = await import("~/utils/checked-answers.server.ts");
const { sessionStorage: storage } = await import("~/utils/session.server.ts");
setTransport(fetchTransport);

const order = keptOrder(1);

const page = (list: unknown[], total = list.length) =>
  JSON.stringify({
    code: 200,
    data: { list, pagination: { total, current: 1, pageSize: 10 }, amountTotal: 146_200 },
    msg: "success",
  });

/** A client whose backend answers each call with the next of `texts` (the last one again after). */
async function apiAnswering(...texts: string[]) {
  let call = 0;
  vi.stubGlobal("fetch", async () => {
    const text = texts[Math.min(call++, texts.length - 1)] ?? "";
    return new Response(text, { headers: { "content-type": "application/json" } });
  });
  const session = await storage.getSession();
  session.set("token", "tok-1");
  return new Api({ token: "tok-1", locale: "zh", session, genericMessage: "网络通信异常" });
}

const query = { current: 1, pageSize: 10 };

beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
beforeEach(() => forgetCheckedAnswers());
afterEach(() => vi.unstubAllGlobals());

describe("answers checked before, by their bytes", () => {
  it("hands out the same bytes' checked page again, frozen, once they came twice", async () => {
    const api = await apiAnswering(page([order]));
    const first = await api.call("orders", { query });
    // The first answer is only noted: nothing of it is frozen or shared.
    expect(Object.isFrozen(first)).toBe(false);
    const kept = await api.call("orders", { query });
    expect(kept).not.toBe(first);
    const second = await api.call("orders", { query });
    expect(second).toBe(kept);
    expect(second.list[0]?.orderNo).toBe(order.orderNo);
    expect(Object.isFrozen(second.list)).toBe(true);
    expect(Object.isFrozen(second.list[0]?.createdOn)).toBe(true);
    expect(() => {
      (second.list as unknown[]).push(order);
    }).toThrow(TypeError);
  });

  it("checks other bytes anew, of the same length too", async () => {
    const changed = { ...order, consignee: "林建国" };
    const api = await apiAnswering(page([order]), page([order]), page([changed]));
    const first = await api.call("orders", { query });
    await api.call("orders", { query });
    const second = await api.call("orders", { query });
    expect(second).not.toBe(first);
    expect(second.list[0]?.consignee).toBe("林建国");
  });

  it("keeps no answer larger than 64 KB: each is parsed and checked anew", async () => {
    const list = Array.from({ length: 200 }, (_, index) => ({
      ...order,
      orderNo: `DD2026103100${String(index).padStart(5, "0")}`,
    }));
    const text = page(list);
    expect(Buffer.byteLength(text)).toBeGreaterThan(64 * 1024);
    const api = await apiAnswering(text);
    const answers = [];
    for (let time = 0; time < 3; time += 1) answers.push(await api.call("orders", { query }));
    expect(answers[2]).not.toBe(answers[1]);
    expect(Object.isFrozen(answers[2])).toBe(false);
    expect(answers[2]?.list).toHaveLength(200);
  });

  it("keeps at most 64 answers: past them, what was kept is forgotten", async () => {
    const kept = page([order]);
    // 64 other answers, each of its own length (the key is the endpoint and the length).
    const others = Array.from({ length: 64 }, (_, index) =>
      page([{ ...order, consignee: "林".repeat(index + 4) }]),
    );
    const api = await apiAnswering(kept, kept, kept, ...others, kept);
    await api.call("orders", { query });
    await api.call("orders", { query });
    const shared = await api.call("orders", { query });
    expect(Object.isFrozen(shared)).toBe(true);
    for (let time = 0; time < others.length; time += 1) await api.call("orders", { query });
    const again = await api.call("orders", { query });
    expect(again).toEqual(shared);
    expect(again).not.toBe(shared);
    expect(Object.isFrozen(again)).toBe(false);
  });

  it("refuses an answer that does not match the contract every time it comes", async () => {
    const api = await apiAnswering(page([{ ...order, createdOn: "yesterday" }]));
    for (let time = 0; time < 3; time += 1) {
      const error = await api.call("orders", { query }).catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ init: { status: 502 } });
    }
  });

  it("keeps nothing of the other endpoints' answers", async () => {
    const user = JSON.stringify({
      code: 200,
      data: { username: "a@b.test", isSingleLogin: false, scope: ["CBA_MANAGER"] },
      msg: "success",
    });
    const api = await apiAnswering(user);
    const first = await api.call("accountInfo");
    await api.call("accountInfo");
    const second = await api.call("accountInfo");
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(Object.isFrozen(second)).toBe(false);
  });
});
