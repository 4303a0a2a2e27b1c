/**
 * xlsx files of the fake backend: streamed downloads (mocks/xlsx-writer.ts:
 * built as they are read, memory stays flat whatever the row count), the
 * import template (exceljs), and reading an uploaded import file.
 */
import { type ArrivalCounts, XLSX_CONTENT_TYPE } from "../app/contract/cba.ts";
import { ARRIVAL_COUNTS } from "../app/utils/arrival-counts.ts";
import { CHINA_OFFSET_SECONDS } from "../app/utils/china-time.ts";
import { formatChinaTime, mockClock } from "./clock.ts";
import type { OrderRow } from "./db.ts";
import type { Lang } from "./i18n.ts";
import type { ArrivalGroup } from "./logistics.ts";
import { orderStatusLabel } from "./status-labels.ts";
import { type CellValue, type Kind, xlsxStream } from "./xlsx-writer.ts";

export { NUMBER_FORMATS } from "./xlsx-writer.ts";

type Column = { zh: string; en: string; width: number; kind: Kind };

const ORDER_COLUMNS: Column[] = [
  { zh: "订单号", en: "Order No.", width: 22, kind: "text" },
  { zh: "服务号", en: "Service No.", width: 18, kind: "text" },
  { zh: "托盘号", en: "Pallet No.", width: 20, kind: "text" },
  { zh: "物流单号", en: "Logistics No.", width: 20, kind: "text" },
  { zh: "收货人", en: "Consignee", width: 10, kind: "text" },
  { zh: "收货地址", en: "Address", width: 48, kind: "text" },
  { zh: "收货电话", en: "Telephone", width: 14, kind: "text" },
  { zh: "订单实付金额（元）", en: "Order amount paid (CNY)", width: 16, kind: "money" },
  { zh: "状态", en: "Status", width: 10, kind: "text" },
  { zh: "入库时间", en: "Stocked in", width: 20, kind: "datetime" },
  { zh: "出库时间", en: "Stocked out", width: 20, kind: "datetime" },
  { zh: "创建时间", en: "Created", width: 20, kind: "datetime" },
  { zh: "扣留原因/备注", en: "Reason for detention / remark", width: 28, kind: "text" },
  { zh: "商品名称", en: "Item", width: 28, kind: "text" },
  { zh: "规格型号", en: "Specification", width: 18, kind: "text" },
  { zh: "条码", en: "Barcode", width: 16, kind: "text" },
  { zh: "单价（元）", en: "Unit price (CNY)", width: 12, kind: "money" },
  { zh: "数量", en: "Qty", width: 8, kind: "count" },
  { zh: "商品总价（元）", en: "Line total (CNY)", width: 14, kind: "money" },
  { zh: "毛重（kg）", en: "Gross weight (kg)", width: 14, kind: "weight" },
  { zh: "净重（kg）", en: "Net weight (kg)", width: 14, kind: "weight" },
];

const LOGISTICS_COLUMNS: Column[] = [
  { zh: "物流单号", en: "Logistics No.", width: 20, kind: "text" },
  { zh: "订单号", en: "Order No.", width: 22, kind: "text" },
  { zh: "托盘号", en: "Pallet No.", width: 20, kind: "text" },
  { zh: "收货人", en: "Consignee", width: 10, kind: "text" },
  { zh: "收货地址", en: "Address", width: 48, kind: "text" },
  { zh: "收货电话", en: "Telephone", width: 14, kind: "text" },
  { zh: "件数", en: "Pieces", width: 8, kind: "count" },
  { zh: "毛重（kg）", en: "Gross weight (kg)", width: 14, kind: "weight" },
  { zh: "净重（kg）", en: "Net weight (kg)", width: 14, kind: "weight" },
  { zh: "状态", en: "Status", width: 10, kind: "text" },
];

export const IMPORT_HEADERS: Record<Lang, [string, string]> = {
  zh: ["订单号", "物流单号"],
  en: ["Order No.", "Logistics No."],
};

const yuan = (fen: number) => fen / 100;
const kg = (units: number) => units / 100_000;

