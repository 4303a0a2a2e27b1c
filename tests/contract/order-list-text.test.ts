/**
 * The order list's rows are answered from texts the backend keeps per row
 * (mocks/logistics.ts, orderViewJson): the list shows a change of status
 * and its history at once, in the caller's language, with the history's
 * actors as the caller may see them, and the answer is the JSON of the
 * rows' views (every list the tests ask is checked against it).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type Order, orderListDataSchema } from "../../app/contract/index.ts";
import { db } from "../../mocks/db.ts";
import { orderView, orderViewJson } from "../../mocks/logistics.ts";
import { companyScope } from "../../mocks/scope.ts";
import { ADMIN, contractBackend, MANAGER } from "./helpers.ts";

const server = contractBackend();
const { api } = server;
let manager: string;
let admin: string;

beforeEach(async () => {
  manager = await api.login(MANAGER);
  admin = await api.login(ADMIN);
});

async function list(token: string, lang = "zh-CN", query: Record<string, string | number> = {}) {
  const data = await api.ok(
    "/cba/order",
    { token, lang, query: { pageSize: 50, ...query } },
    orderListDataSchema,
  );
  return data.list;
}

function find(orders: Order[], orderNo: string): Order {
  const found = orders.find((order) => order.orderNo === orderNo);
  if (!found) throw new Error(`${orderNo} not listed`);
  return found;
}

describe("the order list's kept rows", () => {
  it("show a change of status and its history on the next list, for every language and caller", async () => {
    const [order] = await list(manager, "zh-CN", { cbaStatus: 1 });
    if (!order) throw new Error("no order in status 1");
    // Asked in both languages and by both callers before the change: all kept.
    for (const token of [manager, admin]) {
      for (const lang of ["zh-CN", "en-US"])
        expect(find(await list(token, lang), order.orderNo)).toBeDefined();
    }
    const moved = await api.call("/cba/order", {
      method: "PUT",
      token: admin,
      body: { orderNoList: [order.orderNo], cbaStatus: 2, reasonForDetention: "海关查验" },
    });
    expect(moved.code).toBe(200);

    const zh = find(await list(manager), order.orderNo);
    const en = find(await list(manager, "en-US"), order.orderNo);
    const platform = find(await list(admin, "en-US"), order.orderNo);
    for (const seen of [zh, en, platform]) {
      expect(seen.cbaStatus).toBe(2);
      expect(seen.reasonForDetention).toBe("海关查验");
      expect(seen.history).toHaveLength(order.history.length + 1);
    }
    expect(zh.cbaStatusStr).not.toBe(en.cbaStatusStr);
    // The platform's account is named to the platform only.
    expect(platform.history[0]?.actor).toBe(ADMIN);
    expect(en.history[0]?.actor).toBeNull();
  });

  it("are each row's view as JSON, kept until the orders or their history change", async () => {
    const row = db.orders.values().next().value;
    if (!row) throw new Error("no order");
    const user = db.users.get(db.userIdByName.get(ADMIN) ?? "");
    if (!user) throw new Error("no admin");
    const scope = companyScope(user);
    const text = orderViewJson(row, "en", scope).text;
    expect(text).toBe(JSON.stringify(orderView(row, "en", scope)));
    expect(orderViewJson(row, "en", scope).text).toBe(text);
    expect(orderViewJson(row, "zh", scope).text).toBe(JSON.stringify(orderView(row, "zh", scope)));
    await db.orders.update(row.orderNo, (draft) => {
      draft.reasonForDetention = "kept text dropped";
    });
    expect(orderViewJson(row, "en", scope).text).toContain(
      '"reasonForDetention":"kept text dropped"',
    );
  });

  it("drop the text of the order that changed and keep the others' (a write does not rebuild the page)", async () => {
    const [row, other, third] = db.orderList;
    if (!row || !other || !third) throw new Error("no orders");
    const user = db.users.get(db.userIdByName.get(ADMIN) ?? "");
    if (!user) throw new Error("no admin");
    const scope = companyScope(user);
    const kept = orderViewJson(other, "en", scope);
    const keptThird = orderViewJson(third, "zh", scope);
    await db.orders.update(row.orderNo, (draft) => {
      draft.reasonForDetention = "one order changed";
    });
    expect(orderViewJson(row, "en", scope).text).toContain(
      '"reasonForDetention":"one order changed"',
    );
    // The same kept texts, not texts made again.
    expect(orderViewJson(other, "en", scope)).toBe(kept);
    expect(orderViewJson(third, "zh", scope)).toBe(keptThird);

    // A change of one order's history: that order's text alone is made again.
    const rowText = orderViewJson(row, "en", scope);
    const history = db.orderHistory.get(row.orderNo);
    if (history) {
      await db.orderHistory.update(row.orderNo, (draft) => {
        draft.events = [];
      });
    } else {
      await db.orderHistory.insert({ orderNo: row.orderNo, companyId: row.companyId, events: [] });
    }
    expect(orderViewJson(row, "en", scope)).not.toBe(rowText);
    expect(orderViewJson(row, "en", scope).text).toBe(JSON.stringify(orderView(row, "en", scope)));
    expect(orderViewJson(other, "en", scope)).toBe(kept);

    // Emptied and loaded again (as at start from the data file): no text is kept.
    const rows = [...db.orders.values()];
    db.orders.clear();
    await db.orders.load(rows, true);
    expect(orderViewJson(other, "en", scope)).not.toBe(kept);
    expect(orderViewJson(other, "en", scope).text).toBe(
      JSON.stringify(orderView(other, "en", scope)),
    );
  });
});
