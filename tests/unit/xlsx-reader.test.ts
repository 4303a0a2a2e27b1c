/**
 * The import reader on workbooks written by hand, as other programs write
 * them: the first tab is not the first part, strings shared with runs,
 * namespace prefixes, numbers, booleans, cells without references.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { XlsxRefused } from "../../app/utils/xlsx-guard.server.ts";
import { readImportRows } from "../../mocks/xlsx-reader.ts";
import { zipOf } from "../zip-fixtures.ts";

const NS = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

function workbook(sheets: Record<string, string>, sharedStrings?: string): Buffer {
  return zipOf([
    {
      name: "xl/workbook.xml",
      data: Buffer.from(
        `<x:workbook ${NS} ${REL_NS}><x:sheets><x:sheet name="Import" sheetId="2" r:id="rId2"/><x:sheet name="Other" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: Buffer.from(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${TYPE}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${TYPE}/worksheet" Target="/xl/worksheets/../worksheets/sheet2.xml"/><Relationship Id="rId3" Type="${TYPE}/sharedStrings" Target="strings.xml"/></Relationships>`,
      ),
    },
    ...Object.entries(sheets).map(([name, xml]) => ({
      name: `xl/worksheets/${name}`,
      data: Buffer.from(`<x:worksheet ${NS}><x:sheetData>${xml}</x:sheetData></x:worksheet>`),
    })),
    ...(sharedStrings ? [{ name: "xl/strings.xml", data: Buffer.from(sharedStrings) }] : []),
  ]);
}

describe("import reader", () => {
  it("reads the first tab of the workbook, whatever the order of its parts", async () => {
    const bytes = workbook(
      {
        "sheet1.xml":
          '<x:row r="1"/><x:row r="2"><x:c r="A2" t="str"><x:v>WRONG</x:v></x:c></x:row>',
        "sheet2.xml":
          '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c></x:row>' +
          '<x:row r="3"><x:c r="A3" t="s"><x:v>1</x:v></x:c><x:c r="B3"><x:v>12345678</x:v></x:c></x:row>' +
          '<x:row r="4"><x:c r="C4" t="str"><x:v>column C only</x:v></x:c></x:row>' +
          '<x:row><x:c><x:v>1.5</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c></x:row>' +
          '<x:row r="9"><x:c r="B9" t="s"><x:v>2</x:v></x:c></x:row>',
      },
      `<sst ${NS.replace("xmlns:x", "xmlns")}><si><t>订单号</t></si><si><r><t>ORD</t></r><r><t xml:space="preserve">-1 </t></r><rPh><t>ignored</t></rPh></si><si><t>a &amp; b</t></si></sst>`,
    );
    expect(await readImportRows(bytes, 10)).toEqual([
      [3, "ORD-1", "12345678"],
      [5, "1.5", "true"],
      [9, "", "a & b"],
    ]);
  });

  it("stops one row past the limit", async () => {
    const rows = Array.from(
      { length: 50 },
      (_, i) => `<x:row r="${i + 2}"><x:c r="A${i + 2}" t="str"><x:v>N${i}</x:v></x:c></x:row>`,
    ).join("");
    const read = await readImportRows(workbook({ "sheet2.xml": rows }), 5);
    expect(read).toHaveLength(6);
  });

  it("refuses XML that is not well formed, or a workbook without its first sheet", async () => {
    for (const bytes of [
      workbook({ "sheet2.xml": '<x:row r="2"><x:c r="A2" t="str"><x:v>N</x:c></x:row>' }),
      workbook({ "sheet1.xml": "" }),
    ]) {
      const refusal = await readImportRows(bytes, 10).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(XlsxRefused);
    }
  });

  it("reads what exceljs writes", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Import");
    sheet.addRow(["订单号", "物流单号"]);
    sheet.addRow(["  ORD1 ", 42]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    expect(await readImportRows(bytes, 10)).toEqual([[2, "ORD1", "42"]]);
  });
});
