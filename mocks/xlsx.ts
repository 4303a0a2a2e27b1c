/**
 * xlsx files of the fake backend: streamed downloads (exceljs WorkbookWriter;
 * memory stays flat whatever the row count), the import template and reading
 * an uploaded import file.
 */
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { ORDER_STATUS_LABELS, XLSX_CONTENT_TYPE } from "../app/contract/cba.ts";
import { formatChinaTime, mockClock } from "./clock.ts";
import type { OrderRow } from "./db.ts";
import type { Lang } from "./i18n.ts";
import type { ArrivalGroup } from "./logistics.ts";

/**
 * Cell text that a spreadsheet would run as a formula (= + - @, or a leading
 * tab or carriage return) gets a leading apostrophe.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

type Column = { zh: string; en: string; width: number };

const ORDER_COLUMNS: Column[] = [
  { zh: "订单号", en: "Order No.", width: 22 },
  { zh: "服务号", en: "Service No.", width: 18 },
  { zh: "托盘号", en: "Pallet No.", width: 20 },
  { zh: "物流单号", en: "Logistics No.", width: 20 },
  { zh: "收货人", en: "Consignee", width: 10 },
  { zh: "收货地址", en: "Address", width: 48 },
  { zh: "收货电话", en: "Telephone", width: 14 },
  { zh: "实付金额（元）", en: "Amount paid (yuan)", width: 14 },
  { zh: "状态", en: "Status", width: 10 },
  { zh: "入库时间", en: "Stocked in", width: 20 },
  { zh: "出库时间", en: "Stocked out", width: 20 },
  { zh: "创建时间", en: "Created", width: 20 },
  { zh: "扣留原因/备注", en: "Reason for detention / remark", width: 28 },
  { zh: "商品名称", en: "Item", width: 28 },
  { zh: "规格型号", en: "Specification", width: 18 },
  { zh: "条码", en: "Barcode", width: 16 },
  { zh: "单价（元）", en: "Unit price (yuan)", width: 12 },
  { zh: "数量", en: "Qty", width: 8 },
  { zh: "总价（元）", en: "Total (yuan)", width: 12 },
  { zh: "毛重（kg）", en: "Gross weight (kg)", width: 14 },
  { zh: "净重（kg）", en: "Net weight (kg)", width: 14 },
];

const LOGISTICS_COLUMNS: Column[] = [
  { zh: "物流单号", en: "Logistics No.", width: 20 },
  { zh: "订单号", en: "Order No.", width: 22 },
  { zh: "托盘号", en: "Pallet No.", width: 20 },
  { zh: "收货人", en: "Consignee", width: 10 },
  { zh: "收货地址", en: "Address", width: 48 },
  { zh: "收货电话", en: "Telephone", width: 14 },
  { zh: "件数", en: "Pieces", width: 8 },
  { zh: "毛重（kg）", en: "Gross weight (kg)", width: 14 },
  { zh: "净重（kg）", en: "Net weight (kg)", width: 14 },
  { zh: "状态", en: "Status", width: 10 },
];

export const IMPORT_HEADERS: Record<Lang, [string, string]> = {
  zh: ["订单号", "物流单号"],
  en: ["Order No.", "Logistics No."],
};

const yuan = (fen: number) => fen / 100;
const kg = (units: number) => units / 100_000;

function orderRows(order: OrderRow, lang: Lang): (string | number)[][] {
  const head = [
    order.orderNo,
    order.serviceNo,
    order.salverNo,
    order.logisticsNo ?? "",
    order.consignee,
    order.consigneeAddress,
    order.consigneeTelephone,
    yuan(order.acturalPaid),
    ORDER_STATUS_LABELS[lang][order.cbaStatus],
    formatChinaTime(order.enterCbaTime),
    formatChinaTime(order.exitCbaTime),
    formatChinaTime(order.createdOn),
    order.reasonForDetention,
  ];
  return order.subOrder.map((line) => [
    ...head,
    line.itemName,
    line.gmodel,
    line.barCode,
    yuan(line.price),
    line.qty,
    yuan(line.totalPrice),
    kg(line.grossWeight),
    kg(line.netWeight),
  ]);
}

function logisticsRow(order: OrderRow, lang: Lang): (string | number)[] {
  let pieces = 0;
  let gross = 0;
  let net = 0;
  for (const line of order.subOrder) {
    pieces += line.qty;
    gross += line.grossWeight;
    net += line.netWeight;
  }
  return [
    order.logisticsNo ?? "",
    order.orderNo,
    order.salverNo,
    order.consignee,
    order.consigneeAddress,
    order.consigneeTelephone,
    pieces,
    kg(gross),
    kg(net),
    ORDER_STATUS_LABELS[lang][order.cbaStatus],
  ];
}

function stamp(): string {
  return formatChinaTime(Math.floor(mockClock.now() / 1000))
    .replace(/[-: ]/g, "")
    .replace(/^(\d{8})/, "$1-");
}

function fileHeaders(asciiName: string, localName: string): Headers {
  return new Headers({
    "content-type": XLSX_CONTENT_TYPE,
    "content-disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(localName)}`,
    "cache-control": "no-store",
  });
}

function sanitiseRow(values: (string | number)[]): (string | number)[] {
  return values.map((value) => (typeof value === "string" ? neutralise(value) : value));
}

/** Streams a sheet of rows; the response starts before the last row is written. */
function streamWorkbook(
  sheetName: string,
  columns: Column[],
  lang: Lang,
  orders: readonly OrderRow[],
  toRows: (order: OrderRow) => (string | number)[][],
  names: { ascii: string; local: string },
): Response {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: false,
    useSharedStrings: false,
  });
  const write = async () => {
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
    // No styles (useStyles: false): exceljs would build a style model for
    // every cell, which costs more than the rest of the row.
    sheet.columns = columns.map((column) => ({ header: column[lang], width: column.width }));
    sheet.getRow(1).commit();
    let written = 0;
    for (const order of orders) {
      for (const values of toRows(order)) {
        sheet.addRow(sanitiseRow(values)).commit();
        written += 1;
      }
      // Let the reader drain the stream now and then, so memory stays flat.
      if (written >= 500) {
        written = 0;
        await new Promise((resolve) => setImmediate(resolve));
        while (output.readableLength > 4 * 1024 * 1024 && !output.destroyed) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    console.error("[mock-api] xlsx stream failed:", error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return new Response(Readable.toWeb(output) as ReadableStream<Uint8Array>, {
    headers: fileHeaders(names.ascii, names.local),
  });
}

export function ordersWorkbook(orders: readonly OrderRow[], lang: Lang): Response {
  const time = stamp();
  return streamWorkbook(
    lang === "en" ? "Orders" : "订单",
    ORDER_COLUMNS,
    lang,
    orders,
    (order) => orderRows(order, lang),
    {
      ascii: `orders-${time}.xlsx`,
      local: lang === "en" ? `orders-${time}.xlsx` : `订单-${time}.xlsx`,
    },
  );
}

export function logisticsWorkbook(orders: readonly OrderRow[], lang: Lang): Response {
  const time = stamp();
  return streamWorkbook(
    lang === "en" ? "Logistics" : "物流",
    LOGISTICS_COLUMNS,
    lang,
    orders,
    (order) => [logisticsRow(order, lang)],
    {
      ascii: `order-logistics-${time}.xlsx`,
      local: lang === "en" ? `order-logistics-${time}.xlsx` : `订单物流-${time}.xlsx`,
    },
  );
}

export async function importTemplate(lang: Lang): Promise<Response> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(lang === "en" ? "Import" : "导入");
  sheet.columns = IMPORT_HEADERS[lang].map((header) => ({
    header,
    width: 26,
    style: { numFmt: "@" },
  }));
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet(lang === "en" ? "Instructions" : "说明");
  const lines =
    lang === "en"
      ? [
          "One order per row, from row 2 of the first sheet: column A the order number, column B its logistics (waybill) number.",
          "Logistics numbers: 6 to 30 letters or digits, each used by one order only.",
          "Orders already stocked out keep their logistics number. Each row is applied or refused on its own.",
        ]
      : [
          "从第一个工作表的第 2 行开始，每行一个订单：A 列订单号，B 列物流单号。",
          "物流单号为 6-30 位字母或数字，每个物流单号只能对应一个订单。",
          "已出库的订单不能修改物流单号。每行单独处理，成功或失败互不影响。",
        ];
  help.getColumn(1).width = 100;
  for (const line of lines) help.addRow([line]);
  const buffer = await workbook.xlsx.writeBuffer();
  const name = lang === "en" ? "import-template.xlsx" : "自助单号导入模板.xlsx";
  return new Response(new Uint8Array(buffer as ArrayBuffer), {
    headers: fileHeaders("import-template.xlsx", name),
  });
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "string" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
  }
  return "";
}

/** Rows of the first sheet after the header: [row number, column A, column B], blank rows left out. */
export async function readImportRows(bytes: Uint8Array): Promise<[number, string, string][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: [number, string, string][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const orderNo = cellText(row.getCell(1).value).trim();
    const logisticsNo = cellText(row.getCell(2).value).trim();
    if (orderNo === "" && logisticsNo === "") return;
    rows.push([rowNumber, orderNo, logisticsNo]);
  });
  return rows;
}

/** The arrival report as a small workbook (one row per day and pallet, then a totals row). */
export async function arrivalWorkbook(
  rows: readonly ArrivalGroup[],
  totals: { arrived: number; inStock: number; detained: number },
  lang: Lang,
): Promise<Response> {
  const headers =
    lang === "en"
      ? ["Day", "Service No.", "Pallet No.", "Arrived", "In stock", "Detained"]
      : ["日期", "服务号", "托盘号", "到货订单数", "在库", "扣留"];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(lang === "en" ? "Arrival report" : "到货报告", {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = headers.map((header, index) => ({ header, width: index < 3 ? 20 : 12 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      sanitiseRow([row.day, row.serviceNo, row.salverNo, row.arrived, row.inStock, row.detained]),
    );
  }
  const total = sheet.addRow([
    lang === "en" ? "Total" : "合计",
    "",
    "",
    totals.arrived,
    totals.inStock,
    totals.detained,
  ]);
  total.font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  const time = stamp();
  return new Response(new Uint8Array(buffer as ArrayBuffer), {
    headers: fileHeaders(
      `arrival-report-${time}.xlsx`,
      lang === "en" ? `arrival-report-${time}.xlsx` : `到货报告-${time}.xlsx`,
    ),
  });
}
