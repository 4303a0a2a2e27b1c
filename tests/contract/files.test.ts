import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import {
  ApiCode,
  arrivalReportDataSchema,
  importReportSchema,
  type Order,
  orderListDataSchema,
  XLSX_CONTENT_TYPE,
} from "../../app/contract/index.ts";
import { NUMBER_FORMATS } from "../../mocks/xlsx.ts";
import { ADMIN, contractBackend, GUEST, SMALL_SEED } from "./helpers.ts";

const server = contractBackend();
const { api } = server;
let token: string;

beforeEach(async () => {
  // The platform sees every company's data: the whole seed, whose sizes these
  // tests count. Company isolation has its own tests (companies.test.ts).
  token = await api.login(ADMIN);
});

async function allOrders(query: Record<string, string | number> = {}): Promise<Order[]> {
  return (
    await api.ok("/cba/order", { token, query: { pageSize: 1000, ...query } }, orderListDataSchema)
  ).list;
}

async function downloadSheet(
  path: string,
  body: object,
  options: { lang?: string; query?: Record<string, string | number> } = {},
): Promise<ExcelJS.Worksheet> {
  const response = await api.raw(path, { method: "POST", token, body, ...options });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe(XLSX_CONTENT_TYPE);
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="[\w-]+\.xlsx"/,
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  return sheet;
}

async function download(
  path: string,
  body: object,
  options: { lang?: string; query?: Record<string, string | number> } = {},
) {
  const sheet = await downloadSheet(path, body, options);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** China-time wall clock of a date cell. */
function wallClock(value: unknown): string {
  if (!(value instanceof Date)) throw new Error(`not a date: ${String(value)}`);
  return value.toISOString().slice(0, 19).replace("T", " ");
}

function chinaText(seconds: number): string {
  return new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 19).replace("T", " ");
}

async function xlsxOf(rows: (string | number | null)[][]): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Import");
  for (const row of rows) sheet.addRow(row);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer as ArrayBuffer], { type: XLSX_CONTENT_TYPE });
}

async function upload(file: Blob | null, lang?: string) {
  const form = new FormData();
  if (file !== null) form.set("file", file, "import.xlsx");
  return api.call("/cba/order-import", { method: "POST", token, body: form, lang });
}

