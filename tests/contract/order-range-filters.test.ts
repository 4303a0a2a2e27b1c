/**
 * The order list's range filters and several statuses (GET /cba/order and
 * every call that takes the same filters): China-time days, both ends
 * inclusive; amounts in fen, both inclusive; wrong values refused with 40001.
 * Expectations are computed here from the whole list, independently of the
 * backend's filtering.
 */
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import {
  AMOUNT_FILTER_MAX,
  ApiCode,
  type Order,
  orderListDataSchema,
  orderStatusCountsSchema,
  updateOrdersResultSchema,
} from "../../app/contract/index.ts";
import { ADMIN, contractBackend } from "./helpers.ts";

const server = contractBackend();
const { api } = server;
let token: string;

beforeEach(async () => {
  token = await api.login(ADMIN);
});

/** The China-time calendar day of Unix seconds. */
const chinaDay = (seconds: number) =>
  new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 10);

/** Orders of a query string (repeated parameters written as they are). */
async function listed(search = "") {
  return api.ok(
    `/cba/order?pageSize=1000${search ? `&${search}` : ""}`,
    { token },
    orderListDataSchema,
  );
}

async function everyOrder(): Promise<Order[]> {
  return (await listed()).list;
}

const numbers = (orders: readonly Order[]) => orders.map((o) => o.orderNo).sort();
const sum = (orders: readonly Order[]) => orders.reduce((total, o) => total + o.acturalPaid, 0);

/** The days on which some order has `field`, ascending. */
function daysOf(orders: readonly Order[], field: "createdOn" | "enterCbaTime" | "exitCbaTime") {
  const days = new Set<string>();
  for (const o of orders) {
    const time = o[field];
    if (time) days.add(chinaDay(time.seconds));
  }
  return [...days].sort();
}

function within(
  o: Order,
  field: "createdOn" | "enterCbaTime" | "exitCbaTime",
  from: string,
  to: string,
) {
  const time = o[field];
  if (!time) return false;
  const day = chinaDay(time.seconds);
  return day >= from && day <= to;
}

async function expectMatch(search: string, expected: readonly Order[]) {
  const answer = await listed(search);
  expect(numbers(answer.list)).toEqual(numbers(expected));
  expect(answer.pagination.total).toBe(expected.length);
  expect(answer.amountTotal).toBe(sum(expected));
}

describe("order list: several statuses", () => {
  it("matches any of the repeated statuses; one status works as before", async () => {
    const all = await everyOrder();
    await expectMatch(
      "cbaStatus=1&cbaStatus=4",
      all.filter((o) => o.cbaStatus === 1 || o.cbaStatus === 4),
    );
    await expectMatch(
      "cbaStatus=3",
      all.filter((o) => o.cbaStatus === 3),
    );
    // A status named twice counts once.
    await expectMatch(
      "cbaStatus=2&cbaStatus=2",
      all.filter((o) => o.cbaStatus === 2),
    );
    await expectMatch("cbaStatus=1&cbaStatus=2&cbaStatus=3&cbaStatus=4", all);
  });

  it("refuses a status that does not exist among them, and more values than there are statuses (40001)", async () => {
    const refused = [
      "cbaStatus=1&cbaStatus=5",
      "cbaStatus=1&cbaStatus=x",
      `${"cbaStatus=1&".repeat(5)}current=1`,
    ];
    for (const search of refused) {
      const answer = await api.call(`/cba/order?${search}`, { token });
      expect(answer.code, search).toBe(ApiCode.invalidParameters);
    }
  });
});

