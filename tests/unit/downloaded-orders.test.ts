/**
 * The orders a download writes (`downloadedOrders`): the same orders in the
 * same order as the list's query answers for every filter, and a whole list
 * (every order, or one status) read as the file is written, not gathered
 * into an array first.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { OrderStatus } from "../../app/contract/cba.ts";
import { resetMockDb } from "../../mocks/api.ts";
import { db } from "../../mocks/db.ts";
import { downloadedOrders, queryOrders } from "../../mocks/logistics.ts";
import type { CompanyScope } from "../../mocks/scope.ts";
import { ordersWorkbook } from "../../mocks/xlsx.ts";

const EVERY: CompanyScope = { all: true, companyId: null, allows: () => true };
const one = (companyId: string): CompanyScope => ({
  all: false,
  companyId,
  allows: (id) => id === companyId,
});
const NOBODY: CompanyScope = { all: false, companyId: null, allows: () => false };

beforeAll(async () => {
  await resetMockDb({ services: 4, pallets: 40, orders: 3_000 });
});

const numbers = (rows: Iterable<{ orderNo: string }>) => [...rows].map((row) => row.orderNo);

describe("the orders of a download", () => {
  it("are the list query's orders, in its order, for every kind of filter", () => {
    const company = db.orderList[0]?.companyId ?? "";
    const sample = db.orderList[7];
    const filters = [
      {},
      { cbaStatus: [OrderStatus.stockedIn] },
      { cbaStatus: [OrderStatus.stockedIn, OrderStatus.detained] },
      { status: OrderStatus.stockedOut },
      { sortField: "createdOn" as const, sortOrder: "asc" as const },
      { timeField: "enterCbaTime" as const },
      { salverNo: sample?.salverNo },
      { serviceNo: sample?.serviceNo },
      { consignee: sample?.consignee.slice(0, 1) },
      { createdFrom: "2026-01-01" },
    ];
    for (const scope of [EVERY, one(company), NOBODY]) {
      for (const filter of filters) {
        expect(numbers(downloadedOrders(scope, filter)), JSON.stringify(filter)).toEqual(
          numbers(queryOrders(scope, filter).rows),
        );
      }
    }
  });

  it("reads a whole list as the file is written, not all of it before the first rows are handed on", async () => {
    const list = db.orderList;
    let furthest = -1;
    db.orderList = new Proxy(list, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key))
          furthest = Math.max(furthest, Number(key));
        return Reflect.get(target, key, receiver);
      },
    });
    try {
      const reader = ordersWorkbook(downloadedOrders(EVERY, {}), "zh").body?.getReader();
      let bytes = 0;
      // Past the package's fixed parts: the first deflated rows of the sheet.
      while (reader && bytes < 100_000) {
        const next = await reader.read();
        if (next.done) break;
        bytes += next.value.byteLength;
      }
      expect(bytes).toBeGreaterThanOrEqual(100_000);
      expect(furthest).toBeGreaterThan(0);
      expect(furthest).toBeLessThan(list.length / 2);
      await reader?.cancel();
    } finally {
      db.orderList = list;
    }
  });
});