describe("downloads", () => {
  it("orders: one row per sub-order line with Chinese headers by default, amounts in yuan, weights in kg", async () => {
    const picked = (await allOrders()).slice(0, 5);
    const rows = await download("/cba/down-order", { orderNoList: picked.map((o) => o.orderNo) });
    expect(rows[0]?.slice(0, 4)).toEqual(["订单号", "服务号", "托盘号", "物流单号"]);
    expect(rows[0]).toContain("扣留原因/备注");
    const lines = picked.flatMap((o) => o.subOrder.map((line) => ({ o, line })));
    // Header, one row per line, the totals row.
    expect(rows).toHaveLength(2 + lines.length);
    const [first] = lines;
    if (!first) throw new Error("no lines");
    const row = rows[1] ?? [];
    expect(row[0]).toBe(first.o.orderNo);
    expect(row[7]).toBe(first.o.acturalPaid / 100);
    expect(row[13]).toBe(first.line.itemName);
    expect(row[16]).toBe(first.line.price / 100);
    expect(row[19]).toBe(first.line.grossWeight / 100_000);
    expect(row[8]).toBe(first.o.cbaStatusStr);
  });

  it("orders: the paid amount once per order, real number and date cells, a totals row", async () => {
    const picked = (await allOrders())
      .filter((o) => o.subOrder.length > 1 && o.enterCbaTime !== null)
      .slice(0, 4);
    expect(picked.length).toBeGreaterThan(1);
    const sheet = await downloadSheet("/cba/down-order", {
      orderNoList: picked.map((o) => o.orderNo),
    });
    const first = picked[0];
    if (!first) throw new Error("no order");
    // Money cells are numbers with two decimals shown; dates are date cells.
    const paid = sheet.getCell(2, 8);
    expect(paid.type).toBe(ExcelJS.ValueType.Number);
    expect(paid.numFmt).toBe("0.00");
    expect(sheet.getCell(2, 17).numFmt).toBe("0.00");
    expect(sheet.getCell(2, 19).numFmt).toBe("0.00");
    const created = sheet.getCell(2, 12);
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    expect(created.numFmt).toBe(NUMBER_FORMATS.datetime);
    expect(wallClock(created.value)).toBe(chinaText(first.createdOn.seconds));
    expect(wallClock(sheet.getCell(2, 10).value)).toBe(chinaText(first.enterCbaTime?.seconds ?? 0));
    // The second line of the order names the order but does not repeat its amount.
    expect(sheet.getCell(3, 1).value).toBe(first.orderNo);
    expect(sheet.getCell(3, 8).value).toBeNull();
    // Summing the paid column gives the orders' total: no line counts it twice.
    const lineCount = picked.reduce((sum, o) => sum + o.subOrder.length, 0);
    let paidSum = 0;
    for (let r = 2; r <= 1 + lineCount; r++) {
      const value = sheet.getCell(r, 8).value;
      if (typeof value === "number") paidSum += Math.round(value * 100);
    }
    const expected = picked.reduce((sum, o) => sum + o.acturalPaid, 0);
    expect(paidSum).toBe(expected);
    const totals = sheet.getRow(2 + lineCount);
    expect(totals.getCell(1).value).toBe(`合计：${picked.length} 个订单`);
    expect(totals.getCell(8).value).toBe(expected / 100);
    expect(totals.getCell(8).numFmt).toBe("0.00");
    expect(totals.getCell(18).value).toBe(
      picked.reduce((sum, o) => sum + o.subOrder.reduce((s, l) => s + l.qty, 0), 0),
    );
    expect(totals.getCell(19).value).toBe(
      picked.reduce((sum, o) => sum + o.subOrder.reduce((s, l) => s + l.totalPrice, 0), 0) / 100,
    );
  });

  it("an empty list downloads every order matching the query filters; English headers by Accept-Language", async () => {
    const stocked = await allOrders({ cbaStatus: 4 });
    const rows = await download(
      "/cba/down-order-logistics",
      { orderNoList: [] },
      { lang: "en", query: { cbaStatus: 4 } },
    );
    expect(rows[0]?.slice(0, 3)).toEqual(["Logistics No.", "Order No.", "Pallet No."]);
    expect(rows.slice(1, -1).map((r) => r[1])).toEqual(stocked.map((o) => o.orderNo));
    const sample = stocked[0];
    if (!sample) throw new Error("no stocked order");
    const gross = sample.subOrder.reduce((sum, line) => sum + line.grossWeight, 0) / 100_000;
    expect(rows[1]?.[7]).toBeCloseTo(gross, 5);
    expect(rows[1]?.[9]).toBe("Stocked in");
    expect(rows.at(-1)?.[0]).toBe(`Total: ${stocked.length} orders`);
    const all = await download("/cba/down-order-logistics", {});
    // Header, one row per order, the totals row.
    expect(all).toHaveLength(2 + (SMALL_SEED.orders ?? 0));
  });

  it("stores text that a spreadsheet would run as a formula as a text cell, without an apostrophe", async () => {
    const target = (await allOrders())[0];
    if (!target) throw new Error("no order");
    const payload = '=HYPERLINK("http://evil.example","x")';
    await api.call("/cba/order-remarks", {
      method: "PUT",
      token,
      body: { orderNoList: [target.orderNo], reasonForDetention: payload },
    });
    const sheet = await downloadSheet("/cba/down-order", { orderNoList: [target.orderNo] });
    const cell = sheet.getCell(2, 13);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(payload);
    expect(cell.formula).toBeUndefined();
    expect(cell.numFmt).toBe("@");
  });

  it("answers HTTP 400 with an envelope for an unknown order or a bad query", async () => {
    const response = await api.raw("/cba/down-order", {
      method: "POST",
      token,
      body: { orderNoList: ["NOPE"] },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: ApiCode.notFound });
    const bad = await api.raw("/cba/down-order", {
      method: "POST",
      token,
      body: {},
      query: { cbaStatus: 9 },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 40001 });
  });
});

