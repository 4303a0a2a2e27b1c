import { beforeEach, describe, expect, it } from "vitest";
import {
  ApiCode,
  arrivalReportDataSchema,
  type Order,
  orderListDataSchema,
  type PalletStatusCode,
  pagedListOf,
  palletSchema,
  serviceSchema,
  updateOrdersResultSchema,
  warehousingResultSchema,
} from "../../app/contract/index.ts";
import { mockClock } from "../../mocks/api.ts";
import { deriveStatus, emptyStats } from "../../mocks/db.ts";
import { ADMIN, contractBackend, GUEST, MANAGER, reset, SMALL_SEED } from "./helpers.ts";

const server = contractBackend();
const { api } = server;
let token: string;

beforeEach(async () => {
  // The platform sees every company's data: the whole seed, whose sizes these
  // tests count. Company isolation has its own tests (companies.test.ts).
  token = await api.login(ADMIN);
});

const list = pagedListOf;

async function allOrders(
  query: Record<string, string | number | undefined> = {},
): Promise<Order[]> {
  const data = await api.ok(
    "/cba/order",
    { token, query: { pageSize: 1000, ...query } },
    orderListDataSchema,
  );
  return data.list;
}

async function order(orderNo: string): Promise<Order> {
  const [found] = await allOrders({ orderNo });
  if (!found) throw new Error(`order ${orderNo} missing`);
  return found;
}

function putOrders(body: object) {
  return api.call("/cba/order", { method: "PUT", token, body });
}

/** The rule of docs/product.md (Derived status of services and pallets), written independently of the backend. */
function expectedStatus(orders: readonly Order[]): PalletStatusCode {
  const n = orders.length;
  const count = (status: number) => orders.filter((o) => o.cbaStatus === status).length;
  if (n === 0) return 1;
  if (count(3) === n) return 3;
  if (count(3) > 0) return 2;
  if (count(2) === n) return 5;
  if (count(2) > 0) return 4;
  if (count(4) === n) return 6;
  if (count(4) > 0) return 7;
  return 1;
}

async function palletOf(serviceNo: string, salverNo: string) {
  const pallets = await api.ok(
    `/cba/salver/${serviceNo}`,
    { token, query: { pageSize: 100 } },
    list(palletSchema),
  );
  const pallet = pallets.list.find((p) => p.salverNo === salverNo);
  if (!pallet) throw new Error(`pallet ${salverNo} missing`);
  return pallet;
}

describe("roles", () => {
  it("answers 40003 to a user without CBA_MANAGER or SYSTEM_ADMINISTRATOR on every logistics call", async () => {
    const guest = await api.login(GUEST);
    const calls: [string, string, object?][] = [
      ["GET", "/cba/service"],
      ["GET", "/cba/salver/X"],
      ["PUT", "/cba/salver/X", { salverDirection: "A-01-1" }],
      ["GET", "/cba/order"],
      ["PUT", "/cba/order", { orderNoList: ["X"], cbaStatus: 4 }],
      ["PUT", "/cba/order-remarks", { orderNoList: ["X"], reasonForDetention: "x" }],
      ["PUT", "/cba/order/by-filter", { expectedCount: 1, cbaStatus: 4 }],
      ["PUT", "/cba/order-remarks/by-filter", { expectedCount: 1, reasonForDetention: "x" }],
      ["PUT", "/cba/order-warehousing", { salverNoOrOrderNo: "X" }],
      ["PUT", "/cba/salver-warehousing", { salverNoOrOrderNo: "X" }],
      ["GET", "/cba/arrival-report"],
    ];
    for (const [method, path, body] of calls) {
      const answer = await api.call(path, { method, token: guest, body });
      expect(answer.code, `${method} ${path}`).toBe(ApiCode.forbidden);
    }
    for (const path of ["/cba/down-order", "/cba/down-order-logistics"]) {
      const response = await api.raw(path, {
        method: "POST",
        token: guest,
        body: { orderNoList: [] },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: number }).code).toBe(40003);
    }
    const template = await api.raw("/cba/order-import/template", { token: guest });
    expect(template.status).toBe(400);
  });

  it("lets SYSTEM_ADMINISTRATOR and CBA_MANAGER in", async () => {
    const manager = await api.login(MANAGER);
    expect((await api.call("/cba/service", { token })).code).toBe(200);
    expect((await api.call("/cba/service", { token: manager })).code).toBe(200);
    expect((await api.call("/cba/service")).code).toBe(ApiCode.noToken);
  });
});

