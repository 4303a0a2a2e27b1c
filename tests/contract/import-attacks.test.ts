/**
 * The self-service number import against hostile workbooks, generated here:
 * zip bombs, shared-strings bombs, a million rows, wrong magic bytes,
 * formulas. Each is refused with the coded error and a translated message
 * (formulas are kept as their text), memory stays flat, and another call
 * answers meanwhile. Bounds are generous: a loaded machine must never fail
 * them, the defect they guard against costs gigabytes and seconds.
 */
import { constants, deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ApiCode,
  type ImportReport,
  orderListDataSchema,
  XLSX_CONTENT_TYPE,
} from "../../app/contract/index.ts";
import { inspectXlsx, XLSX_LIMITS, XlsxRefused } from "../../app/utils/xlsx-guard.server.ts";
import { readImportRows } from "../../mocks/xlsx-reader.ts";
import {
  repeatedDeflate,
  SHEET_HEAD,
  SHEET_TAIL,
  sheetXml,
  workbookParts,
  zipBomb,
  zipOf,
} from "../zip-fixtures.ts";
import { contractBackend, MANAGER } from "./helpers.ts";

/** Built before any connection is open: building it takes the event loop for a while. */
let million: Buffer;
beforeAll(() => {
  million = millionRows();
});
const server = contractBackend();
const { api } = server;
let token: string;

beforeEach(async () => {
  token = await api.login(MANAGER);
});

/** A million rows of order and waybill numbers: about five megabytes packed. */
function millionRows(): Buffer {
  const chunks: Buffer[] = [Buffer.from(SHEET_HEAD)];
  for (let from = 1; from <= 1_000_000; from += 50_000) {
    const rows: string[] = [];
    for (let r = from; r < from + 50_000; r += 1) {
      rows.push(`<row r="${r}"><c t="s"><v>0</v></c><c t="s"><v>1</v></c></row>`);
    }
    chunks.push(Buffer.from(rows.join("")));
  }
  chunks.push(Buffer.from(SHEET_TAIL));
  const data = Buffer.concat(chunks);
  return zipOf(
    workbookParts({
      name: "xl/worksheets/sheet1.xml",
      packed: deflateRawSync(data),
      size: data.length,
    }),
  );
}

function sharedStringsBomb(declaredHonestly: boolean): Buffer {
  const block = Buffer.from("<si><t>aaaaaaaaaaaaaaaaaaaa</t></si>".repeat(30_000));
  const copies = 500; // ~500 MB of shared strings
  const body = repeatedDeflate(block, copies);
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
  );
  // The head as its own stored-free deflate block before the repeated ones.
  const packed = Buffer.concat([
    deflateRawSync(head, { finishFlush: constants.Z_FULL_FLUSH }),
    body,
  ]);
  const size = head.length + block.length * copies;
  const sheet = Buffer.from(
    `${SHEET_HEAD}<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c></row>${SHEET_TAIL}`,
  );
  return zipOf(
    workbookParts({ name: "xl/worksheets/sheet1.xml", data: sheet }, [
      {
        name: "xl/sharedStrings.xml",
        packed,
        size: declaredHonestly ? size : undefined,
        declared: declaredHonestly ? undefined : 2048,
      },
    ]),
  );
}

/** Shared strings of about 9 MB that pack well but not suspiciously (ratio under 100:1). */
function largeSharedStrings(): Buffer {
  const items: string[] = [];
  let size = 0;
  let n = 0;
  while (size < 9 * 1024 * 1024) {
    const item = `<si><t>ORD${(n * 7919) % 1_000_003}</t></si>`;
    items.push(item);
    size += item.length;
    n += 1;
  }
  const data = Buffer.from(`<sst>${items.join("")}</sst>`);
  const sheet = Buffer.from(`${SHEET_HEAD}${sheetXml(2)}${SHEET_TAIL}`);
  return zipOf(
    workbookParts({ name: "xl/worksheets/sheet1.xml", data: sheet }, [
      { name: "xl/sharedStrings.xml", data },
    ]),
  );
}

/** The archive with every offset of its central directory moved on by `by` bytes. */
function withDirectoryShiftedBy(bytes: Buffer, by: number): Buffer {
  const out = Buffer.from(bytes);
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directory = out.readUInt32LE(end + 16) + by;
  out.writeUInt32LE(directory, end + 16);
  for (let at = directory; at < end; ) {
    out.writeUInt32LE(out.readUInt32LE(at + 42) + by, at + 42);
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return out;
}

// ---------------------------------------------------------------------------

function blob(bytes: Uint8Array | ArrayBuffer): Blob {
  return new Blob([bytes as ArrayBuffer], { type: XLSX_CONTENT_TYPE });
}

async function upload(bytes: Uint8Array | ArrayBuffer, lang?: string) {
  const form = new FormData();
  form.set("file", blob(bytes), "import.xlsx");
  return api.call<ImportReport | string>("/cba/order-import", {
    method: "POST",
    token,
    body: form,
    lang,
  });
}

function collectGarbage() {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
}

/**
 * Uploads `bytes` while sampling memory and timing a second call made in the
 * middle of it; answers the import's answer, the peak growth of heap plus
 * buffers, and how long the second call took.
 */
async function uploadMeasured(bytes: Uint8Array, lang?: string) {
  collectGarbage();
  const used = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const baseline = used();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, used());
  }, 5);
  const importing = upload(bytes, lang);
  const started = performance.now();
  const other = await api.call("/cba/order", { token, query: { pageSize: 10 } });
  const otherMs = performance.now() - started;
  const answer = await importing;
  clearInterval(sampler);
  peak = Math.max(peak, used());
  expect(other.code).toBe(200);
  return { answer, growth: peak - baseline, otherMs };
}