describe("arrival report download", () => {
  it("has one row per day and pallet and a totals row, for the same filters as the report", async () => {
    const report = await api.ok(
      "/cba/arrival-report",
      { token, query: { pageSize: 1000 } },
      arrivalReportDataSchema,
    );
    const response = await api.raw("/cba/arrival-report/download", { token, lang: "en" });
    expect(response.headers.get("content-type")).toBe(XLSX_CONTENT_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      "Day",
      "Service No.",
      "Pallet No.",
      "Arrived",
      "In stock",
      "Not in stock",
      "of which detained",
      "of which stocked out",
      "of which initial",
    ]);
    expect(rows).toHaveLength(report.list.length + 2);
    const first = report.list[0];
    // The day is a date cell with a date format.
    const dayCell = workbook.worksheets[0]?.getCell(2, 1);
    expect(dayCell?.type).toBe(ExcelJS.ValueType.Date);
    expect(dayCell?.numFmt).toBe(NUMBER_FORMATS.date);
    expect(rows[1]).toEqual([
      new Date(`${first?.day}T00:00:00Z`),
      first?.serviceNo,
      first?.salverNo,
      first?.arrived,
      first?.inStock,
      first?.notInStock,
      first?.detained,
      first?.stockedOut,
      first?.initial,
    ]);
    expect(workbook.worksheets[0]?.name).toBe("Arrival report");
    expect(rows.at(-1)?.[0]).toBe("Total");
    expect(rows.at(-1)?.slice(3)).toEqual([
      report.totals.arrived,
      report.totals.inStock,
      report.totals.notInStock,
      report.totals.detained,
      report.totals.stockedOut,
      report.totals.initial,
    ]);
    const narrow = await api.raw("/cba/arrival-report/download", {
      token,
      query: { salverNo: first?.salverNo ?? "" },
    });
    const small = new ExcelJS.Workbook();
    await small.xlsx.load(await narrow.arrayBuffer());
    expect(small.worksheets[0]?.rowCount).toBeLessThan(rows.length);
  });
});