describe("lists", () => {
  it("services: every service, newest first, with order count, amount and status derived from the orders", async () => {
    const services = await api.ok(
      "/cba/service",
      { token, query: { pageSize: 100 } },
      list(serviceSchema),
    );
    const orders = await allOrders();
    expect(orders).toHaveLength(SMALL_SEED.orders ?? 0);
    expect(services.pagination.total).toBe(SMALL_SEED.services);
    expect(services.list.map((s) => s.createdOn.seconds)).toEqual(
      [...services.list.map((s) => s.createdOn.seconds)].sort((a, b) => b - a),
    );
    for (const service of services.list) {
      const own = orders.filter((o) => o.serviceNo === service.serviceNo);
      expect(service.ordersTotal).toBe(own.length);
      expect(service.amount).toBe(own.reduce((sum, o) => sum + o.acturalPaid, 0));
      expect(service.cbaStatus).toBe(expectedStatus(own));
      expect(service.cbaStatusStr).not.toBe("");
    }
    const total = services.list.reduce((sum, s) => sum + s.ordersTotal, 0);
    expect(total).toBe(orders.length);

    const status = services.list[0]?.cbaStatus ?? 1;
    const filtered = await api.ok(
      "/cba/service",
      { token, query: { cbaStatus: status } },
      list(serviceSchema),
    );
    expect(filtered.list.every((s) => s.cbaStatus === status)).toBe(true);
    expect(filtered.pagination.total).toBe(
      services.list.filter((s) => s.cbaStatus === status).length,
    );

    const page = await api.ok(
      "/cba/service",
      { token, query: { current: 2, pageSize: 3 } },
      list(serviceSchema),
    );
    expect(page.pagination).toEqual({ total: 4, pageSize: 3, current: 2 });
    expect(page.list.map((s) => s.serviceNo)).toEqual(
      services.list.slice(3, 6).map((s) => s.serviceNo),
    );
  });

  it("pallets: per service, derived values, status filter; 40004 for an unknown service", async () => {
    const services = await api.ok(
      "/cba/service",
      { token, query: { pageSize: 100 } },
      list(serviceSchema),
    );
    const orders = await allOrders();
    let pallets = 0;
    for (const service of services.list) {
      const answer = await api.ok(
        `/cba/salver/${service.serviceNo}`,
        { token, query: { pageSize: 100 } },
        list(palletSchema),
      );
      expect(answer.pagination.total).toBe(service.salverTotal);
      pallets += answer.list.length;
      // By number: ascending pallet numbers, named 托盘01, 托盘02, … in that order.
      const numbers = answer.list.map((p) => p.salverNo);
      expect(numbers).toEqual([...numbers].sort());
      expect(answer.list.map((p) => p.name.slice(-4))).toEqual(
        answer.list.map((_, index) => `托盘${String(index + 1).padStart(2, "0")}`),
      );
      for (const pallet of answer.list) {
        const own = orders.filter((o) => o.salverNo === pallet.salverNo);
        expect(pallet.serviceNo).toBe(service.serviceNo);
        expect(pallet.ordersTotal).toBe(own.length);
        expect(pallet.amount).toBe(own.reduce((sum, o) => sum + o.acturalPaid, 0));
        expect(pallet.cbaStatus).toBe(expectedStatus(own));
        expect(pallet.width).toBeGreaterThan(0);
        expect(pallet.weight).toBeGreaterThan(0);
      }
      const status = answer.list[0]?.cbaStatus ?? 1;
      const filtered = await api.ok(
        `/cba/salver/${service.serviceNo}`,
        { token, query: { cbaStatus: status } },
        list(palletSchema),
      );
      expect(filtered.list.every((p) => p.cbaStatus === status)).toBe(true);
    }
    expect(pallets).toBe(SMALL_SEED.pallets);
    expect((await api.call("/cba/salver/NOPE", { token })).code).toBe(ApiCode.notFound);
  });

  it("orders: newest first, paging, totals and amount over the whole filtered set", async () => {
    const orders = await allOrders();
    const times = orders.map((o) => o.createdOn.seconds);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = await api.ok(
      "/cba/order",
      { token, query: { current: 3, pageSize: 20 } },
      orderListDataSchema,
    );
    expect(page.pagination).toEqual({ total: orders.length, pageSize: 20, current: 3 });
    expect(page.list.map((o) => o.orderNo)).toEqual(orders.slice(40, 60).map((o) => o.orderNo));
    expect(page.amountTotal).toBe(orders.reduce((sum, o) => sum + o.acturalPaid, 0));
    const defaults = await api.ok("/cba/order", { token }, orderListDataSchema);
    expect(defaults.pagination).toEqual({ total: orders.length, pageSize: 10, current: 1 });
    const beyond = await api.ok(
      "/cba/order",
      { token, query: { current: 99 } },
      orderListDataSchema,
    );
    expect(beyond.list).toEqual([]);
    expect(beyond.pagination.total).toBe(orders.length);
    for (const o of orders) {
      expect(o.subOrder.length).toBeGreaterThanOrEqual(1);
      expect(o.subOrder.length).toBeLessThanOrEqual(5);
      expect(o.acturalPaid).toBe(o.subOrder.reduce((sum, line) => sum + line.totalPrice, 0));
      for (const line of o.subOrder) expect(line.totalPrice).toBe(line.price * line.qty);
    }
    expect(new Set(orders.map((o) => o.cbaStatus)).size).toBeGreaterThanOrEqual(3);
  });

  it("orders: every filter matches partially and combines; totals follow the filter", async () => {
    const orders = await allOrders();
    const sample = orders.find((o) => o.logisticsNo !== null) ?? orders[0];
    if (!sample?.logisticsNo) throw new Error("no order with a waybill");
    const cases: [Record<string, string | number>, (o: Order) => boolean][] = [
      [
        { salverNo: sample.salverNo.slice(2, 12) },
        (o) => o.salverNo.includes(sample.salverNo.slice(2, 12)),
      ],
      [{ salverNo: sample.salverNo.toLowerCase() }, (o) => o.salverNo === sample.salverNo],
      [{ orderNo: sample.orderNo.slice(-5) }, (o) => o.orderNo.includes(sample.orderNo.slice(-5))],
      [
        { logisticsNo: sample.logisticsNo.slice(0, 6) },
        (o) => (o.logisticsNo ?? "").includes(sample.logisticsNo?.slice(0, 6) ?? ""),
      ],
      [
        { consignee: sample.consignee.slice(0, 1) },
        (o) => o.consignee.includes(sample.consignee.slice(0, 1)),
      ],
      [{ cbaStatus: 4 }, (o) => o.cbaStatus === 4],
      [{ cbaStatus1: 3 }, (o) => o.cbaStatus === 3],
      [{ status: 1 }, (o) => o.cbaStatus === 1],
      [{ serviceNo: sample.serviceNo }, (o) => o.serviceNo === sample.serviceNo],
      [
        { consignee: sample.consignee.slice(0, 1), cbaStatus: sample.cbaStatus },
        (o) =>
          o.consignee.includes(sample.consignee.slice(0, 1)) && o.cbaStatus === sample.cbaStatus,
      ],
      [
        {
          timeField: "createdOn",
          startTime: sample.createdOn.seconds,
          endTime: sample.createdOn.seconds + 1,
        },
        (o) => o.createdOn.seconds === sample.createdOn.seconds,
      ],
      [{ timeField: "enterCbaTime", startTime: 0 }, (o) => o.enterCbaTime !== null],
    ];
    for (const [query, predicate] of cases) {
      // Newest first by the filter's time field (creation time by default).
      const field: "createdOn" | "enterCbaTime" | "exitCbaTime" =
        query.timeField === "enterCbaTime" || query.timeField === "exitCbaTime"
          ? query.timeField
          : "createdOn";
      const expected = orders
        .filter(predicate)
        .sort((a, b) => (b[field]?.seconds ?? -1) - (a[field]?.seconds ?? -1));
      const answer = await api.ok(
        "/cba/order",
        { token, query: { ...query, pageSize: 1000 } },
        orderListDataSchema,
      );
      expect(
        answer.list.map((o) => o.orderNo),
        JSON.stringify(query),
      ).toEqual(expected.map((o) => o.orderNo));
      expect(answer.pagination.total).toBe(expected.length);
      expect(answer.amountTotal).toBe(expected.reduce((sum, o) => sum + o.acturalPaid, 0));
      expect(expected.length).toBeGreaterThan(0);
    }
    // Fast paths (exact order number, status only) agree with a full scan.
    const exact = await api.ok(
      "/cba/order",
      { token, query: { orderNo: sample.orderNo } },
      orderListDataSchema,
    );
    expect(exact.list.map((o) => o.orderNo)).toEqual([sample.orderNo]);
    const exactFiltered = await api.ok(
      "/cba/order",
      { token, query: { orderNo: sample.orderNo, cbaStatus: sample.cbaStatus === 1 ? 2 : 1 } },
      orderListDataSchema,
    );
    expect(exactFiltered.pagination.total).toBe(0);
    const stocked = orders.filter((o) => o.cbaStatus === 4);
    const page2 = await api.ok(
      "/cba/order",
      { token, query: { cbaStatus: 4, current: 2, pageSize: 7 } },
      orderListDataSchema,
    );
    expect(page2.list.map((o) => o.orderNo)).toEqual(stocked.slice(7, 14).map((o) => o.orderNo));
    expect(page2.pagination.total).toBe(stocked.length);
    expect(page2.amountTotal).toBe(stocked.reduce((sum, o) => sum + o.acturalPaid, 0));
    const none = await api.ok(
      "/cba/order",
      { token, query: { orderNo: "NO-SUCH" } },
      orderListDataSchema,
    );
    expect(none).toMatchObject({ list: [], amountTotal: 0, pagination: { total: 0 } });
    const blank = await api.ok(
      "/cba/order",
      { token, query: { orderNo: "", cbaStatus: "" } },
      orderListDataSchema,
    );
    expect(blank.pagination.total).toBe(orders.length);
  });

  it("validates list queries: pageSize up to 1000, numbers only (40001)", async () => {
    expect((await api.call("/cba/order", { token, query: { pageSize: 1001 } })).code).toBe(
      ApiCode.invalidParameters,
    );
    expect((await api.call("/cba/order", { token, query: { current: 0 } })).code).toBe(40001);
    expect((await api.call("/cba/order", { token, query: { cbaStatus: "x" } })).code).toBe(40001);
    expect((await api.call("/cba/order", { token, query: { cbaStatus: 5 } })).code).toBe(40001);
    expect((await api.call("/cba/service", { token, query: { cbaStatus: 8 } })).code).toBe(40001);
    const en = await api.call("/cba/order", { token, query: { pageSize: 5000 }, lang: "en" });
    expect(en.data).toMatch(/^pageSize: /);
  });

  it("arrival report: per day and pallet, in stock (4) and not, by real status, with totals", async () => {
    const orders = await allOrders();
    const report = await api.ok(
      "/cba/arrival-report",
      { token, query: { pageSize: 1000 } },
      arrivalReportDataSchema,
    );
    expect(report.totals.arrived).toBe(orders.length);
    expect(report.totals.inStock).toBe(orders.filter((o) => o.cbaStatus === 4).length);
    const ofStatus = (status: number) => orders.filter((o) => o.cbaStatus === status).length;
    // "Not in stock" is not "detained": stocked-out and initial orders are counted as what they are.
    expect(report.totals).toEqual({
      arrived: orders.length,
      inStock: ofStatus(4),
      notInStock: orders.length - ofStatus(4),
      detained: ofStatus(2),
      stockedOut: ofStatus(3),
      initial: ofStatus(1),
    });
    expect(report.totals.detained).toBeLessThan(report.totals.notInStock);
    expect(report.list.reduce((sum, row) => sum + row.arrived, 0)).toBe(orders.length);
    for (const row of report.list) {
      expect(row.arrived).toBe(row.inStock + row.notInStock);
      expect(row.notInStock).toBe(row.detained + row.stockedOut + row.initial);
    }
    const days = report.list.map((row) => row.day);
    expect(days).toEqual([...days].sort().reverse());
    const first = report.list[0];
    if (!first) throw new Error("empty report");
    const narrow = await api.ok(
      "/cba/arrival-report",
      { token, query: { salverNo: first.salverNo } },
      arrivalReportDataSchema,
    );
    expect(narrow.list.every((row) => row.salverNo === first.salverNo)).toBe(true);
  });

  it("changes the position of a pallet; 40004 unknown, 40001 blank", async () => {
    const services = await api.ok("/cba/service", { token }, list(serviceSchema));
    const serviceNo = services.list[0]?.serviceNo ?? "";
    const pallets = await api.ok(`/cba/salver/${serviceNo}`, { token }, list(palletSchema));
    const salverNo = pallets.list[0]?.salverNo ?? "";
    const answer = await api.ok(
      `/cba/salver/${salverNo}`,
      { method: "PUT", token, body: { salverDirection: " B-07-3 " } },
      palletSchema,
    );
    expect(answer.salverDirection).toBe("B-07-3");
    expect((await palletOf(serviceNo, salverNo)).salverDirection).toBe("B-07-3");
    expect(
      (await api.call("/cba/salver/NOPE", { method: "PUT", token, body: { salverDirection: "A" } }))
        .code,
    ).toBe(40004);
    expect(
      (
        await api.call(`/cba/salver/${salverNo}`, {
          method: "PUT",
          token,
          body: { salverDirection: " " },
        })
      ).code,
    ).toBe(40001);
  });
});