const MB = 1024 * 1024;
/** Far above what a checked refusal costs; far below what parsing a bomb did (hundreds of MB). */
const MAX_GROWTH = 100 * MB;
/** Another call waited about 12 s behind a million-row parse; a few seconds is generous. */
const MAX_OTHER_MS = 5000;

describe("hostile workbooks are refused before they are parsed", () => {
  it("a zip bomb (1 GB of XML in 1 MB, sizes declared): refused, memory flat, other calls answered", async () => {
    const bytes = zipBomb(true);
    expect(bytes.length).toBeLessThan(5 * MB);
    await expect(inspectXlsx(bytes)).rejects.toThrow(XlsxRefused);
    const { answer, growth, otherMs } = await uploadMeasured(bytes);
    expect(answer.code).toBe(ApiCode.invalidParameters);
    expect(answer.data).toBe("文件不是有效的 xlsx 文件");
    expect(growth).toBeLessThan(MAX_GROWTH);
    expect(otherMs).toBeLessThan(MAX_OTHER_MS);
  });

  it("a zip bomb that declares a small size: refused at the first bytes beyond it", async () => {
    const bytes = zipBomb(false);
    // The directory alone looks harmless...
    await expect(inspectXlsx(bytes)).resolves.toBeUndefined();
    // ...unpacking stops as soon as the entry outgrows it.
    await expect(readImportRows(bytes, 10)).rejects.toThrow(XlsxRefused);
    const { answer, growth, otherMs } = await uploadMeasured(bytes, "en");
    expect(answer.code).toBe(ApiCode.invalidParameters);
    expect(answer.data).toBe("The file is not a valid .xlsx file");
    expect(growth).toBeLessThan(MAX_GROWTH);
    expect(otherMs).toBeLessThan(MAX_OTHER_MS);
  });

  it("a shared-strings bomb (500 MB of strings), declared or not: refused, memory flat", async () => {
    for (const honest of [true, false]) {
      const { answer, growth, otherMs } = await uploadMeasured(sharedStringsBomb(honest));
      expect(answer.code).toBe(ApiCode.invalidParameters);
      expect(answer.data).toBe("文件不是有效的 xlsx 文件");
      expect(growth).toBeLessThan(MAX_GROWTH);
      expect(otherMs).toBeLessThan(MAX_OTHER_MS);
    }
  });

  it("shared strings beyond their bound at an ordinary ratio: refused as too much data", async () => {
    const bytes = largeSharedStrings();
    expect(bytes.length).toBeLessThan(5 * MB);
    const { answer, growth } = await uploadMeasured(bytes, "en");
    expect(answer.code).toBe(ApiCode.invalidParameters);
    expect(answer.data).toBe("The file holds too much data: at most 10000 rows");
    expect(growth).toBeLessThan(MAX_GROWTH);
  });

  it("a million rows in five megabytes: refused unread, memory flat, other calls answered", async () => {
    const bytes = million;
    expect(bytes.length).toBeLessThan(5 * MB);
    const { answer, growth, otherMs } = await uploadMeasured(bytes);
    expect(answer.code).toBe(ApiCode.invalidParameters);
    expect(answer.data).toBe("文件内容过多：最多 10000 行");
    expect(growth).toBeLessThan(MAX_GROWTH);
    expect(otherMs).toBeLessThan(MAX_OTHER_MS);
  });

  it("more rows than allowed within the size bounds: read as a stream up to row 10,001, then refused", async () => {
    const data = Buffer.from(`${SHEET_HEAD}${sheetXml(60_000)}${SHEET_TAIL}`);
    expect(data.length).toBeLessThan(XLSX_LIMITS.maxUnpackedBytes);
    const bytes = zipOf(workbookParts({ name: "xl/worksheets/sheet1.xml", data }));
    const { answer, growth } = await uploadMeasured(bytes, "en");
    expect(answer.code).toBe(ApiCode.invalidParameters);
    expect(answer.data).toBe("The file may have at most 10000 rows");
    expect(growth).toBeLessThan(MAX_GROWTH);
  });

  it("wrong magic bytes, a truncated archive, a damaged one: refused as not an xlsx", async () => {
    const good = Buffer.from(
      await (async () => {
        const workbook = new ExcelJS.Workbook();
        workbook.addWorksheet("Import").addRow(["订单号", "物流单号"]);
        return workbook.xlsx.writeBuffer();
      })(),
    );
    const damaged = Buffer.from(good);
    damaged.fill(0x41, 200, 400);
    for (const bytes of [
      Buffer.from("order,waybill\nA,B\n"),
      Buffer.from("%PDF-1.7 pretending to be a workbook"),
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 7)]),
      good.subarray(0, good.length - 30),
      damaged,
    ]) {
      const answer = await upload(bytes, "en");
      expect(answer.code).toBe(ApiCode.invalidParameters);
      expect(answer.data).toBe("The file is not a valid .xlsx file");
    }
  });

  it("an entry the directory does not list is never read; too many entries: refused", async () => {
    const sheet = Buffer.from(`${SHEET_HEAD}${sheetXml(2)}${SHEET_TAIL}`);
    const archive = zipOf(workbookParts({ name: "xl/worksheets/sheet1.xml", data: sheet }));
    // A local entry the central directory does not list, slipped in at the
    // front: a reader walking the local entries would take its strings.
    const hidden = zipOf([
      { name: "xl/sharedStrings.xml", data: Buffer.from("<sst><si><t>SMUGGLED</t></si></sst>") },
    ]);
    const localOnly = hidden.subarray(0, hidden.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
    const shifted = Buffer.concat([localOnly, archive]);
    // The directory's offsets are the archive's own: shift them past the smuggled bytes.
    const smuggled = withDirectoryShiftedBy(shifted, localOnly.length);
    expect(await readImportRows(smuggled, 10)).toEqual(await readImportRows(archive, 10));
    expect(JSON.stringify(await readImportRows(smuggled, 10))).not.toContain("SMUGGLED");
    const many = zipOf(
      workbookParts(
        { name: "xl/worksheets/sheet1.xml", data: sheet },
        Array.from({ length: XLSX_LIMITS.maxEntries }, (_, i) => ({
          name: `x/${i}.xml`,
          data: Buffer.from("<x/>"),
        })),
      ),
    );
    await expect(inspectXlsx(many)).rejects.toThrow(XlsxRefused);
  });

  it("names escaping the archive, duplicate entries, damaged data: refused as not an xlsx", async () => {
    const sheet = Buffer.from(`${SHEET_HEAD}${sheetXml(2)}${SHEET_TAIL}`);
    const parts = workbookParts({ name: "xl/worksheets/sheet1.xml", data: sheet });
    const escaping = zipOf([...parts, { name: "../../etc/evil.xml", data: Buffer.from("<x/>") }]);
    const duplicate = zipOf([...parts, { name: "xl/workbook.xml", data: Buffer.from("<x/>") }]);
    const damaged = zipOf(
      workbookParts({
        name: "xl/worksheets/sheet1.xml",
        packed: Buffer.alloc(64, 0xff),
        size: 900,
      }),
    );
    for (const bytes of [escaping, duplicate, damaged]) {
      const refusal = await readImportRows(bytes, 10).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(XlsxRefused);
      expect((refusal as XlsxRefused).problem).toBe("notXlsx");
    }
  });

  it("formulas and formula-like text are kept as their text and never applied", async () => {
    const { list } = await api.ok(
      "/cba/order",
      { token, query: { pageSize: 2, cbaStatus: 1 } },
      orderListDataSchema,
    );
    const [first, second] = list;
    if (!first || !second) throw new Error("no orders");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Import");
    sheet.addRow(["订单号", "物流单号"]);
    sheet.addRow([
      first.orderNo,
      { formula: 'HYPERLINK("http://evil.test","ABC123456")', result: "ABC123456" },
    ]);
    sheet.addRow([second.orderNo, "=1+1"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const answer = await upload(bytes, "en");
    expect(answer.code).toBe(200);
    const report = answer.data as ImportReport;
    expect(report.applied).toBe(0);
    expect(report.rows.map((row) => row.logisticsNo)).toEqual([
      '=HYPERLINK("http://evil.test","ABC123456")',
      "=1+1",
    ]);
    expect(report.rows.every((row) => !row.applied)).toBe(true);
    const after = await api.ok(
      "/cba/order",
      { token, query: { orderNo: first.orderNo } },
      orderListDataSchema,
    );
    expect(after.list[0]?.logisticsNo).toBe(first.logisticsNo);
  });

  it("an ordinary workbook from a spreadsheet program still imports", async () => {
    const { list } = await api.ok(
      "/cba/order",
      { token, query: { pageSize: 1, cbaStatus: 1 } },
      orderListDataSchema,
    );
    const [order] = list;
    if (!order) throw new Error("no order");
    // exceljs writes shared strings after the sheet and data descriptors, like many programs.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Import");
    sheet.addRow(["订单号", "物流单号"]);
    sheet.addRow([order.orderNo, "SF1234567890"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const answer = await upload(bytes);
    expect(answer.code).toBe(200);
    expect((answer.data as ImportReport).applied).toBe(1);
  });
});
