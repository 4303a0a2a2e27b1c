/**
 * Each order's history: every change (status moves by selection, filter or
 * scan, detention with its reason, release, remarks, imported waybill
 * numbers) is recorded with its time, account and text; a refused batch
 * records nothing; another company's order answers as an unknown one.
 */
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type Order,
  type OrderEvent,
  orderEventSchema,
  orderListDataSchema,
  XLSX_CONTENT_TYPE,
} from "../../app/contract/index.ts";
import { mockClock } from "../../mocks/api.ts";
import { OTHER_COMPANY_ACCOUNTS } from "../../mocks/seed.ts";
import { ADMIN, contractBackend, MANAGER } from "./helpers.ts";

const server = contractBackend();
const { api } = server;
let manager: string;

beforeEach(async () => {
  manager = await api.login(MANAGER);
});

const historySchema = z.array(orderEventSchema);

async function orders(token: string, query: Record<string, string | number> = {}) {
  const data = await api.ok(
    "/cba/order",
    { token, query: { pageSize: 1000, ...query } },
    orderListDataSchema,
  );
  return data.list;
}

async function history(token: string, orderNo: string): Promise<OrderEvent[]> {
  return api.ok(`/cba/order/${orderNo}/history`, { token }, historySchema);
}

async function firstOrder(token: string, cbaStatus: number): Promise<Order> {
  const [found] = await orders(token, { cbaStatus });
  if (!found) throw new Error(`no order in status ${cbaStatus}`);
  return found;
}

function put(token: string, path: string, body: object, query?: Record<string, string | number>) {
  return api.call(path, { method: "PUT", token, body, query });
}