describe("order status rules", () => {
  it("1 → 4 sets enterCbaTime, 4 → 3 sets exitCbaTime; 3 cannot move (40009 naming the order)", async () => {
    const initial = (await allOrders({ cbaStatus: 1 }))[0];
    if (!initial) throw new Error("no initial order");
    const result = await api.ok(
      "/cba/order",
      { method: "PUT", token, body: { orderNoList: [initial.orderNo], cbaStatus: 4 } },
      updateOrdersResultSchema,
    );
    expect(result).toEqual({ updated: 1, changed: [{ orderNo: initial.orderNo, from: 1, to: 4 }] });
    const stocked = await order(initial.orderNo);
    expect(stocked.cbaStatus).toBe(4);
    expect(stocked.enterCbaTime?.seconds).toBeGreaterThan(0);
    expect(stocked.exitCbaTime).toBeNull();

    expect((await putOrders({ orderNoList: [initial.orderNo], cbaStatus: 3 })).code).toBe(200);
    const out = await order(initial.orderNo);
    expect(out.cbaStatus).toBe(3);
    expect(out.exitCbaTime?.seconds).toBeGreaterThanOrEqual(out.enterCbaTime?.seconds ?? 0);

    for (const target of [1, 2, 4]) {
      const refused = await putOrders({
        orderNoList: [initial.orderNo],
        cbaStatus: target,
        reasonForDetention: "x",
      });
      expect(refused.code).toBe(ApiCode.wrongStatus);
      expect(refused.data).toContain(initial.orderNo);
    }
    const en = await api.call("/cba/order", {
      method: "PUT",
      token,
      lang: "en",
      body: { orderNoList: [initial.orderNo], cbaStatus: 4 },
    });
    expect(en.data).toBe(
      `Nothing was changed. Orders that cannot become "Stocked in": ${initial.orderNo} ("Stocked out"; its status cannot change any more)`,
    );
  });

  it("lists the stocked-in and stocked-out orders newest first by their stock-in and stock-out times", async () => {
    const oldInitial = (await allOrders({ cbaStatus: 1 })).at(-1);
    const oldStocked = (await allOrders({ cbaStatus: 4 })).at(-1);
    if (!oldInitial || !oldStocked) throw new Error("orders missing");
    mockClock.advance(60_000);
    expect((await putOrders({ orderNoList: [oldInitial.orderNo], cbaStatus: 4 })).code).toBe(200);
    expect((await putOrders({ orderNoList: [oldStocked.orderNo], cbaStatus: 3 })).code).toBe(200);
    for (const [status, field, moved] of [
      [4, "enterCbaTime", oldInitial.orderNo],
      [3, "exitCbaTime", oldStocked.orderNo],
    ] as const) {
      const listed = await allOrders({ cbaStatus: status, timeField: field });
      // Created long ago, moved just now: first in its tab.
      expect(listed[0]?.orderNo).toBe(moved);
      const times = listed.map((o) => o[field]?.seconds ?? -1);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      // One page of the same query is a slice of the whole.
      const page = await api.ok(
        "/cba/order",
        { token, query: { cbaStatus: status, timeField: field, current: 2, pageSize: 5 } },
        orderListDataSchema,
      );
      expect(page.list.map((o) => o.orderNo)).toEqual(listed.slice(5, 10).map((o) => o.orderNo));
    }
  });

  it("sorts by the amount paid or a time, either way, across pages", async () => {
    for (const sortOrder of ["asc", "desc"] as const) {
      const listed = await allOrders({ sortField: "acturalPaid", sortOrder });
      const amounts = listed.map((o) => o.acturalPaid);
      expect(amounts).toEqual([...amounts].sort((a, b) => (sortOrder === "asc" ? a - b : b - a)));
      const page = await api.ok(
        "/cba/order",
        { token, query: { sortField: "acturalPaid", sortOrder, current: 3, pageSize: 7 } },
        orderListDataSchema,
      );
      expect(page.list.map((o) => o.orderNo)).toEqual(listed.slice(14, 21).map((o) => o.orderNo));
    }
    const oldestFirst = await allOrders({ sortField: "createdOn", sortOrder: "asc" });
    const created = oldestFirst.map((o) => o.createdOn.seconds);
    expect(created).toEqual([...created].sort((a, b) => a - b));
    // Orders never stocked in come last, whichever way.
    const byStockIn = await allOrders({ sortField: "enterCbaTime", sortOrder: "asc" });
    const firstMissing = byStockIn.findIndex((o) => o.enterCbaTime === null);
    expect(firstMissing).toBeGreaterThan(0);
    expect(byStockIn.slice(firstMissing).every((o) => o.enterCbaTime === null)).toBe(true);
  });

  it("a refused batch names every order that blocks it and what each may become", async () => {
    const [first, second] = await allOrders({ cbaStatus: 1 });
    const [out] = await allOrders({ cbaStatus: 3 });
    const [stocked] = await allOrders({ cbaStatus: 4 });
    if (!first || !second || !out || !stocked) throw new Error("orders missing");
    const batch = [stocked.orderNo, first.orderNo, out.orderNo, second.orderNo];
    const zh = await putOrders({ orderNoList: batch, cbaStatus: 3 });
    expect(zh.code).toBe(ApiCode.wrongStatus);
    expect(zh.data).toBe(
      `整批未修改，以下 3 个订单不能改为“已出库”：${first.orderNo}、${second.orderNo}（当前“初始状态”，只能改为“扣留”或“已入库”）；${out.orderNo}（当前“已出库”，状态不能再修改）`,
    );
    const en = await api.call("/cba/order", {
      method: "PUT",
      token,
      lang: "en",
      body: { orderNoList: batch, cbaStatus: 3 },
    });
    expect(en.data).toBe(
      `Nothing was changed. Orders that cannot become "Stocked out": ${first.orderNo}, ${second.orderNo} ("Initial"; it can only become "Detained" or "Stocked in"); ${out.orderNo} ("Stocked out"; its status cannot change any more)`,
    );
    // All or nothing: the movable order stayed where it was.
    expect((await order(stocked.orderNo)).cbaStatus).toBe(4);
  });

  it("refuses moves outside the table: 1 → 3, 1 → 1, 4 → 1, 4 → 4", async () => {
    const initial = (await allOrders({ cbaStatus: 1 }))[0];
    const stocked = (await allOrders({ cbaStatus: 4 }))[0];
    if (!initial || !stocked) throw new Error("orders missing");
    for (const [o, target] of [
      [initial, 3],
      [initial, 1],
      [stocked, 1],
      [stocked, 4],
    ] as const) {
      expect((await putOrders({ orderNoList: [o.orderNo], cbaStatus: target })).code).toBe(40009);
    }
  });

  it("detains any order but a stocked-out one with a non-blank reason and releases it to the state it had", async () => {
    const initial = (await allOrders({ cbaStatus: 1 }))[0];
    const stocked = (await allOrders({ cbaStatus: 4 }))[0];
    if (!initial || !stocked) throw new Error("orders missing");
    const both = [initial.orderNo, stocked.orderNo];
    expect((await putOrders({ orderNoList: both, cbaStatus: 2 })).code).toBe(
      ApiCode.invalidParameters,
    );
    expect(
      (await putOrders({ orderNoList: both, cbaStatus: 2, reasonForDetention: "   " })).code,
    ).toBe(40001);
    expect(
      (
        await putOrders({
          orderNoList: both,
          cbaStatus: 2,
          reasonForDetention: " 申报品名与实物不符 ",
        })
      ).code,
    ).toBe(200);
    const held = await order(stocked.orderNo);
    expect(held).toMatchObject({
      cbaStatus: 2,
      previousCbaStatus: 4,
      reasonForDetention: "申报品名与实物不符",
      cbaStatusStr: "扣留",
    });
    // Detained twice, or released to another state: refused.
    expect(
      (
        await putOrders({
          orderNoList: [stocked.orderNo],
          cbaStatus: 2,
          reasonForDetention: "again",
        })
      ).code,
    ).toBe(40009);
    expect((await putOrders({ orderNoList: [stocked.orderNo], cbaStatus: 1 })).code).toBe(40009);
    expect((await putOrders({ orderNoList: [initial.orderNo], cbaStatus: 4 })).code).toBe(40009);
    expect((await putOrders({ orderNoList: [stocked.orderNo], cbaStatus: 4 })).code).toBe(200);
    expect((await putOrders({ orderNoList: [initial.orderNo], cbaStatus: 1 })).code).toBe(200);
    const released = await order(stocked.orderNo);
    expect(released).toMatchObject({
      cbaStatus: 4,
      previousCbaStatus: null,
      reasonForDetention: "申报品名与实物不符",
    });
    expect(released.enterCbaTime).toEqual(stocked.enterCbaTime);
    expect((await order(initial.orderNo)).cbaStatus).toBe(1);
  });

  it("batches are all or nothing; unknown orders answer 40004", async () => {
    const initial = (await allOrders({ cbaStatus: 1 })).slice(0, 3);
    const out = (await allOrders({ cbaStatus: 3 }))[0];
    if (initial.length < 3 || !out) throw new Error("orders missing");
    const refused = await putOrders({
      orderNoList: [...initial.map((o) => o.orderNo), out.orderNo],
      cbaStatus: 4,
    });
    expect(refused.code).toBe(40009);
    expect(refused.data).toContain(out.orderNo);
    for (const o of initial) expect((await order(o.orderNo)).cbaStatus).toBe(1);
    const unknown = await putOrders({
      orderNoList: [initial[0]?.orderNo, "DD-NOPE"],
      cbaStatus: 4,
    });
    expect(unknown).toMatchObject({ code: ApiCode.notFound, data: "订单 DD-NOPE 不存在" });
    expect((await order(initial[0]?.orderNo ?? "")).cbaStatus).toBe(1);
    expect((await putOrders({ orderNoList: [], cbaStatus: 4 })).code).toBe(40001);
    const batch = await api.ok(
      "/cba/order",
      { method: "PUT", token, body: { orderNoList: initial.map((o) => o.orderNo), cbaStatus: 4 } },
      updateOrdersResultSchema,
    );
    expect(batch.updated).toBe(3);
  });

  it("remarks: set on many orders at once, blank refused for a detained order (all or nothing)", async () => {
    const some = (await allOrders({ cbaStatus: 4 })).slice(0, 2);
    const detained = (await allOrders({ cbaStatus: 2 }))[0];
    if (some.length < 2 || !detained) throw new Error("orders missing");
    const remarks = (body: object) =>
      api.call("/cba/order-remarks", { method: "PUT", token, body });
    expect(
      await remarks({
        orderNoList: some.map((o) => o.orderNo),
        reasonForDetention: " 客户要求加急 ",
      }),
    ).toMatchObject({
      code: 200,
      data: { updated: 2 },
    });
    for (const o of some) expect((await order(o.orderNo)).reasonForDetention).toBe("客户要求加急");
    const refused = await remarks({
      orderNoList: [some[0]?.orderNo, detained.orderNo],
      reasonForDetention: "",
    });
    expect(refused.code).toBe(40001);
    expect(refused.data).toContain(detained.orderNo);
    expect((await order(some[0]?.orderNo ?? "")).reasonForDetention).toBe("客户要求加急");
    expect((await remarks({ orderNoList: [some[0]?.orderNo], reasonForDetention: "" })).code).toBe(
      200,
    );
    expect((await remarks({ orderNoList: ["NOPE"], reasonForDetention: "x" })).code).toBe(40004);
    // Left out, the remark is blank: it clears the remark.
    await remarks({ orderNoList: [some[1]?.orderNo], reasonForDetention: "x" });
    expect((await remarks({ orderNoList: [some[1]?.orderNo] })).code).toBe(200);
    expect((await order(some[1]?.orderNo ?? "")).reasonForDetention).toBe("");
  });
});