/** A China-time wall clock as a date cell (spreadsheets have no time zones). */
function chinaDate(seconds: number | null | undefined): Date | null {
  if (seconds === null || seconds === undefined) return null;
  return new Date((seconds + CHINA_OFFSET_SECONDS) * 1000);
}

/** A `YYYY-MM-DD` day as a date cell. */
function dayDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** Sums of a workbook's totals row, in the backend's integer units. */
interface OrderTotals {
  orders: number;
  paid: number;
  qty: number;
  lines: number;
  gross: number;
  net: number;
}

/** The cells of one row, filled again for every row (`RowScratch`). */
type Cells = CellValue[];

/**
 * The rows of one order, written into arrays that are filled again for the
 * next order: the writer has encoded a row before it asks for the next, so
 * no array is made per row. Arrays made per row let V8 decide, from a
 * moment when many were alive, to make every later one in the old
 * generation (its allocation-site pretenuring): 56–62 MB per 100,000-order
 * download then, freed only by a full collection.
 */
class RowScratch {
  private readonly rows: Cells[] = [];

  /** The `index`th row's array, its cells cleared to `width` nulls. */
  row(index: number, width: number): Cells {
    let cells = this.rows[index];
    if (!cells) {
      cells = [];
      this.rows[index] = cells;
    }
    cells.length = width;
    cells.fill(null);
    return cells;
  }

  /** The `index`th row's array as last filled. */
  filled(index: number): Cells {
    return this.rows[index] ?? [];
  }
}

const ORDER_HEAD_WIDTH = 13;
const NO_LINES: readonly null[] = [null];

/**
 * One row per sub-order line. The order's own columns (and its paid amount,
 * so that a column sum is the sum over orders) are filled on its first line
 * only; the order number is on every line, so the rows can be filtered.
 * Answers how many rows of `scratch` it filled.
 */
function orderRows(order: OrderRow, lang: Lang, totals: OrderTotals, scratch: RowScratch): number {
  totals.orders += 1;
  totals.paid += order.acturalPaid;
  const lines = order.subOrder.length > 0 ? order.subOrder : NO_LINES;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const cells = scratch.row(index, line ? ORDER_COLUMNS.length : ORDER_HEAD_WIDTH);
    cells[0] = order.orderNo;
    if (index === 0) {
      cells[1] = order.serviceNo;
      cells[2] = order.salverNo;
      cells[3] = order.logisticsNo ?? "";
      cells[4] = order.consignee;
      cells[5] = order.consigneeAddress;
      cells[6] = order.consigneeTelephone;
      cells[7] = yuan(order.acturalPaid);
      cells[8] = orderStatusLabel(order.cbaStatus, lang);
      cells[9] = chinaDate(order.enterCbaTime);
      cells[10] = chinaDate(order.exitCbaTime);
      cells[11] = chinaDate(order.createdOn);
      cells[12] = order.reasonForDetention;
    }
    if (!line) continue;
    totals.qty += line.qty;
    totals.lines += line.totalPrice;
    totals.gross += line.grossWeight;
    totals.net += line.netWeight;
    cells[13] = line.itemName;
    cells[14] = line.gmodel;
    cells[15] = line.barCode;
    cells[16] = yuan(line.price);
    cells[17] = line.qty;
    cells[18] = yuan(line.totalPrice);
    cells[19] = kg(line.grossWeight);
    cells[20] = kg(line.netWeight);
  }
  return lines.length;
}

function orderTotalsRow(totals: OrderTotals, lang: Lang): CellValue[] {
  const label = lang === "en" ? `Total: ${totals.orders} orders` : `合计：${totals.orders} 个订单`;
  return [
    label,
    ...Array.from({ length: 6 }, () => null),
    yuan(totals.paid),
    ...Array.from({ length: 9 }, () => null),
    totals.qty,
    yuan(totals.lines),
    kg(totals.gross),
    kg(totals.net),
  ];
}