describe("order history", () => {
  it("records a detention with its reason and the release by change status, newest first, by the account that made them", async () => {
    const order = await firstOrder(manager, 1);
    const before = await history(manager, order.orderNo);
    mockClock.set(Date.UTC(2026, 10, 2, 2, 0, 0));
    expect(
      (
        await put(manager, "/cba/order", {
          orderNoList: [order.orderNo],
          cbaStatus: 2,
          reasonForDetention: "  海关查验  ",
        })
      ).code,
    ).toBe(200);
    mockClock.set(Date.UTC(2026, 10, 2, 2, 20, 0));
    expect(
      (await put(manager, "/cba/order", { orderNoList: [order.orderNo], cbaStatus: 1 })).code,
    ).toBe(200);

    const events = await history(manager, order.orderNo);
    expect(events.length).toBe(before.length + 2);
    expect(events[0]).toEqual({
      time: { seconds: Date.UTC(2026, 10, 2, 2, 20, 0) / 1000 },
      actor: MANAGER,
      actorKind: "company",
      action: "release",
      source: "selection",
      fromStatus: 2,
      toStatus: 1,
      text: "",
      operationId: expect.any(String),
    });
    expect(events[1]).toEqual({
      time: { seconds: Date.UTC(2026, 10, 2, 2, 0, 0) / 1000 },
      actor: MANAGER,
      actorKind: "company",
      action: "detain",
      source: "selection",
      fromStatus: 1,
      toStatus: 2,
      text: "海关查验",
      operationId: expect.any(String),
    });
    // Each call is an operation of its own (the audit log).
    expect(events[0]?.operationId).not.toBe(events[1]?.operationId);
    // The same history comes with the order in the list (the expanded row).
    const [listed] = await orders(manager, { orderNo: order.orderNo });
    expect(listed?.history).toEqual(events);
  });

  it("records remarks, operations on a filter, pallet and order scans", async () => {
    const order = await firstOrder(manager, 1);
    expect(
      (
        await put(manager, "/cba/order-remarks", {
          orderNoList: [order.orderNo],
          reasonForDetention: "客户要求加急",
        })
      ).code,
    ).toBe(200);
    expect((await history(manager, order.orderNo))[0]).toMatchObject({
      action: "remark",
      source: "selection",
      actor: MANAGER,
      fromStatus: 1,
      toStatus: 1,
      text: "客户要求加急",
    });

    // By filter: the remark and a detention of every matching order.
    const filter = { orderNo: order.orderNo };
    expect(
      (
        await put(
          manager,
          "/cba/order-remarks/by-filter",
          { reasonForDetention: "整批备注", expectedCount: 1 },
          filter,
        )
      ).code,
    ).toBe(200);
    expect(
      (
        await put(
          manager,
          "/cba/order/by-filter",
          { cbaStatus: 2, reasonForDetention: "待补资料", expectedCount: 1 },
          filter,
        )
      ).code,
    ).toBe(200);
    const [detained, remarked] = await history(manager, order.orderNo);
    expect(remarked).toMatchObject({ action: "remark", source: "filter", text: "整批备注" });
    expect(detained).toMatchObject({
      action: "detain",
      source: "filter",
      fromStatus: 1,
      toStatus: 2,
      text: "待补资料",
    });

    // A pallet scan stocks in its initial orders; an order scan stocks one out.
    const admin = await api.login(ADMIN);
    const initial = await firstOrder(manager, 1);
    expect(
      (
        await put(admin, "/cba/salver-warehousing", {
          salverNoOrOrderNo: initial.salverNo,
        })
      ).code,
    ).toBe(200);
    expect((await history(admin, initial.orderNo))[0]).toMatchObject({
      action: "stockIn",
      source: "salverScan",
      actor: ADMIN,
      actorKind: "platform",
      fromStatus: 1,
      toStatus: 4,
    });
    expect(
      (
        await put(manager, "/cba/order-warehousing", {
          salverNoOrOrderNo: initial.orderNo,
          direction: "out",
        })
      ).code,
    ).toBe(200);
    const [out, stockedIn] = await history(manager, initial.orderNo);
    expect(out).toMatchObject({
      action: "stockOut",
      source: "orderScan",
      actor: MANAGER,
      fromStatus: 4,
      toStatus: 3,
    });
    // The company sees the platform's change as the platform's, without its account.
    expect(stockedIn).toMatchObject({ action: "stockIn", actor: null, actorKind: "platform" });
  });

  it("records an imported waybill number", async () => {
    const order = await firstOrder(manager, 1);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Import");
    sheet.addRow(["订单号", "物流单号"]);
    sheet.addRow([order.orderNo, "SF1234567890HX"]);
    const form = new FormData();
    form.set(
      "file",
      new Blob([(await workbook.xlsx.writeBuffer()) as ArrayBuffer], { type: XLSX_CONTENT_TYPE }),
      "import.xlsx",
    );
    expect(
      (await api.call("/cba/order-import", { method: "POST", token: manager, body: form })).code,
    ).toBe(200);
    expect((await history(manager, order.orderNo))[0]).toMatchObject({
      action: "logisticsNo",
      source: "import",
      actor: MANAGER,
      text: "SF1234567890HX",
    });
  });

  it("records nothing for a refused batch or a filter whose count changed", async () => {
    const initial = await firstOrder(manager, 1);
    const stockedOut = await firstOrder(manager, 3);
    const before = await history(manager, initial.orderNo);
    // 1 → 3 is refused for one of them: nothing moves, nothing is recorded.
    expect(
      (
        await put(manager, "/cba/order", {
          orderNoList: [initial.orderNo, stockedOut.orderNo],
          cbaStatus: 2,
          reasonForDetention: "查验",
        })
      ).code,
    ).toBe(40009);
    expect(
      (
        await put(
          manager,
          "/cba/order/by-filter",
          { cbaStatus: 2, reasonForDetention: "查验", expectedCount: 2 },
          { orderNo: initial.orderNo },
        )
      ).code,
    ).toBe(40009);
    // A blank remark for a detained order refuses the whole batch.
    const detained = await firstOrder(manager, 4);
    await put(manager, "/cba/order", {
      orderNoList: [detained.orderNo],
      cbaStatus: 2,
      reasonForDetention: "查验",
    });
    const detainedBefore = await history(manager, detained.orderNo);
    expect(
      (
        await put(manager, "/cba/order-remarks", {
          orderNoList: [initial.orderNo, detained.orderNo],
          reasonForDetention: " ",
        })
      ).code,
    ).toBe(40001);
    expect(await history(manager, initial.orderNo)).toEqual(before);
    expect(await history(manager, detained.orderNo)).toEqual(detainedBefore);
  });

  it("answers another company's order exactly as an unknown one", async () => {
    const order = await firstOrder(manager, 1);
    const nansha = await api.login(OTHER_COMPANY_ACCOUNTS.nansha);
    const foreign = await api.call(`/cba/order/${order.orderNo}/history`, { token: nansha });
    const unknown = await api.call("/cba/order/DD000000000000000000/history", { token: nansha });
    expect(foreign.code).toBe(40004);
    expect(foreign.msg.replace(order.orderNo, "?")).toBe(
      unknown.msg.replace("DD000000000000000000", "?"),
    );
    expect((await api.call(`/cba/order/${order.orderNo}/history`, { token: manager })).code).toBe(
      200,
    );
  });

  it("seeds a history for detained, stocked-in and stocked-out orders", async () => {
    const admin = await api.login(ADMIN);
    const detained = await firstOrder(admin, 2);
    const [last] = await history(admin, detained.orderNo);
    expect(last).toMatchObject({
      action: "detain",
      actor: ADMIN,
      actorKind: "platform",
      toStatus: 2,
      fromStatus: detained.previousCbaStatus,
      text: detained.reasonForDetention,
    });
    const stockedOut = await firstOrder(admin, 3);
    const seen = await history(admin, stockedOut.orderNo);
    expect(seen.map((event) => event.action).slice(0, 2)).toEqual(["stockOut", "stockIn"]);
    expect(seen[0]?.time).toEqual(stockedOut.exitCbaTime);
    expect(seen[1]?.time).toEqual(stockedOut.enterCbaTime);
    const initial = (await orders(admin, { cbaStatus: 1 })).find(
      (o) => o.reasonForDetention === "",
    );
    expect(initial?.history).toEqual([]);
  });
});