describe("status counts of chosen or matching orders", () => {
  function counts(body: object, query: Record<string, string | number> = {}) {
    return api.call<{ total: number; counts: object[] }>("/cba/order/status-counts", {
      method: "POST",
      token,
      body,
      query,
    });
  }

  it("counts the chosen orders by status, detained ones by the status they return to, and changes nothing", async () => {
    const [first, second] = await allOrders({ cbaStatus: 1 });
    const stocked = (await allOrders({ cbaStatus: 4 }))[0];
    if (!first || !second || !stocked) throw new Error("orders missing");
    await putOrders({
      orderNoList: [second.orderNo, stocked.orderNo],
      cbaStatus: 2,
      reasonForDetention: "查验",
    });
    const answer = await counts({
      orderNoList: [first.orderNo, second.orderNo, stocked.orderNo],
    });
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual({
      total: 3,
      counts: [
        { cbaStatus: 1, previousCbaStatus: null, count: 1 },
        { cbaStatus: 2, previousCbaStatus: 1, count: 1 },
        { cbaStatus: 2, previousCbaStatus: 4, count: 1 },
      ],
    });
    expect((await order(first.orderNo)).history).toEqual(first.history);
  });

  it("without numbers, counts every order matching the filter; an unknown number is 40004", async () => {
    const stockedOut = await allOrders({ cbaStatus: 3 });
    const answer = await counts({}, { cbaStatus: 3 });
    expect(answer.data).toEqual({
      total: stockedOut.length,
      counts: [{ cbaStatus: 3, previousCbaStatus: null, count: stockedOut.length }],
    });
    expect((await counts({ orderNoList: ["NO-SUCH-ORDER"] })).code).toBe(ApiCode.notFound);
    expect((await counts({ orderNoList: Array(1001).fill("X") })).code).toBe(
      ApiCode.invalidParameters,
    );
  });
});

