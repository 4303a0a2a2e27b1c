/**
 * The order list's rows as the loader sends them (`shownRows`): the fields of
 * the columns shown only, always in the same order, whatever set of columns
 * is hidden and in whichever order sets come.
 */
import { describe, expect, it } from "vitest";
import { type Order, OrderStatus } from "~/contract/index.ts";
import { rowsOf, type ShownOrder, withRowsText } from "~/routes/order/order-view.ts";
import { shownRows } from "~/routes/order/orders.server.ts";

const order: Order = {
  serviceNo: "FW20261031399",
  salverNo: "TP2026103101460",
  logisticsNo: "SF123",
  orderNo: "DD202610310036347",
  consignee: "林建华",
  consigneeAddress: "上海市浦东新区",
  consigneeTelephone: "13800000000",
  acturalPaid: 146_200,
  // 2026-10-31 22:32:05 in China.
  enterCbaTime: { seconds: 1_793_457_125 },
  exitCbaTime: { seconds: 1_793_457_125 },
  createdOn: { seconds: 1_793_457_125 },
  cbaStatus: OrderStatus.initial,
  cbaStatusStr: "初始状态",
  previousCbaStatus: null,
  reasonForDetention: "易碎品",
  subOrder: [],
  history: [],
};

const row = { locale: "zh" as const };

/** Every field of a row with every column shown, in the order the page's data has them. */
const EVERY_FIELD = [
  "orderNo",
  "serviceNo",
  "consignee",
  "consigneeTelephone",
  "consigneeAddress",
  "salverNo",
  "logisticsNo",
  "acturalPaid",
  "createdOn",
  "enterCbaTime",
  "exitCbaTime",
  "cbaStatus",
  "remark",
];

describe("the order list's rows", () => {
  it("hold every column's value, copied or formatted, when none is hidden", () => {
    const [shown] = shownRows([order], [], row);
    expect(Object.keys(shown ?? {})).toEqual(EVERY_FIELD);
    expect(shown).toEqual({
      orderNo: "DD202610310036347",
      serviceNo: "FW20261031399",
      consignee: "林建华",
      consigneeTelephone: "13800000000",
      consigneeAddress: "上海市浦东新区",
      salverNo: "TP2026103101460",
      logisticsNo: "SF123",
      acturalPaid: "1,462.00",
      createdOn: "2026-10-31 22:32:05",
      enterCbaTime: "2026-10-31 22:32:05",
      exitCbaTime: "2026-10-31 22:32:05",
      // The code: the page draws the status's label and tone.
      cbaStatus: OrderStatus.initial,
      remark: "易碎品",
    });
  });

  it("leave out an empty waybill number, time or remark: the cell draws nothing either way", () => {
    const empty = { ...order, logisticsNo: null, exitCbaTime: null, reasonForDetention: "" };
    const [shown] = shownRows([empty], [], row);
    expect(Object.keys(shown ?? {})).toEqual(
      EVERY_FIELD.filter((key) => !["logisticsNo", "exitCbaTime", "remark"].includes(key)),
    );
  });

  it("leave out the default hidden columns' values when the account chose none", () => {
    const [shown] = shownRows([order], null, row);
    expect(Object.keys(shown ?? {})).toEqual([
      "orderNo",
      "serviceNo",
      "consignee",
      "salverNo",
      "logisticsNo",
      "acturalPaid",
      "createdOn",
      "cbaStatus",
      "remark",
    ]);
  });

  it("leave out a chosen set's values, but never the order, service, pallet and status", () => {
    const hidden = ["remark", "orderNo", "serviceNo", "salverNo", "cbaStatus", "acturalPaid"];
    const rows = shownRows([order, { ...order, orderNo: "DD2" }], hidden, row);
    for (const shown of rows) {
      expect(Object.keys(shown)).toEqual(
        EVERY_FIELD.filter((key) => key !== "remark" && key !== "acturalPaid"),
      );
    }
    expect(rows.map((shown) => shown.orderNo)).toEqual(["DD202610310036347", "DD2"]);
    // Each set is its own: the set before does not leak into the next.
    expect(Object.keys(shownRows([order], ["remark"], row)[0] ?? {})).toEqual(
      EVERY_FIELD.filter((key) => key !== "remark"),
    );
    expect(Object.keys(shownRows([order], [], row)[0] ?? {})).toEqual(EVERY_FIELD);
  });
});

describe("the order list's rows as one text", () => {
  it("are drawn by the server as the browser reads them back, whatever a row holds", () => {
    // Values JSON cannot carry: the server must not draw what the browser will not.
    const odd = {
      orderNo: "DD1",
      remark: undefined,
      acturalPaid: Number.NaN,
      createdOn: new Date(0),
    } as unknown as ShownOrder;
    const page = withRowsText({}, [odd]);
    const drawn = rowsOf(page);
    // What the browser reads: the text alone, without the server's rows.
    expect(drawn).toEqual(rowsOf({ rows: page.rows }));
    expect(drawn[0]).not.toHaveProperty("remark");
    expect(drawn[0]).not.toHaveProperty("acturalPaid");
    expect(drawn[0]?.createdOn).toBe("1970-01-01T00:00:00.000Z");
  });

  it("of a frozen page are made once for each set of columns and language, and shared frozen", () => {
    const orders = Object.freeze([Object.freeze({ ...order })]);
    const rows = shownRows(orders, [], row);
    expect(shownRows(orders, [], row)).toBe(rows);
    expect(Object.isFrozen(rows[0])).toBe(true);
    expect(shownRows(orders, ["remark"], row)).not.toBe(rows);
    expect(shownRows(orders, [], { locale: "en" })).not.toBe(rows);
    // An array that may still change is made anew every time.
    expect(shownRows([order], [], row)).not.toBe(shownRows([order], [], row));
    const first = withRowsText({}, rows);
    const second = withRowsText({}, rows);
    expect(second.rows).toBe(first.rows);
    expect(rowsOf(second)).toBe(rowsOf(first));
    expect(Object.isFrozen(rowsOf(first)[0])).toBe(true);
  });

  it("are a table: the fields' names once, then each row's values, a field it lacks as null", () => {
    const rows = [
      { orderNo: "DD1", logisticsNo: "SF1", cbaStatus: 1 },
      { orderNo: "DD2", cbaStatus: 4, remark: "易碎品" },
    ] as unknown as ShownOrder[];
    const page = withRowsText({}, rows);
    expect(JSON.parse(page.rows)).toEqual([
      ["orderNo", "logisticsNo", "cbaStatus", "remark"],
      ["DD1", "SF1", 1, null],
      ["DD2", null, 4, "易碎品"],
    ]);
    expect(rowsOf({ rows: page.rows })).toEqual(rows);
    expect(rowsOf(withRowsText({}, []))).toEqual([]);
  });
});
