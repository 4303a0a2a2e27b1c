/**
 * The audit log (GET /cba/audit, /cba/audit/{id}/orders, /cba/audit/download):
 * one call that changed orders is one operation, whatever its size; the
 * filters; each company sees only the operations on its own orders, with the
 * platform's accounts unnamed; the platform sees every company's with every
 * name; what the calls refuse.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  ApiCode,
  type AuditData,
  auditDataSchema,
  auditOrderSchema,
  orderEventSchema,
  orderListDataSchema,
  pagedListOf,
} from "../../app/contract/index.ts";
import { mockClock, SEED_BASE_TIME } from "../../mocks/api.ts";
import { OTHER_COMPANY_ACCOUNTS } from "../../mocks/seed.ts";
import { ADMIN, contractBackend, MANAGER } from "./helpers.ts";

const server = contractBackend({ clockAt: (SEED_BASE_TIME + 86_400) * 1000 });
const { api } = server;

const NANSHA = OTHER_COMPANY_ACCOUNTS.nansha;
const NOW = () => Math.floor(mockClock.now() / 1000);

type Query = Record<string, string | number | undefined>;

async function audit(token: string, query: Query = {}): Promise<AuditData> {
  return api.ok("/cba/audit", { token, query }, auditDataSchema);
}

async function initialOrders(token: string, count: number, cbaStatus?: number): Promise<string[]> {
  const list = await api.ok(
    "/cba/order",
    { token, query: { cbaStatus, pageSize: count } },
    orderListDataSchema,
  );
  const numbers = list.list.map((order) => order.orderNo);
  if (numbers.length < count) throw new Error("too few initial orders");
  return numbers;
}

async function detain(token: string, orderNoList: string[], reason = "查验") {
  const answer = await api.call("/cba/order", {
    method: "PUT",
    token,
    body: { orderNoList, cbaStatus: 2, reasonForDetention: reason },
  });
  expect(answer.code).toBe(ApiCode.ok);
}

describe("audit log", () => {
  it("shows a batch as one operation with its orders, its events sharing the operation id", async () => {
    const manager = await api.login(MANAGER);
    const orders = await initialOrders(manager, 3, 1);
    await detain(manager, orders, "开箱查验");
    const { list, people } = await audit(manager);
    const [operation] = list;
    expect(operation).toMatchObject({
      actor: MANAGER,
      actorKind: "company",
      source: "selection",
      moves: [{ action: "detain", fromStatus: 1, toStatus: 2, orders: 3 }],
      text: "开箱查验",
      orderCount: 3,
      orderNos: orders,
    });
    expect(operation?.time.seconds).toBe(NOW());
    expect(people[0]).toEqual({ actor: MANAGER, actorKind: "company" });
    // The history of each order names the same operation.
    const ids = new Set<string | undefined>();
    for (const orderNo of orders) {
      const history = await api.ok(
        `/cba/order/${orderNo}/history`,
        { token: manager },
        orderEventSchema.array(),
      );
      ids.add(history[0]?.operationId);
    }
    expect(ids.size).toBe(1);
    expect([...ids][0]).toBeTruthy();
    // Every order of it, paged.
    const page = await api.ok(
      `/cba/audit/${operation?.id}/orders`,
      { token: manager, query: { pageSize: 2, current: 2 } },
      pagedListOf(auditOrderSchema),
    );
    expect(page.pagination.total).toBe(3);
    expect(page.list).toEqual([
      { orderNo: orders[2], action: "detain", fromStatus: 1, toStatus: 2, text: "开箱查验" },
    ]);
  });

  it("shows the first orders of a large batch and counts the rest", async () => {
    const manager = await api.login(MANAGER);
    const orders = await initialOrders(manager, 8);
    await api.call("/cba/order-remarks", {
      method: "PUT",
      token: manager,
      body: { orderNoList: orders, reasonForDetention: "加急" },
    });
    const [operation] = (await audit(manager)).list;
    expect(operation?.orderCount).toBe(8);
    expect(operation?.orderNos).toEqual(orders.slice(0, 5));
    expect(operation?.moves).toEqual([{ action: "remark", fromStatus: 1, toStatus: 1, orders: 8 }]);
  });

  it("filters by person, operation, order number and time", async () => {
    const manager = await api.login(MANAGER);
    const [first, second, other] = await initialOrders(manager, 3, 1);
    if (!first || !second || !other) throw new Error("orders missing");
    await detain(manager, [first, second]);
    const at = NOW();
    mockClock.advance(600_000);
    const admin = await api.login(ADMIN);
    await detain(admin, [other], "抽检");

    const ids = async (query: Query) => (await audit(manager, query)).list.map((op) => op.orderNos);
    expect(await ids({ actor: MANAGER.toUpperCase(), action: "detain" })).toEqual([
      [first, second],
    ]);
    expect(await ids({ orderNo: second.toLowerCase() })).toEqual([[first, second]]);
    expect(await ids({ actorKind: "platform", action: "detain", startTime: at })).toEqual([
      [other],
    ]);
    expect(await ids({ action: "detain", startTime: at, endTime: at + 1 })).toEqual([
      [first, second],
    ]);
    expect(await ids({ action: "stockOut", orderNo: first })).toEqual([]);
    // A company cannot find the platform's accounts by name.
    expect(await ids({ actor: ADMIN })).toEqual([]);
    expect(await ids({ actor: ADMIN, orderNo: other })).toEqual([]);
  });

  it("keeps each company to its own operations and the platform's names to the platform", async () => {
    const manager = await api.login(MANAGER);
    const nansha = await api.login(NANSHA);
    const admin = await api.login(ADMIN);
    const [orderA] = await initialOrders(manager, 1);
    const [orderB] = await initialOrders(nansha, 1);
    if (!orderA || !orderB) throw new Error("orders missing");
    // One call of the platform on two companies' orders.
    const remarks = await api.call("/cba/order-remarks", {
      method: "PUT",
      token: admin,
      body: { orderNoList: [orderA, orderB], reasonForDetention: "抽检" },
    });
    expect(remarks.code).toBe(ApiCode.ok);
    const ofA = await audit(manager);
    expect(ofA.list[0]).toMatchObject({ actor: null, actorKind: "platform", orderNos: [orderA] });
    expect(ofA.companies).toEqual([]);
    expect(ofA.people).toContainEqual({ actor: null, actorKind: "platform" });
    expect(ofA.people.some((person) => person.actor === ADMIN)).toBe(false);
    const ofB = await audit(nansha);
    expect(ofB.list[0]).toMatchObject({ actor: null, orderNos: [orderB] });
    // Company B knows nothing of company A's operation, order or company.
    const idA = ofA.list[0]?.id ?? "";
    expect((await api.call(`/cba/audit/${idA}/orders`, { token: nansha })).code).toBe(
      ApiCode.notFound,
    );
    expect((await audit(nansha, { orderNo: orderA })).list).toEqual([]);
    const companyA = ofA.list[0]?.companyId ?? "";
    expect(
      (await api.call("/cba/audit", { token: nansha, query: { companyId: companyA } })).code,
    ).toBe(ApiCode.notFound);
    // The platform sees both, by name, with the companies to filter by.
    const all = await audit(admin);
    expect(all.list.slice(0, 2).map((op) => [op.actor, op.companyId, op.orderNos])).toEqual(
      expect.arrayContaining([
        [ADMIN, companyA, [orderA]],
        [ADMIN, ofB.list[0]?.companyId, [orderB]],
      ]),
    );
    expect(all.companies.map((company) => company.id)).toContain(companyA);
    expect(all.people).toContainEqual({ actor: ADMIN, actorKind: "platform" });
    const onlyA = await audit(admin, { companyId: companyA });
    expect(onlyA.list.every((op) => op.companyId === companyA)).toBe(true);
    expect(onlyA.pagination.total).toBe(ofA.pagination.total);
    expect(onlyA.pagination.total).toBeLessThan(all.pagination.total);
  });

  it("orders operations of one second as their calls came, whenever the log was built", async () => {
    const manager = await api.login(MANAGER);
    const nansha = await api.login(NANSHA);
    const [first] = await initialOrders(manager, 1, 1);
    const [second] = await initialOrders(nansha, 1);
    if (!first || !second) throw new Error("orders missing");
    await detain(manager, [first]);
    const remarks = await api.call("/cba/order-remarks", {
      method: "PUT",
      token: nansha,
      body: { orderNoList: [second], reasonForDetention: "加急" },
    });
    expect(remarks.code).toBe(ApiCode.ok);
    // The log is built now, from the orders' histories in the table's order.
    const all = await audit(await api.login(ADMIN));
    expect(all.list.slice(0, 2).map((op) => op.orderNos)).toEqual([[second], [first]]);
  });

  it("shows events written before operations were numbered each as its own operation", async () => {
    const manager = await api.login(MANAGER);
    const seeded = await audit(manager, { pageSize: 100 });
    expect(seeded.pagination.total).toBeGreaterThan(0);
    for (const operation of seeded.list) expect(operation.orderCount).toBe(1);
  });

  it("downloads one row per order of each operation", async () => {
    const manager = await api.login(MANAGER);
    const orders = await initialOrders(manager, 2, 1);
    await detain(manager, orders, "开箱查验");
    const start = NOW();
    const response = await api.raw("/cba/audit/download", {
      token: manager,
      query: { startTime: start, action: "detain" },
      lang: "en",
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]?.slice(0, 7)).toEqual([
      "Time",
      "Company",
      "Person",
      "Operation",
      "How",
      "Operation No.",
      "Order No.",
    ]);
    expect(rows.slice(1, 3).map((row) => [row[2], row[3], row[6], row[7], row[8], row[9]])).toEqual(
      orders.map((orderNo) => [MANAGER, "Detained", orderNo, "Initial", "Detained", "开箱查验"]),
    );
    expect(rows).toHaveLength(4);
  });

  it("refuses what it cannot answer with coded errors", async () => {
    const manager = await api.login(MANAGER);
    for (const query of [
      { pageSize: 5000 },
      { action: "delete" },
      { actorKind: "robot" },
      { startTime: 200, endTime: 100 },
      { startTime: -1 },
      { orderNo: "X".repeat(65) },
      { actor: "a".repeat(101) },
    ]) {
      const answer = await api.call("/cba/audit", { token: manager, query });
      expect(answer.code, JSON.stringify(query)).toBe(ApiCode.invalidParameters);
    }
    const download = await api.raw("/cba/audit/download", {
      token: manager,
      query: { startTime: 200, endTime: 100 },
    });
    expect(download.status).toBe(400);
    expect(((await download.json()) as { code: number }).code).toBe(ApiCode.invalidParameters);
    expect((await api.call("/cba/audit/nothing/orders", { token: manager })).code).toBe(
      ApiCode.notFound,
    );
  });
});