describe("operations on every order matching a filter", () => {
  function byFilter(path: string, query: Record<string, string | number>, body: object) {
    return api.call<unknown>(path, { method: "PUT", token, query, body });
  }
  /** A pallet whose orders are all in one status, and its orders. */
  async function palletIn(status: number) {
    const orders = await allOrders();
    const pallets = new Map<string, Order[]>();
    for (const o of orders) pallets.set(o.salverNo, [...(pallets.get(o.salverNo) ?? []), o]);
    for (const [salverNo, rows] of pallets) {
      const matching = rows.filter((o) => o.cbaStatus === status);
      if (matching.length >= 2) return { salverNo, rows, matching };
    }
    throw new Error(`no pallet with orders in status ${status}`);
  }

  it("detains every matching order when the confirmed count still holds, on every page of the filter", async () => {
    const { salverNo, matching } = await palletIn(1);
    const filter = { salverNo, cbaStatus: 1 };
    const answer = await api.ok(
      "/cba/order/by-filter",
      {
        method: "PUT",
        token,
        query: filter,
        body: { expectedCount: matching.length, cbaStatus: 2, reasonForDetention: " 抽检 " },
      },
      updateOrdersResultSchema,
    );
    expect(answer.updated).toBe(matching.length);
    expect(new Set(answer.changed.map((c) => c.orderNo))).toEqual(
      new Set(matching.map((o) => o.orderNo)),
    );
    for (const o of matching) {
      const now = await order(o.orderNo);
      expect(now).toMatchObject({ cbaStatus: 2, previousCbaStatus: 1, reasonForDetention: "抽检" });
    }
    expect(await allOrders(filter)).toHaveLength(0);
  });

  it("refuses a count that no longer matches the filter (40009) and changes nothing", async () => {
    const { salverNo, matching } = await palletIn(1);
    const filter = { salverNo, cbaStatus: 1 };
    for (const expectedCount of [matching.length + 1, matching.length - 1]) {
      const refused = await byFilter("/cba/order/by-filter", filter, {
        expectedCount,
        cbaStatus: 4,
      });
      expect(refused.code).toBe(ApiCode.wrongStatus);
      expect(refused.data).toContain(String(matching.length));
      expect(refused.data).toContain(String(expectedCount));
      const remarks = await byFilter("/cba/order-remarks/by-filter", filter, {
        expectedCount,
        reasonForDetention: "x",
      });
      expect(remarks.code).toBe(ApiCode.wrongStatus);
    }
    for (const o of matching) expect(await order(o.orderNo)).toMatchObject(o);
    const english = await api.call<string>("/cba/order/by-filter", {
      method: "PUT",
      token,
      lang: "en",
      query: filter,
      body: { expectedCount: 0, cbaStatus: 4 },
    });
    expect(english.data).toContain(`the filter now matches ${matching.length} orders`);
  });

  it("is all or nothing: one order that may not move blocks the whole filter, named with its status", async () => {
    const orders = await allOrders();
    const out = orders.find((o) => o.cbaStatus === 3);
    if (!out) throw new Error("no stocked-out order");
    const filter = { salverNo: out.salverNo };
    const before = await allOrders(filter);
    expect(before.some((o) => o.cbaStatus !== 3)).toBe(true);
    const refused = await byFilter("/cba/order/by-filter", filter, {
      expectedCount: before.length,
      cbaStatus: 2,
      reasonForDetention: "整托扣留",
    });
    expect(refused.code).toBe(ApiCode.wrongStatus);
    expect(refused.data).toContain(out.orderNo);
    expect(refused.data).toContain("已出库");
    expect(await allOrders(filter)).toEqual(before);
  });

  it("lists at most 50 blocking orders per group and says how many more", async () => {
    const initial = await allOrders({ cbaStatus: 1 });
    expect(initial.length).toBeGreaterThan(50);
    const refused = await byFilter(
      "/cba/order/by-filter",
      { cbaStatus: 1 },
      { expectedCount: initial.length, cbaStatus: 3 },
    );
    expect(refused.code).toBe(ApiCode.wrongStatus);
    const named = initial.filter((o) => String(refused.data).includes(o.orderNo));
    expect(named).toHaveLength(50);
    expect(refused.data).toContain(`${initial.length} 个订单`);
    expect(refused.data).toContain(`等 ${initial.length} 个`);
  });

  it("needs a reason to detain and a count (40001)", async () => {
    const { salverNo, matching } = await palletIn(1);
    const filter = { salverNo, cbaStatus: 1 };
    const blank = await byFilter("/cba/order/by-filter", filter, {
      expectedCount: matching.length,
      cbaStatus: 2,
      reasonForDetention: "  ",
    });
    expect(blank.code).toBe(ApiCode.invalidParameters);
    const noCount = await byFilter("/cba/order/by-filter", filter, { cbaStatus: 4 });
    expect(noCount.code).toBe(ApiCode.invalidParameters);
    for (const o of matching) expect((await order(o.orderNo)).cbaStatus).toBe(1);
  });

  it("sets the remark of every matching order; blank is refused when one of them is detained", async () => {
    const { salverNo, rows } = await palletIn(1);
    const filter = { salverNo };
    const done = await byFilter("/cba/order-remarks/by-filter", filter, {
      expectedCount: rows.length,
      reasonForDetention: "整托加急",
    });
    expect(done).toMatchObject({ code: 200, data: { updated: rows.length } });
    for (const o of rows) expect((await order(o.orderNo)).reasonForDetention).toBe("整托加急");

    const detained = (await allOrders({ cbaStatus: 2 }))[0];
    if (!detained) throw new Error("no detained order");
    const withDetained = await allOrders({ salverNo: detained.salverNo });
    const refused = await byFilter(
      "/cba/order-remarks/by-filter",
      { salverNo: detained.salverNo },
      { expectedCount: withDetained.length, reasonForDetention: "" },
    );
    expect(refused.code).toBe(ApiCode.invalidParameters);
    expect(await allOrders({ salverNo: detained.salverNo })).toEqual(withDetained);
  });

  it("caps nothing: a filter of more orders than a selection may name changes them all", async () => {
    await reset({ services: 2, pallets: 4, orders: 1200 });
    // The platform sees every company's orders, so the whole seed matches.
    token = await api.login(ADMIN);
    const everything = await api.ok(
      "/cba/order",
      { token, query: { pageSize: 10 } },
      orderListDataSchema,
    );
    expect(everything.pagination.total).toBe(1200);
    const done = await byFilter(
      "/cba/order-remarks/by-filter",
      {},
      {
        expectedCount: 1200,
        reasonForDetention: "盘点",
      },
    );
    expect(done).toMatchObject({ code: 200, data: { updated: 1200 } });
    const last = await api.ok(
      "/cba/order",
      { token, query: { pageSize: 10, current: 120 } },
      orderListDataSchema,
    );
    expect(last.list.map((o) => o.reasonForDetention)).toEqual(Array(10).fill("盘点"));
  });

  it("answers 40003 to a guest and 2000x without a token", async () => {
    const guest = await api.login(GUEST);
    for (const [path, body] of [
      ["/cba/order/by-filter", { expectedCount: 1, cbaStatus: 4 }],
      ["/cba/order-remarks/by-filter", { expectedCount: 1, reasonForDetention: "x" }],
    ] as const) {
      const refused = await api.call(path, { method: "PUT", token: guest, body });
      expect(refused.code, path).toBe(ApiCode.forbidden);
      const anonymous = await api.call(path, { method: "PUT", body });
      expect(anonymous.code, path).toBe(ApiCode.noToken);
    }
  });
});