function logisticsRow(
  order: OrderRow,
  lang: Lang,
  totals: OrderTotals,
  scratch: RowScratch,
): number {
  let pieces = 0;
  let gross = 0;
  let net = 0;
  for (const line of order.subOrder) {
    pieces += line.qty;
    gross += line.grossWeight;
    net += line.netWeight;
  }
  totals.orders += 1;
  totals.qty += pieces;
  totals.gross += gross;
  totals.net += net;
  const cells = scratch.row(0, LOGISTICS_COLUMNS.length);
  cells[0] = order.logisticsNo ?? "";
  cells[1] = order.orderNo;
  cells[2] = order.salverNo;
  cells[3] = order.consignee;
  cells[4] = order.consigneeAddress;
  cells[5] = order.consigneeTelephone;
  cells[6] = pieces;
  cells[7] = kg(gross);
  cells[8] = kg(net);
  cells[9] = orderStatusLabel(order.cbaStatus, lang);
  return 1;
}

function logisticsTotalsRow(totals: OrderTotals, lang: Lang): CellValue[] {
  const label = lang === "en" ? `Total: ${totals.orders} orders` : `合计：${totals.orders} 个订单`;
  return [label, null, null, null, null, null, totals.qty, kg(totals.gross), kg(totals.net), null];
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

/** Streams a sheet of rows, then its totals; the response starts before the last row is written. */
function streamSheet(
  sheetName: string,
  columns: readonly Column[],
  lang: Lang,
  rows: Iterable<CellValue[]>,
  totals: () => CellValue[],
  names: { ascii: string; local: string },
): Response {
  const body = xlsxStream({
    sheetName,
    columns: columns.map((column) => ({
      header: column[lang],
      width: column.width,
      kind: column.kind,
    })),
    rows,
    totals,
    created: new Date(mockClock.now()),
  });
  return new Response(body, { headers: fileHeaders(names.ascii, names.local) });
}

/** A sheet of orders, its totals added up while the rows are written. */
function streamWorkbook(
  sheetName: string,
  columns: Column[],
  lang: Lang,
  orders: Iterable<OrderRow>,
  toRows: (order: OrderRow, totals: OrderTotals, scratch: RowScratch) => number,
  totalsRow: (totals: OrderTotals) => CellValue[],
  names: { ascii: string; local: string },
): Response {
  const totals: OrderTotals = { orders: 0, paid: 0, qty: 0, lines: 0, gross: 0, net: 0 };
  function* rows(): Generator<CellValue[]> {
    const scratch = new RowScratch();
    for (const order of orders) {
      const count = toRows(order, totals, scratch);
      for (let index = 0; index < count; index++) yield scratch.filled(index);
    }
  }
  return streamSheet(sheetName, columns, lang, rows(), () => totalsRow(totals), names);
}

export function ordersWorkbook(orders: Iterable<OrderRow>, lang: Lang): Response {
  const time = stamp();
  return streamWorkbook(
    lang === "en" ? "Orders" : "订单",
    ORDER_COLUMNS,
    lang,
    orders,
    (order, totals, scratch) => orderRows(order, lang, totals, scratch),
    (totals) => orderTotalsRow(totals, lang),
    {
      ascii: `orders-${time}.xlsx`,
      local: lang === "en" ? `orders-${time}.xlsx` : `订单-${time}.xlsx`,
    },
  );
}

export function logisticsWorkbook(orders: Iterable<OrderRow>, lang: Lang): Response {
  const time = stamp();
  return streamWorkbook(
    lang === "en" ? "Logistics" : "物流",
    LOGISTICS_COLUMNS,
    lang,
    orders,
    (order, totals, scratch) => logisticsRow(order, lang, totals, scratch),
    (totals) => logisticsTotalsRow(totals, lang),
    {
      ascii: `order-logistics-${time}.xlsx`,
      local: lang === "en" ? `order-logistics-${time}.xlsx` : `订单物流-${time}.xlsx`,
    },
  );
}

export async function importTemplate(lang: Lang): Promise<Response> {
  // Loaded when a template is asked for: exceljs is about a third of a
  // second of CPU at every start of the backend, and only the template uses it.
  const { default: ExcelJS } = await import("exceljs");
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

const ARRIVAL_COLUMNS: Column[] = [
  { zh: "日期", en: "Day", width: 20, kind: "date" },
  { zh: "服务号", en: "Service No.", width: 20, kind: "text" },
  { zh: "托盘号", en: "Pallet No.", width: 20, kind: "text" },
  { zh: "到货订单数", en: "Arrived", width: 12, kind: "count" },
  { zh: "在库", en: "In stock", width: 12, kind: "count" },
  { zh: "未在库", en: "Not in stock", width: 14, kind: "count" },
  { zh: "其中扣留", en: "of which detained", width: 14, kind: "count" },
  { zh: "其中已出库", en: "of which stocked out", width: 16, kind: "count" },
  { zh: "其中初始状态", en: "of which initial", width: 16, kind: "count" },
];

/** The arrival report: one row per day and pallet, then a totals row, streamed like the order files. */
export function arrivalWorkbook(
  rows: readonly ArrivalGroup[],
  totals: ArrivalCounts,
  lang: Lang,
): Response {
  const counts = (of: ArrivalCounts) => ARRIVAL_COUNTS.map((key) => of[key]);
  function* dataRows(): Generator<CellValue[]> {
    for (const row of rows) {
      yield [dayDate(row.day), row.serviceNo, row.salverNo, ...counts(row)];
    }
  }
  const time = stamp();
  return streamSheet(
    lang === "en" ? "Arrival report" : "到货报告",
    ARRIVAL_COLUMNS,
    lang,
    dataRows(),
    () => [lang === "en" ? "Total" : "合计", null, null, ...counts(totals)],
    {
      ascii: `arrival-report-${time}.xlsx`,
      local: lang === "en" ? `arrival-report-${time}.xlsx` : `到货报告-${time}.xlsx`,
    },
  );
}

/** A row of the audit workbook: one order of one operation. */
export interface AuditRow {
  time: number;
  company: string;
  person: string;
  action: string;
  source: string;
  operation: string;
  orderNo: string;
  from: string;
  to: string;
  text: string;
}

const AUDIT_COLUMNS: Column[] = [
  { zh: "时间", en: "Time", width: 20, kind: "datetime" },
  { zh: "企业", en: "Company", width: 24, kind: "text" },
  { zh: "操作人", en: "Person", width: 24, kind: "text" },
  { zh: "操作", en: "Operation", width: 14, kind: "text" },
  { zh: "方式", en: "How", width: 14, kind: "text" },
  { zh: "操作编号", en: "Operation No.", width: 16, kind: "text" },
  { zh: "订单号", en: "Order No.", width: 22, kind: "text" },
  { zh: "原状态", en: "Status before", width: 12, kind: "text" },
  { zh: "新状态", en: "Status after", width: 12, kind: "text" },
  { zh: "原因 / 备注", en: "Reason / remark", width: 28, kind: "text" },
];

/** The audit log: one row per order of each operation (newest operation first), then the counts. */
export function auditWorkbook(
  rows: Iterable<AuditRow>,
  counts: { operations: number; orders: number },
  lang: Lang,
): Response {
  function* dataRows(): Generator<CellValue[]> {
    for (const row of rows) {
      yield [
        chinaDate(row.time),
        row.company,
        row.person,
        row.action,
        row.source,
        row.operation,
        row.orderNo,
        row.from,
        row.to,
        row.text,
      ];
    }
  }
  const time = stamp();
  const total =
    lang === "en"
      ? `Total: ${counts.operations} operations, ${counts.orders} order rows`
      : `合计：${counts.operations} 次操作，${counts.orders} 行订单`;
  return streamSheet(
    lang === "en" ? "Audit log" : "操作记录",
    AUDIT_COLUMNS,
    lang,
    dataRows(),
    () => [total, ...AUDIT_COLUMNS.slice(1).map(() => null)],
    {
      ascii: `audit-log-${time}.xlsx`,
      local: lang === "en" ? `audit-log-${time}.xlsx` : `操作记录-${time}.xlsx`,
    },
  );
}