describe("order list: day ranges in China time, both ends inclusive", () => {
  for (const field of ["createdOn", "enterCbaTime", "exitCbaTime"] as const) {
    const [from, to] = {
      createdOn: ["createdFrom", "createdTo"],
      enterCbaTime: ["stockedInFrom", "stockedInTo"],
      exitCbaTime: ["stockedOutFrom", "stockedOutTo"],
    }[field];

    it(`${from} / ${to} keep the orders whose ${field} falls on those days`, async () => {
      const all = await everyOrder();
      const days = daysOf(all, field);
      expect(days.length, `seeded days with ${field}`).toBeGreaterThan(1);
      const first = days[0] as string;
      const last = days[days.length - 1] as string;
      const middle = days[Math.floor(days.length / 2)] as string;
      // One day, a range of days, open ranges.
      await expectMatch(
        `${from}=${middle}&${to}=${middle}`,
        all.filter((o) => within(o, field, middle, middle)),
      );
      await expectMatch(
        `${from}=${first}&${to}=${middle}`,
        all.filter((o) => within(o, field, first, middle)),
      );
      await expectMatch(
        `${from}=${middle}`,
        all.filter((o) => within(o, field, middle, "9999-12-31")),
      );
      await expectMatch(
        `${to}=${middle}`,
        all.filter((o) => within(o, field, "0000-01-01", middle)),
      );
      // An order without the time is in no range on it.
      await expectMatch(
        `${from}=${first}&${to}=${last}`,
        all.filter((o) => o[field] !== null),
      );
    });
  }

  it("counts a whole China-time day: 00:00 and 23:59:59 of it are in, the instants around are out", async () => {
    const all = await everyOrder();
    const sample = all[0] as Order;
    const day = chinaDay(sample.createdOn.seconds);
    const midnight = Date.parse(`${day}T00:00:00+08:00`) / 1000;
    const answer = await listed(`createdFrom=${day}&createdTo=${day}`);
    for (const o of answer.list) {
      expect(o.createdOn.seconds).toBeGreaterThanOrEqual(midnight);
      expect(o.createdOn.seconds).toBeLessThan(midnight + 86_400);
    }
    const outside = all.filter(
      (o) => o.createdOn.seconds >= midnight - 86_400 && o.createdOn.seconds < midnight,
    );
    for (const o of outside) expect(numbers(answer.list)).not.toContain(o.orderNo);
  });

  it("refuses a day that is not YYYY-MM-DD or not a calendar day, and a start after the end (40001, named)", async () => {
    for (const search of [
      "createdFrom=2026-02-30",
      "createdTo=2026/11/01",
      "stockedInFrom=20261101",
      "stockedOutTo=2026-11-1",
      `createdFrom=${"2".repeat(100)}`,
    ]) {
      const answer = await api.call(`/cba/order?${search}`, { token });
      expect(answer.code, search).toBe(ApiCode.invalidParameters);
    }
    const reversed = await api.call("/cba/order?stockedInFrom=2026-11-20&stockedInTo=2026-11-01", {
      token,
      lang: "en",
    });
    expect(reversed.code).toBe(ApiCode.invalidParameters);
    expect(reversed.msg).toContain("stockedInFrom (2026-11-20) must not be after stockedInTo");
    const zh = await api.call("/cba/order?createdFrom=2026-11-20&createdTo=2026-11-01", { token });
    expect(zh.msg).toContain("createdFrom（2026-11-20）不能大于 createdTo");
  });
});

describe("order list: amount paid range, in fen, both ends inclusive", () => {
  it("keeps the orders paid within the bounds", async () => {
    const all = await everyOrder();
    const amounts = [...new Set(all.map((o) => o.acturalPaid))].sort((a, b) => a - b);
    const low = amounts[Math.floor(amounts.length / 4)] as number;
    const high = amounts[Math.floor((amounts.length * 3) / 4)] as number;
    const between = (o: Order) => o.acturalPaid >= low && o.acturalPaid <= high;
    await expectMatch(`acturalPaidMin=${low}&acturalPaidMax=${high}`, all.filter(between));
    await expectMatch(
      `acturalPaidMin=${low}&acturalPaidMax=${low}`,
      all.filter((o) => o.acturalPaid === low),
    );
    await expectMatch(
      `acturalPaidMin=${high}`,
      all.filter((o) => o.acturalPaid >= high),
    );
    await expectMatch(
      `acturalPaidMax=${low}`,
      all.filter((o) => o.acturalPaid <= low),
    );
  });

  it("refuses amounts that are negative, not whole fen, too large, or a minimum above the maximum (40001)", async () => {
    for (const search of [
      "acturalPaidMin=-1",
      "acturalPaidMin=1.5",
      `acturalPaidMax=${AMOUNT_FILTER_MAX + 1}`,
      "acturalPaidMax=abc",
      "acturalPaidMin=500&acturalPaidMax=499",
    ]) {
      const answer = await api.call(`/cba/order?${search}`, { token });
      expect(answer.code, search).toBe(ApiCode.invalidParameters);
    }
    expect((await api.call(`/cba/order?acturalPaidMax=${AMOUNT_FILTER_MAX}`, { token })).code).toBe(
      200,
    );
  });
});