describe("stock in and out by scan", () => {
  it("a pallet number stocks in every initial order of it and reports the others; nothing left answers 40009", async () => {
    const orders = await allOrders();
    const pallet = orders.find((o) => o.cbaStatus === 1)?.salverNo;
    if (!pallet) throw new Error("no pallet with an initial order");
    const own = orders.filter((o) => o.salverNo === pallet);
    for (const path of ["/cba/salver-warehousing", "/cba/order-warehousing"]) {
      const answer = await api.call(path, {
        method: "PUT",
        token,
        body: { salverNoOrOrderNo: pallet },
      });
      if (path === "/cba/salver-warehousing") {
        const result = warehousingResultSchema.parse(answer.data);
        expect(result.target).toBe("salver");
        expect(result.changed.map((c) => c.orderNo).sort()).toEqual(
          own
            .filter((o) => o.cbaStatus === 1)
            .map((o) => o.orderNo)
            .sort(),
        );
        expect(result.unchanged).toHaveLength(own.filter((o) => o.cbaStatus !== 1).length);
      } else {
        expect(answer.code).toBe(ApiCode.wrongStatus);
      }
    }
    const after = await allOrders({ salverNo: pallet });
    expect(after.filter((o) => o.cbaStatus === 1)).toEqual([]);
    // Scanned again: nothing to move, and the answer says why, status by status.
    const again = await api.call("/cba/salver-warehousing", {
      method: "PUT",
      token,
      lang: "en",
      body: { salverNoOrOrderNo: pallet },
    });
    expect(again.code).toBe(ApiCode.wrongStatus);
    const labels: Record<number, string> = {
      1: "Initial",
      2: "Detained",
      3: "Stocked out",
      4: "Stocked in",
    };
    const left = [1, 2, 3, 4]
      .map((code) => [code, after.filter((o) => o.cbaStatus === code).length] as const)
      .filter(([, count]) => count > 0)
      .map(([code, count]) => `${count} ${labels[code]}`)
      .join(", ");
    expect(again.data).toBe(`Pallet ${pallet} has no order that can be stocked in (${left})`);
  });

  it("an order number stocks in one order; wrong status 40009, unknown number 40004; direction out stocks out", async () => {
    const initial = (await allOrders({ cbaStatus: 1 }))[0];
    if (!initial) throw new Error("no initial order");
    const scan = (salverNoOrOrderNo: string, direction?: string) =>
      api.call("/cba/order-warehousing", {
        method: "PUT",
        token,
        body: { salverNoOrOrderNo, direction },
      });
    const inAnswer = await scan(` ${initial.orderNo.toLowerCase()} `);
    expect(warehousingResultSchema.parse(inAnswer.data)).toMatchObject({
      target: "order",
      salverNo: initial.salverNo,
      changed: [{ orderNo: initial.orderNo, from: 1, to: 4 }],
    });
    expect((await scan(initial.orderNo)).code).toBe(40009);
    expect((await scan(initial.orderNo, "out")).code).toBe(200);
    expect((await order(initial.orderNo)).cbaStatus).toBe(3);
    expect((await scan(initial.orderNo, "out")).code).toBe(40009);
    expect((await scan("NOTHING-HERE")).code).toBe(ApiCode.notFound);
    expect((await scan("")).code).toBe(40001);
  });
});

