/**
 * The order list's range and status filters through its route: the loader
 * passes them to the backend, draws them again, names a wrong range among
 * the ignored filters, and the operations on every matching order count by
 * the same filters.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { OrderStatus } from "~/contract/index.ts";
import { rowsOf } from "~/routes/order/order-view.ts";
import { action, loader } from "~/routes/order/orders.tsx";
import { setAuditDestination } from "~/utils/audit.server.ts";
import { CHROME_UA, MANAGER, reset } from "../contract/helpers.ts";
import { ORIGIN, runRoute, sessionCookieOf } from "./harness.ts";

type Args = Parameters<typeof loader>[0];

let cookie = "";

async function run<T>(request: Request, handler: (args: Args) => Promise<T> | T) {
  const answer = await runRoute({ request, handler, home: true, pattern: "/order" });
  if (answer.thrown) throw new Error(`the route threw ${answer.response.status}`);
  return answer.value as T;
}

async function list(query: string) {
  const request = new Request(`${ORIGIN}/order/?${query}`, {
    headers: { Cookie: cookie, "User-Agent": CHROME_UA },
  });
  const page = await run(request, loader);
  return { ...page, list: rowsOf({ rows: page.rows }) };
}

setAuditDestination({ write: () => undefined });

beforeEach(async () => {
  await reset();
  cookie = await sessionCookieOf(MANAGER);
});

describe("the order list's range and status filters", () => {
  it("sends several statuses and the ranges to the backend, and draws them again", async () => {
    const all = await list("pageSize=500");
    const paid = all.list.map((row) => Number((row.acturalPaid ?? "").replace(/[^\d.]/g, "")));
    const low = Math.min(...paid);
    const high = Math.max(...paid);
    const page = await list(
      `cbaStatus=1&cbaStatus=4&paidMin=${low}&paidMax=${high}&createdFrom=2000-01-01&createdTo=2100-12-31&pageSize=500`,
    );
    expect(page.error).toBeUndefined();
    // Nothing ignored: left out of the page's data.
    expect(page.ignoredFilters).toBeUndefined();
    expect(page.rangeFilters?.statuses).toEqual([OrderStatus.initial, OrderStatus.stockedIn]);
    expect(page.rangeFilters?.days?.created).toEqual({
      input: { startDate: "2000-01-01", endDate: "2100-12-31" },
      error: null,
    });
    expect(page.rangeFilters?.paid).toEqual({ min: String(low), max: String(high), error: null });
    expect(page.rangeFilters?.rangesInUse).toBe(2);
    const statuses = new Set(page.list.map((row) => row.cbaStatus));
    expect([...statuses].sort()).toEqual([OrderStatus.initial, OrderStatus.stockedIn].sort());
    const single = await list("cbaStatus=1&pageSize=500");
    const stocked = await list("cbaStatus=4&pageSize=500");
    expect(page.pagination.total).toBe(single.pagination.total + stocked.pagination.total);
    // The downloads post the applied filters, each status on its own.
    expect(page.filterEntries).toEqual(
      expect.arrayContaining([
        ["cbaStatus", "1"],
        ["cbaStatus", "4"],
        ["createdFrom", "2000-01-01"],
        ["paidMin", String(low)],
      ]),
    );
  });

  it("sends the ranges' view only when one is filled in: the page draws them blank otherwise", async () => {
    const none = await list("cbaStatus=1&pageSize=10");
    expect(none.rangeFilters).toEqual({ statuses: [OrderStatus.initial] });
    const one = await list("paidMin=1&pageSize=10");
    expect(one.rangeFilters?.rangesInUse).toBe(1);
    expect(one.rangeFilters?.paid).toEqual({ min: "1", max: "", error: null });
    expect(one.rangeFilters?.days?.created).toEqual({ input: {}, error: null });
  });

  it("applies no range that is wrong, says why beside it and names it among the ignored filters", async () => {
    const page = await list(
      "cbaStatus=1&createdFrom=2026-11-20&createdTo=2026-11-01&stockedInFrom=2026-02-30&paidMin=9&paidMax=1&pageSize=10",
    );
    expect(page.error).toBeUndefined();
    expect(page.rangeFilters?.days?.created.error).toBe("inventory.dateRange.order");
    expect(page.rangeFilters?.days?.stockedIn.error).toBe("inventory.dateRange.invalid");
    expect(page.rangeFilters?.paid?.error).toBe("logistics.order.paidOrder");
    expect(page.ignoredFilters).toEqual([
      { name: "createdRange", value: "2026-11-20 – 2026-11-01" },
      { name: "stockedInRange", value: "2026-02-30 – " },
      { name: "paidRange", value: "9 – 1" },
    ]);
    // The status still applies: the list is what it selects.
    const statusOnly = await list("cbaStatus=1&pageSize=10");
    expect(page.pagination.total).toBe(statusOnly.pagination.total);
    expect(page.filterEntries).toEqual([["cbaStatus", "1"]]);
    const invalid = await list("paidMin=1.234&cbaStatus=9");
    expect(invalid.rangeFilters?.paid?.error).toBe("logistics.order.paidInvalid");
    expect(invalid.ignoredFilters).toEqual([
      { name: "cbaStatus", value: "9" },
      { name: "paidRange", value: "1.234 – " },
    ]);
  });

  it("counts every matching order of an operation by the same filters", async () => {
    const filter = "cbaStatus=1&cbaStatus=4&createdFrom=2000-01-01&paidMin=0";
    const matching = (await list(filter)).pagination.total;
    expect(matching).toBeGreaterThan(0);
    const request = new Request(`${ORIGIN}/order/?${filter}&all=1`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        "User-Agent": CHROME_UA,
        Origin: ORIGIN,
        Host: new URL(ORIGIN).host,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams([["intent", "remarks"]]),
    });
    const answer = await runRoute({ request, handler: action, home: true, pattern: "/order" });
    const response = answer.value as Response;
    expect(response.headers.get("Location")).toBe(`/order/?${filter}&all=1&op=remarks`);
    expect((await list(`${filter}&all=1&op=remarks`)).pending).toEqual({
      intent: "remarks",
      orderNoList: [],
      matching,
    });
  });

  it("shows the way back to the service and pallet of a list filtered to one pallet", async () => {
    const first = (await list("pageSize=10")).list[0];
    if (!first) throw new Error("no order");
    const page = await list(`salverNo=${first.salverNo.toLowerCase()}`);
    expect(page.palletTrail).toEqual({ serviceNo: first.serviceNo, palletNo: first.salverNo });
    expect((await list(`salverNo=${first.salverNo.slice(0, 4)}`)).palletTrail).toBeUndefined();
    expect((await list("pageSize=10")).palletTrail).toBeUndefined();
  });
});