describe("every call that takes the filters applies the new ones", () => {
  /** A created-day range, two statuses and an amount range that together match a few orders. */
  async function combination() {
    const all = await everyOrder();
    const days = daysOf(all, "createdOn");
    const from = days[0] as string;
    const to = days[Math.floor(days.length / 2)] as string;
    const amounts = all.map((o) => o.acturalPaid).sort((a, b) => a - b);
    const min = amounts[Math.floor(amounts.length / 5)] as number;
    const max = amounts[Math.floor((amounts.length * 4) / 5)] as number;
    const search = `createdFrom=${from}&createdTo=${to}&cbaStatus=1&cbaStatus=4&acturalPaidMin=${min}&acturalPaidMax=${max}`;
    const expected = all.filter(
      (o) =>
        within(o, "createdOn", from, to) &&
        (o.cbaStatus === 1 || o.cbaStatus === 4) &&
        o.acturalPaid >= min &&
        o.acturalPaid <= max,
    );
    expect(expected.length, "the combination matches some orders").toBeGreaterThan(0);
    return { search, expected };
  }

  it("the list: every filter together, with totals over the matches", async () => {
    const { search, expected } = await combination();
    await expectMatch(search, expected);
  });

  it("status counts, the workbook download and the remark of every match follow the same filter", async () => {
    const { search, expected } = await combination();
    const counts = await api.ok(
      `/cba/order/status-counts?${search}`,
      { method: "POST", token, body: { orderNoList: [] } },
      orderStatusCountsSchema,
    );
    expect(counts.total).toBe(expected.length);

    const response = await api.raw(`/cba/down-order?${search}`, {
      method: "POST",
      token,
      body: { orderNoList: [] },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const downloaded = new Set<string>();
    workbook.worksheets[0]?.eachRow((row, index) => {
      if (index > 1) downloaded.add(String((row.values as unknown[])[1]));
    });
    for (const o of expected) expect(downloaded).toContain(o.orderNo);
    // The matches and the totals row, nothing else.
    expect(downloaded.size).toBe(expected.length + 1);

    // A count confirmed for another filter changes nothing (40009) …
    const stale = await api.call(`/cba/order-remarks/by-filter?${search}`, {
      method: "PUT",
      token,
      body: { expectedCount: expected.length + 1, reasonForDetention: "复核" },
    });
    expect(stale.code).toBe(ApiCode.wrongStatus);
    // … the confirmed one changes exactly the matches.
    const done = await api.call<{ updated: number }>(`/cba/order-remarks/by-filter?${search}`, {
      method: "PUT",
      token,
      body: { expectedCount: expected.length, reasonForDetention: "复核" },
    });
    expect(done.data.updated).toBe(expected.length);
    const remarked = (await everyOrder()).filter((o) => o.reasonForDetention === "复核");
    expect(numbers(remarked)).toEqual(numbers(expected));
  });

  it("a status change of every match refuses a reversed range before counting (40001)", async () => {
    const answer = await api.call("/cba/order/by-filter?acturalPaidMin=9&acturalPaidMax=1", {
      method: "PUT",
      token,
      body: { expectedCount: 1, cbaStatus: 4 },
    });
    expect(answer.code).toBe(ApiCode.invalidParameters);
    expect(updateOrdersResultSchema.safeParse(answer.data).success).toBe(false);
  });
});