describe("derived pallet and service status", () => {
  it("unit: the first rule that applies wins", () => {
    const stats = (c1: number, c2: number, c3: number, c4: number) => {
      const s = emptyStats();
      s.counts = [0, c1, c2, c3, c4];
      s.ordersTotal = c1 + c2 + c3 + c4;
      return s;
    };
    expect(deriveStatus(emptyStats())).toBe(1);
    expect(deriveStatus(stats(0, 0, 5, 0))).toBe(3);
    expect(deriveStatus(stats(0, 2, 1, 2))).toBe(2);
    expect(deriveStatus(stats(0, 4, 0, 0))).toBe(5);
    expect(deriveStatus(stats(1, 1, 0, 3))).toBe(4);
    expect(deriveStatus(stats(0, 0, 0, 4))).toBe(6);
    expect(deriveStatus(stats(2, 0, 0, 1))).toBe(7);
    expect(deriveStatus(stats(3, 0, 0, 0))).toBe(1);
  });

  it("follows every order change of a pallet through 7, 6, 4, 5, 2 and 3, and its service with it", async () => {
    const orders = await allOrders();
    const candidates = [...new Set(orders.map((o) => o.salverNo))].filter((no) => {
      const own = orders.filter((o) => o.salverNo === no);
      return (
        own.length >= 3 && own.some((o) => o.cbaStatus === 1) && own.every((o) => o.cbaStatus !== 3)
      );
    });
    const salverNo = candidates[0];
    if (!salverNo) throw new Error("no suitable pallet in the seed");
    const serviceNo = orders.find((o) => o.salverNo === salverNo)?.serviceNo ?? "";
    const own = async () => allOrders({ salverNo });
    const check = async (expected: PalletStatusCode) => {
      const pallet = await palletOf(serviceNo, salverNo);
      expect(pallet.cbaStatus).toBe(expected);
      const services = await api.ok(
        "/cba/service",
        { token, query: { pageSize: 100 } },
        list(serviceSchema),
      );
      const service = services.list.find((s) => s.serviceNo === serviceNo);
      expect(service?.cbaStatus).toBe(expectedStatus(await allOrders({ serviceNo })));
    };

    // Release detained orders, so the pallet holds only initial and stocked-in orders.
    for (const o of (await own()).filter((x) => x.cbaStatus === 2)) {
      expect(
        (await putOrders({ orderNoList: [o.orderNo], cbaStatus: o.previousCbaStatus })).code,
      ).toBe(200);
    }
    const initial = (await own()).filter((o) => o.cbaStatus === 1);
    const [first, ...rest] = initial;
    if (!first) throw new Error("no initial order");
    if (rest.length > 0) {
      expect(
        (await putOrders({ orderNoList: rest.map((o) => o.orderNo), cbaStatus: 4 })).code,
      ).toBe(200);
    }
    const current = await own();
    await check(current.length > 1 ? 7 : 1);
    await check(expectedStatus(current));

    expect((await putOrders({ orderNoList: [first.orderNo], cbaStatus: 4 })).code).toBe(200);
    await check(6);

    const all = (await own()).map((o) => o.orderNo);
    expect(
      (await putOrders({ orderNoList: [all[0]], cbaStatus: 2, reasonForDetention: "待查验" })).code,
    ).toBe(200);
    await check(4);
    expect(
      (await putOrders({ orderNoList: all.slice(1), cbaStatus: 2, reasonForDetention: "待查验" }))
        .code,
    ).toBe(200);
    await check(5);
    expect((await putOrders({ orderNoList: all, cbaStatus: 4 })).code).toBe(200);
    await check(6);
    expect((await putOrders({ orderNoList: [all[0]], cbaStatus: 3 })).code).toBe(200);
    await check(2);
    expect(
      (await putOrders({ orderNoList: [all[1]], cbaStatus: 2, reasonForDetention: "待查验" })).code,
    ).toBe(200);
    await check(2);
    expect((await putOrders({ orderNoList: [all[1]], cbaStatus: 4 })).code).toBe(200);
    expect((await putOrders({ orderNoList: all.slice(1), cbaStatus: 3 })).code).toBe(200);
    await check(3);
  });
});
