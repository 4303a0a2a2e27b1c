/**
 * The streaming workbook writer of the fake backend: what it writes reads
 * back in exceljs cell by cell (values, number formats, bold header and
 * totals, widths, frozen header), across many chunks, with text that needs
 * escaping, rows longer than a chunk, and a reader that stops early.
 */
import ExcelJS from "exceljs";
import { describe, expect, it, vi } from "vitest";
import { type CellValue, NUMBER_FORMATS, xlsxStream } from "../../mocks/xlsx-writer.ts";

const columns = [
  { header: "文本", width: 20, kind: "text" as const },
  { header: "Money", width: 12, kind: "money" as const },
  { header: "When", width: 20, kind: "datetime" as const },
  { header: "Qty", width: 8, kind: "count" as const },
  { header: "Weight", width: 12, kind: "weight" as const },
  { header: "Day", width: 12, kind: "date" as const },
];

const TRICKY = [
  `a & b < c > d " e ' f`,
  "=1+1",
  "tab\there, line\nbreak, return\rhere",
  "control \u0001\u0007\u000b\u001f\u007f dropped",
  "深圳前海 😀 emoji",
  "",
];
/** Longer than a chunk can hold: written into a buffer of its own. */
const LONG = "长".repeat(100_000);

function rowAt(index: number): CellValue[] {
  return [
    index === 10 ? LONG : (TRICKY[index % TRICKY.length] ?? ""),
    index / 100,
    index % 3 === 0 ? null : new Date(Date.UTC(2026, 10, 1, 8, 30, index % 60)),
    index,
    index % 5 === 0 ? null : index / 1000,
    new Date(Date.UTC(2026, 10, (index % 28) + 1)),
  ];
}

/**
 * What a reader makes of a text written as exceljs writes it: the control
 * characters XML cannot hold are gone, and XML reads a carriage return as a
 * line feed.
 */
const expectedText = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes.
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").replace(/\r\n?/g, "\n");

async function read(stream: ReadableStream<Uint8Array>): Promise<ExcelJS.Workbook> {
  const bytes = await new Response(stream).arrayBuffer();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook;
}

describe("streaming xlsx writer", () => {
  it("writes every cell as exceljs reads it, across many chunks", async () => {
    const count = 6_000;
    const rows = Array.from({ length: count }, (_, index) => rowAt(index));
    const workbook = await read(
      xlsxStream({
        sheetName: "订单 & <test>",
        columns,
        rows,
        totals: () => ["Total", count, null, count, 1.5, null],
        created: new Date(Date.UTC(2026, 10, 24, 5, 0, 0)),
      }),
    );
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    expect(sheet.name).toBe("订单 & <test>");
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(20);
    expect(sheet.getColumn(6).width).toBe(12);
    expect(sheet.rowCount).toBe(count + 2);
    const header = sheet.getRow(1);
    expect(columns.map((_c, i) => header.getCell(i + 1).value)).toEqual(
      columns.map((c) => c.header),
    );
    expect(header.getCell(2).font?.bold).toBe(true);
    for (const index of [...Array.from({ length: count / 7 }, (_, i) => i * 7), 10, count - 1]) {
      const row = sheet.getRow(index + 2);
      const values = rowAt(index);
      for (const [column, value] of values.entries()) {
        const cell = row.getCell(column + 1);
        if (value === null) {
          expect(cell.value).toBeNull();
          continue;
        }
        const kind = typeof value === "string" ? "text" : (columns[column]?.kind ?? "text");
        expect(cell.numFmt).toBe(NUMBER_FORMATS[kind]);
        if (value instanceof Date) expect((cell.value as Date).getTime()).toBe(value.getTime());
        // An empty text cell (`<v></v>`, as exceljs writes it) reads back as empty.
        else if (typeof value === "string") expect(cell.value ?? "").toBe(expectedText(value));
        else expect(cell.value).toBe(value);
        expect(cell.font?.bold).toBeFalsy();
      }
    }
    const totals = sheet.getRow(count + 2);
    expect(totals.getCell(1).value).toBe("Total");
    expect(totals.getCell(1).numFmt).toBe("@");
    expect(totals.getCell(2).numFmt).toBe("0.00");
    expect(totals.getCell(2).font?.bold).toBe(true);
    expect(totals.getCell(5).value).toBe(1.5);
    expect(workbook.created?.toISOString()).toBe("2026-11-24T05:00:00.000Z");
  });

  it("carries the Office theme that its fonts and colours name, read back as the workbook's", async () => {
    const workbook = await read(
      xlsxStream({
        sheetName: "S",
        columns,
        rows: [rowAt(1)],
        created: new Date(Date.UTC(2026, 10, 24)),
      }),
    );
    const [theme = ""] = Object.values(workbook.model.themes ?? {});
    expect(theme).toMatch(/^<\?xml[^>]*\?>\s*<a:theme [^>]*name="Office Theme"/);
    // The body font of the styles (scheme "minor") and the text colour (theme 1).
    expect(theme).toMatch(/<a:minorFont>\s*<a:latin typeface="Calibri"/);
    expect(theme).toMatch(/<a:clrScheme name="Office">\s*<a:dk1>/);
  });

  it("stops building rows when the reader goes away", async () => {
    let produced = 0;
    function* rows(): Generator<CellValue[]> {
      for (let index = 0; index < 1_000_000; index++) {
        produced += 1;
        yield rowAt(index % 6);
      }
    }
    const stream = xlsxStream({ sheetName: "S", columns, rows: rows(), created: new Date() });
    const reader = stream.getReader();
    for (let read = 0; read < 5; read++) await reader.read();
    await reader.cancel();
    const seen = produced;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(produced).toBe(seen);
    expect(produced).toBeLessThan(100_000);
  });
});

describe("streaming xlsx writer failures", () => {
  it("ends the stream with the error when a row cannot be built", async () => {
    function* rows(): Generator<CellValue[]> {
      for (let index = 0; index < 20_000; index++) yield rowAt(index % 6);
      throw new Error("row source failed");
    }
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const stream = xlsxStream({ sheetName: "S", columns, rows: rows(), created: new Date() });
    await expect(new Response(stream).arrayBuffer()).rejects.toThrow();
    expect(logged).toHaveBeenCalledWith("[mock-api] xlsx stream failed:", expect.any(Error));
    logged.mockRestore();
  });
});
