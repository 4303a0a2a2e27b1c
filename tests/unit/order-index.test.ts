/**
 * The consignee search through mocks/order-index.ts answers exactly what a
 * scan of every order answers: the same rows in the same order, count and
 * sum, for one- and two-character needles, every status, every company and
 * paging, and still after orders changed status.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderStatusCode } from "../../app/contract/cba.ts";
import { resetMockDb } from "../../mocks/api.ts";
import { db, type OrderRow } from "../../mocks/db.ts";
import { applyMoves, queryOrders } from "../../mocks/logistics.ts";
import type { CompanyScope } from "../../mocks/scope.ts";

const EVERY: CompanyScope = { all: true, companyId: null, allows: () => true };
const one = (companyId: string): CompanyScope => ({
  all: false,
  companyId,
  allows: (id) => id === companyId,
});

function scan(scope: CompanyScope, consignee: string, status?: OrderStatusCode) {
  const rows = db.orderList.filter(
    (row) =>
      scope.allows(row.companyId) &&
      (status === undefined || row.cbaStatus === status) &&
      row.consignee.includes(consignee),
  );
  return {
    rows,
    total: rows.length,
    amountTotal: rows.reduce((sum, row) => sum + row.acturalPaid, 0),
  };
}

function check(scope: CompanyScope, consignee: string, status?: OrderStatusCode) {
  const expected = scan(scope, consignee, status);
  const all = queryOrders(scope, { consignee, cbaStatus: status && [status] });
  expect(all.rows.map((row) => row.orderNo)).toEqual(expected.rows.map((row) => row.orderNo));
  expect(all.total).toBe(expected.total);
  expect(all.amountTotal).toBe(expected.amountTotal);
  const page = queryOrders(
    scope,
    { consignee, cbaStatus: status && [status] },
    { current: 2, pageSize: 7 },
  );
  expect(page.rows).toEqual(expected.rows.slice(7, 14));
  expect(page.total).toBe(expected.total);
}

describe("consignee index", () => {
  let needles: string[] = [];
  let companies: string[] = [];

  beforeAll(async () => {
    await resetMockDb({ services: 8, pallets: 40, orders: 800 });
    const names = db.orderList.map((row: OrderRow) => row.consignee);
    needles = [
      ...new Set([
        ...names.slice(0, 6).map((name) => name.slice(0, 1)),
        ...names.slice(0, 6).map((name) => name.slice(1)),
        ...names.slice(0, 3),
        "张",
        "无此人",
        "a",
      ]),
    ];
    companies = [...new Set(db.orderList.map((row: OrderRow) => row.companyId))];
  });

  it("answers what a scan answers, for every needle, status and company", () => {
    for (const needle of needles) {
      for (const status of [undefined, 1, 2, 3, 4] as const) {
        check(EVERY, needle, status);
        for (const company of companies) check(one(company), needle, status);
      }
      check(one("no such company"), needle);
    }
  });

  it("follows status changes", async () => {
    const initial = db.orderList.filter((row: OrderRow) => row.cbaStatus === 1).slice(0, 25);
    expect(initial.length).toBeGreaterThan(0);
    const origin = { actor: { username: "admin@demo.test", platform: true }, source: "selection" };
    await applyMoves(initial, 4, origin as never);
    for (const needle of needles) {
      for (const status of [1, 4] as const) check(EVERY, needle, status);
    }
  });
});