describe("self-service number import", () => {
  it("serves a template with the header row", async () => {
    const response = await api.raw("/cba/order-import/template", { token });
    expect(response.headers.get("content-type")).toBe(XLSX_CONTENT_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets[0]?.getRow(1).values).toEqual([undefined, "订单号", "物流单号"]);
    expect(workbook.worksheets).toHaveLength(2);
  });

  it("reads order and waybill numbers as the filter and the scan do: blanks around and lower case are the same number", async () => {
    const [order] = (await allOrders()).filter((o) => o.cbaStatus !== 3);
    if (!order) throw new Error("seed lacks orders");
    const answer = await upload(
      await xlsxOf([
        ["订单号", "物流单号"],
        [` ${order.orderNo.toLowerCase()} `, "sf900000000077"],
      ]),
    );
    expect(answer.code).toBe(200);
    const report = importReportSchema.parse(answer.data);
    expect(report).toMatchObject({ total: 1, applied: 1, refused: 0 });
    const [found] = await allOrders({ logisticsNo: "sf900000000077" });
    expect(found).toMatchObject({ orderNo: order.orderNo, logisticsNo: "SF900000000077" });
  });

  it("applies valid rows and reports why each other row was refused", async () => {
    const orders = await allOrders();
    const open = orders.filter((o) => o.cbaStatus !== 3);
    const [a, b, c] = open;
    const stockedOut = orders.find((o) => o.cbaStatus === 3);
    const firstFive = new Set(open.slice(0, 5).map((o) => o.orderNo));
    const taken = orders.find((o) => o.logisticsNo !== null && !firstFive.has(o.orderNo));
    if (!a || !b || !c || !stockedOut || !taken?.logisticsNo) throw new Error("seed lacks orders");
    const file = await xlsxOf([
      ["订单号", "物流单号"],
      [a.orderNo, "SF900000000001"],
      [b.orderNo, 750000000000123],
      ["", "SF900000000002"],
      ["DD-NO-SUCH", "SF900000000003"],
      [c.orderNo, ""],
      [a.orderNo, "SF900000000004"],
      [c.orderNo, "bad number!"],
      [stockedOut.orderNo, "SF900000000005"],
      [open[3]?.orderNo ?? "", taken.logisticsNo],
      [null, null],
      [open[4]?.orderNo ?? "", "SF900000000001"],
    ]);
    const answer = await upload(file);
    expect(answer.code).toBe(200);
    const report = importReportSchema.parse(answer.data);
    expect(report).toMatchObject({ total: 10, applied: 2, refused: 8 });
    expect(report.rows.map((r) => [r.row, r.applied, r.reason])).toEqual([
      [2, true, null],
      [3, true, null],
      [4, false, "订单号为空"],
      [5, false, "订单不存在"],
      [6, false, "物流单号为空"],
      [7, false, "订单号与第 2 行重复"],
      [8, false, "订单号与第 6 行重复"],
      [9, false, "订单已出库，不能修改物流单号"],
      [10, false, `物流单号已被订单 ${taken.orderNo} 使用`],
      [12, false, `物流单号已被订单 ${a.orderNo} 使用`],
    ]);
    expect(report.rows[1]?.logisticsNo).toBe("750000000000123");
    const after = await allOrders();
    expect(after.find((o) => o.orderNo === a.orderNo)?.logisticsNo).toBe("SF900000000001");
    expect(after.find((o) => o.orderNo === b.orderNo)?.logisticsNo).toBe("750000000000123");
    expect(after.find((o) => o.orderNo === stockedOut.orderNo)?.logisticsNo).toBe(
      stockedOut.logisticsNo,
    );
    // The new number is searchable, the old one of `a` is free again.
    const found = await allOrders({ logisticsNo: "SF900000000001" });
    expect(found.map((o) => o.orderNo)).toEqual([a.orderNo]);
    if (a.logisticsNo) {
      const reuse = await upload(
        await xlsxOf([
          ["h", "h"],
          [c.orderNo, a.logisticsNo],
        ]),
      );
      expect(importReportSchema.parse(reuse.data).applied).toBe(1);
    }
  });

  it("refuses a bad file as a whole (40001): none, two, not xlsx, empty, English messages", async () => {
    expect((await upload(null)).code).toBe(ApiCode.invalidParameters);
    const text = await upload(new Blob(["order,logistics\n1,2"], { type: "text/csv" }), "en");
    expect(text).toMatchObject({ code: 40001, data: "The file is not a valid .xlsx file" });
    const fakeZip = await upload(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])]));
    expect(fakeZip.code).toBe(40001);
    const empty = await upload(await xlsxOf([["订单号", "物流单号"]]));
    expect(empty).toMatchObject({ code: 40001, data: "文件中没有数据行" });
    // One file only: two are refused, neither is applied.
    const [first, second] = await allOrders();
    const twoFiles = new FormData();
    for (const order of [first, second]) {
      const rows = [
        ["订单号", "物流单号"],
        [order?.orderNo ?? "", "TWOFILES01"],
      ];
      twoFiles.append("file", await xlsxOf(rows), "import.xlsx");
    }
    const both = await api.call("/cba/order-import", { method: "POST", token, body: twoFiles });
    expect(both).toMatchObject({ code: 40001, data: "请选择一个 xlsx 文件" });
    const after = await allOrders();
    expect(after.filter((order) => order.logisticsNo === "TWOFILES01")).toEqual([]);
    const guest = await api.login(GUEST);
    const form = new FormData();
    form.set("file", await xlsxOf([["h"], ["x"]]), "a.xlsx");
    expect(
      (await api.call("/cba/order-import", { method: "POST", token: guest, body: form })).code,
    ).toBe(40003);
  });
});
