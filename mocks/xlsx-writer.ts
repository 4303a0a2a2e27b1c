/**
 * A streaming xlsx writer for large sheets: one worksheet of plain cells
 * (text, numbers, dates) with a number format per column kind, a bold header
 * and totals row, column widths and a frozen header.
 *
 * The sheet's XML is the one exceljs writes for the same rows (the same
 * cells, attributes and escaping: `t="str"` text, numbers as written by
 * `String`, dates as Excel serial numbers), built as strings in chunks of
 * about 256 KB instead of through exceljs's row, cell and style objects,
 * which cost about 35 µs a row. The package is a zip written here too:
 * small parts stored whole, the sheet deflated as a stream (level 1, on
 * zlib's thread pool) and closed with a data descriptor.
 *
 * The answer is a pull stream that keeps one chunk ready ahead of its
 * reader, and the deflater is handed at most two chunks at a time (the one
 * it works on and the next), so memory stays flat whatever the row count,
 * zlib and the rows work side by side, and the event loop gets a turn after
 * every chunk. What it makes per row and per piece dies young (number texts
 * without V8's number cache, deflated pieces handed on as they come), and
 * the XML chunks' few buffers serve every download, so nothing piles up in
 * the old generation until a full collection either.
 */
import { crc32, createDeflateRaw, deflateRawSync, type ZlibOptions } from "node:zlib";
import { CHINA_OFFSET_SECONDS } from "../app/utils/china-time.ts";
import { OFFICE_THEME } from "./xlsx-theme.ts";

/**
 * Cell kinds, each with one number format: text cells (format `@`, so a
 * value such as `=1+1` stays text even when the cell is edited, and is
 * never run as a formula), money with two decimals, weights with three,
 * China-time dates and times as real date cells.
 */
export type Kind = "text" | "money" | "weight" | "count" | "datetime" | "date";

export const NUMBER_FORMATS: Record<Kind, string> = {
  text: "@",
  money: "0.00",
  weight: "0.000",
  count: "0",
  datetime: "yyyy-mm-dd hh:mm:ss",
  date: "yyyy-mm-dd",
};

export type CellValue = string | number | Date | null;

export interface SheetColumn {
  header: string;
  width: number;
  kind: Kind;
}

export interface SheetSpec {
  sheetName: string;
  columns: readonly SheetColumn[];
  /** The data rows, produced as the reader asks for them. */
  rows: Iterable<CellValue[]>;
  /** The bold last row, asked for once every data row is written. */
  totals?: () => CellValue[];
  /** The workbook's creation time (document properties and zip entry times). */
  created: Date;
}

const KINDS: readonly Kind[] = ["text", "money", "weight", "count", "datetime", "date"];
/** Built-in number format ids (ECMA-376 18.8.30); the others get custom ids from 164. */
const BUILT_IN_FORMATS: Partial<Record<string, number>> = { "@": 49, "0.00": 2, "0": 1 };
const FORMAT_IDS: Record<Kind, number> = (() => {
  let next = 164;
  const ids = {} as Record<Kind, number>;
  for (const kind of KINDS) ids[kind] = BUILT_IN_FORMATS[NUMBER_FORMATS[kind]] ?? next++;
  return ids;
})();
/** Style ids in styles.xml: 0 the default, then every kind plain, then every kind bold. */
const STYLE_IDS: Record<Kind, number> = Object.fromEntries(
  KINDS.map((kind, i) => [kind, i + 1]),
) as Record<Kind, number>;
const BOLD_STYLE_IDS: Record<Kind, number> = Object.fromEntries(
  KINDS.map((kind, i) => [kind, i + 1 + KINDS.length]),
) as Record<Kind, number>;

/** The characters `xmlEncode` changes: the five entities and the control characters XML 1.0 cannot hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for.
const ESCAPED = /[<>&'"\u007F\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** XML text as exceljs escapes it: the five entities, characters XML cannot hold dropped. */
export function xmlEncode(text: string): string {
  if (!ESCAPED.test(text)) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    switch (code) {
      case 34:
        out += "&quot;";
        break;
      case 38:
        out += "&amp;";
        break;
      case 39:
        out += "&apos;";
        break;
      case 60:
        out += "&lt;";
        break;
      case 62:
        out += "&gt;";
        break;
      case 127:
        break;
      default:
        if (code <= 8 || (code >= 11 && code <= 31 && code !== 13)) break;
        out += text[i];
    }
  }
  return out;
}

/** A date cell's value: days since 1899-12-30, as exceljs writes it. */
function excelDate(date: Date): number {
  return 25569 + date.getTime() / (24 * 3600 * 1000);
}

/**
 * A number cell's text, as `String` writes it. V8 makes the text of a number
 * that is not a small integer (money, weights, dates) in its old generation,
 * for its number-to-string cache: every such cell of a sheet left a string
 * there that only a full collection frees, about 140 bytes a row, so the
 * heap grew with the rows (14 MB for 100,000 orders). `JSON.stringify`
 * writes the same digits (ECMAScript's Number::toString, for every finite
 * number) into a young string that dies with its row.
 */
function numberText(value: number): string {
  return Number.isFinite(value) ? JSON.stringify(value) : String(value);
}

function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** The fixed text around each column's cells, worked out once per sheet. */
interface Layout {
  /** `<c r="A`, `<c r="B`… per column. */
  open: string[];
  /** After the row number of a text cell, plain and bold: `" s="1" t="str"><v>`. */
  text: [string, string];
  /** After the row number of a number or date cell, per column, plain and bold. */
  value: [string[], string[]];
}

function layoutOf(columns: readonly SheetColumn[]): Layout {
  const open = columns.map((_column, index) => `<c r="${columnLetters(index)}`);
  const valueTail = (styles: Record<Kind, number>) =>
    columns.map((column) => `" s="${styles[column.kind]}"><v>`);
  return {
    open,
    text: [`" s="${STYLE_IDS.text}" t="str"><v>`, `" s="${BOLD_STYLE_IDS.text}" t="str"><v>`],
    value: [valueTail(STYLE_IDS), valueTail(BOLD_STYLE_IDS)],
  };
}

/**
 * One `<row>`, as exceljs writes it: null cells are left out but count in
 * `spans`; a string is a text cell (`t="str"`, the text style) whatever its
 * column; numbers as `String` writes them; dates as Excel serial numbers.
 */
function rowXml(
  number: number,
  values: readonly CellValue[],
  layout: Layout,
  bold: boolean,
): string {
  const style = bold ? 1 : 0;
  const textTail = layout.text[style];
  const valueTails = layout.value[style];
  const r = JSON.stringify(number);
  let xml = `<row r="${r}" spans="1:${values.length}" x14ac:dyDescent="0.25">`;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) continue;
    const open = layout.open[i] ?? `<c r="${columnLetters(i)}`;
    if (typeof value === "string") {
      xml += `${open}${r}${textTail}${xmlEncode(value)}</v></c>`;
    } else {
      const tail = valueTails[i] ?? `" s="${bold ? BOLD_STYLE_IDS.text : STYLE_IDS.text}"><v>`;
      xml += `${open}${r}${tail}${numberText(typeof value === "number" ? value : excelDate(value))}</v></c>`;
    }
  }
  return `${xml}</row>`;
}

/** `<cols>`: neighbouring columns of the same width share one element, as exceljs writes them. */
function colsXml(columns: readonly SheetColumn[]): string {
  let xml = "<cols>";
  for (let i = 0; i < columns.length; ) {
    const width = columns[i]?.width;
    let j = i;
    while (j + 1 < columns.length && columns[j + 1]?.width === width) j++;
    xml += `<col min="${i + 1}" max="${j + 1}" width="${width}" customWidth="1"/>`;
    i = j + 1;
  }
  return `${xml}</cols>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

function sheetHead(columns: readonly SheetColumn[]): string {
  return (
    `${XML_HEAD.trimEnd()}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"` +
    ' xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac"' +
    ' xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15" outlineLevelRow="0" outlineLevelCol="0" x14ac:dyDescent="55"/>' +
    `${colsXml(columns)}<sheetData>`
  );
}

const SHEET_TAIL =
  '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
  '<pageSetup orientation="portrait" horizontalDpi="4294967295" verticalDpi="4294967295" scale="100" fitToWidth="1" fitToHeight="1"/></worksheet>';

function stylesXml(): string {
  const custom = KINDS.filter((kind) => FORMAT_IDS[kind] >= 164);
  const numFmts = custom
    .map(
      (kind) =>
        `<numFmt numFmtId="${FORMAT_IDS[kind]}" formatCode="${xmlEncode(NUMBER_FORMATS[kind])}"/>`,
    )
    .join("");
  const xf = (kind: Kind, bold: boolean) =>
    `<xf numFmtId="${FORMAT_IDS[kind]}" fontId="${bold ? 1 : 0}" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"${bold ? ' applyFont="1"' : ""}/>`;
  const xfs = [
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
    ...KINDS.map((kind) => xf(kind, false)),
    ...KINDS.map((kind) => xf(kind, true)),
  ];
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac x16r2"` +
    ' xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" xmlns:x16r2="http://schemas.microsoft.com/office/spreadsheetml/2015/02/main">' +
    `<numFmts count="${custom.length}">${numFmts}</numFmts>` +
    '<fonts count="2" x14ac:knownFonts="1"><font><color theme="1"/><family val="2"/><scheme val="minor"/><sz val="11"/><name val="Calibri"/></font><font><b/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join("")}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/>' +
    '<tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/></styleSheet>'
  );
}

/** The fixed parts of the package around the one sheet, as exceljs writes them. */
function packageParts(sheetName: string, created: Date): [string, string][] {
  const name = xmlEncode(sheetName);
  const when = `${created.toISOString().replace(/\.\d{3}Z$/, "Z")}`;
  const type = (part: string, content: string) =>
    `<Override PartName="${part}" ContentType="application/vnd.openxmlformats-${content}"/>`;
  const rel = (id: number, kind: string, target: string) =>
    `<Relationship Id="rId${id}" Type="${kind}" Target="${target}"/>`;
  const officeRel = `${REL_NS}`;
  return [
    [
      "[Content_Types].xml",
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        type("/xl/workbook.xml", "officedocument.spreadsheetml.sheet.main+xml") +
        type("/xl/worksheets/sheet1.xml", "officedocument.spreadsheetml.worksheet+xml") +
        type("/xl/theme/theme1.xml", "officedocument.theme+xml") +
        type("/xl/styles.xml", "officedocument.spreadsheetml.styles+xml") +
        type("/docProps/core.xml", "package.core-properties+xml") +
        type("/docProps/app.xml", "officedocument.extended-properties+xml") +
        "</Types>",
    ],
    [
      "_rels/.rels",
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        rel(1, `${officeRel}/officeDocument`, "xl/workbook.xml") +
        rel(
          2,
          "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties",
          "docProps/core.xml",
        ) +
        rel(3, `${officeRel}/extended-properties`, "docProps/app.xml") +
        "</Relationships>",
    ],
    [
      "docProps/app.xml",
      `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">` +
        "<Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop>" +
        '<HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>1</vt:i4></vt:variant></vt:vector></HeadingPairs>' +
        `<TitlesOfParts><vt:vector size="1" baseType="lpstr"><vt:lpstr>${name}</vt:lpstr></vt:vector></TitlesOfParts>` +
        "<Company></Company><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0300</AppVersion></Properties>",
    ],
    [
      "docProps/core.xml",
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
        "<dc:creator>ExcelJS</dc:creator><cp:lastModifiedBy>ExcelJS</cp:lastModifiedBy>" +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`,
    ],
    [
      "xl/workbook.xml",
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x15" xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main">` +
        '<fileVersion appName="xl" lastEdited="5" lowestEdited="5" rupBuild="9303"/><workbookPr defaultThemeVersion="164011" filterPrivacy="1"/>' +
        `<sheets><sheet sheetId="1" name="${name}" state="visible" r:id="rId3"/></sheets><calcPr calcId="171027"/></workbook>`,
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        rel(1, `${officeRel}/styles`, "styles.xml") +
        rel(2, `${officeRel}/theme`, "theme/theme1.xml") +
        rel(3, `${officeRel}/worksheet`, "worksheets/sheet1.xml") +
        "</Relationships>",
    ],
    ["xl/styles.xml", stylesXml()],
    ["xl/theme/theme1.xml", OFFICE_THEME],
  ];
}

/** Sheet XML is handed to the deflater in pieces of this many bytes (or a little less). */
const CHUNK = 256 * 1024;

/**
 * zlib's output buffer, which the deflated pieces are slices of; a new one
 * when it is full. A piece keeps its buffer alive until the socket has
 * written it: small buffers, filled by one or two chunks of XML and handed
 * on at once, die young. 256 KB buffers gathered into 256 KB chunks lived
 * across several chunks, long enough for V8 to promote them to the old
 * generation on a portal whose young generation was small, and the file's
 * deflated bytes then stayed in memory until the next full collection.
 */
const DEFLATED_PIECE = 64 * 1024;

/**
 * The XML chunks' buffers the deflater is done with, kept for the next
 * download. A download fills at most three at a time (the one zlib works on,
 * the next waiting, the one being filled); made anew for every download they
 * lived through all of its scavenges, were promoted with their 256 KB each
 * (0.5–1 MB a download) and were freed only by the next full collection.
 * Kept here, the same few serve every download; a buffer comes back only
 * once zlib has read all of it, and at most MAX_SPARE_CHUNKS are kept
 * (downloads at the same time make more, which then die as before).
 */
const spareChunks: Buffer[] = [];
const MAX_SPARE_CHUNKS = 4;

function takeChunk(): Buffer {
  return spareChunks.pop() ?? Buffer.allocUnsafe(CHUNK);
}

function giveBackChunk(buffer: Buffer): void {
  if (buffer.length === CHUNK && spareChunks.length < MAX_SPARE_CHUNKS) spareChunks.push(buffer);
}

/** A filled piece of sheet XML: the first `length` bytes of `buffer`. */
interface Piece {
  buffer: Buffer;
  length: number;
}

/**
 * The sheet's XML as UTF-8, in pieces of at most CHUNK bytes (a longer row
 * gets a buffer of its own). Each row is encoded into the current buffer as
 * soon as it is built, so no long string is ever held; buffers come from
 * `take`, so the caller can hand back the ones the deflater is done with.
 */
function* sheetXml(spec: SheetSpec, take: () => Buffer): Generator<Piece> {
  const layout = layoutOf(spec.columns);
  let buffer = take();
  let used = 0;
  /** Encodes `xml`; answers the filled piece when the buffer had no room left for it. */
  const add = (xml: string): Piece | null => {
    let full: Piece | null = null;
    // A UTF-16 unit takes at most 3 bytes in UTF-8.
    const room = xml.length * 3;
    if (used + room > buffer.length) {
      if (used > 0) full = { buffer, length: used };
      buffer = room > CHUNK ? Buffer.allocUnsafe(room) : take();
      used = 0;
    }
    used += buffer.write(xml, used, "utf8");
    return full;
  };
  let number = 1;
  const header = spec.columns.map((column) => column.header);
  let full = add(sheetHead(spec.columns) + rowXml(number, header, layout, true));
  if (full) yield full;
  for (const values of spec.rows) {
    number += 1;
    full = add(rowXml(number, values, layout, false));
    if (full) yield full;
  }
  if (spec.totals) {
    full = add(rowXml(number + 1, spec.totals(), layout, true));
    if (full) yield full;
  }
  full = add(SHEET_TAIL);
  if (full) yield full;
  if (used > 0) yield { buffer, length: used };
}

// ---------------------------------------------------------------------------
// Zip (PKWARE APPNOTE 6.3): local header, data (data descriptor for the
// streamed sheet), central directory. No zip64: a part of 4 GB or more is refused.

const UTF8_FLAG = 0x0800;
const DESCRIPTOR_FLAG = 0x0008;
const DEFLATE = 8;
const MAX_32 = 0xffff_ffff;

/** DOS date and time (China time, like every time of the product) of the package's entries. */
function dosTime(instant: Date): { time: number; date: number } {
  const date = new Date((instant.getTime() / 1000 + CHINA_OFFSET_SECONDS) * 1000);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date:
      ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function localHeader(entry: Entry, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  header.writeUInt32LE(entry.crc >>> 0, 14);
  header.writeUInt32LE(entry.compressed, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function dataDescriptor(entry: Entry): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc >>> 0, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralDirectory(
  entries: readonly Entry[],
  stamp: { time: number; date: number },
  offset: number,
): Buffer {
  const records = entries.map((entry) => {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(entry.flags, 8);
    record.writeUInt16LE(DEFLATE, 10);
    record.writeUInt16LE(stamp.time, 12);
    record.writeUInt16LE(stamp.date, 14);
    record.writeUInt32LE(entry.crc >>> 0, 16);
    record.writeUInt32LE(entry.compressed, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(entry.name.length, 28);
    record.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([record, entry.name]);
  });
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}

function checkSize(value: number): number {
  if (value > MAX_32) throw new Error("The workbook is too large for a zip without zip64");
  return value;
}

/** The xlsx package of `spec`, produced as it is read. */
async function* xlsxChunks(spec: SheetSpec): AsyncGenerator<Uint8Array> {
  const stamp = dosTime(spec.created);
  const entries: Entry[] = [];
  let offset = 0;
  const emit = (bytes: Buffer) => {
    offset = checkSize(offset + bytes.length);
    return bytes;
  };

  for (const [name, text] of packageParts(spec.sheetName, spec.created)) {
    const data = Buffer.from(text, "utf8");
    const deflated = deflateRawSync(data, { level: 6 });
    const entry: Entry = {
      name: Buffer.from(name, "utf8"),
      flags: UTF8_FLAG,
      crc: crc32(data),
      compressed: deflated.length,
      size: data.length,
      offset,
    };
    entries.push(entry);
    yield emit(localHeader(entry, stamp));
    yield emit(deflated);
  }

  const sheet: Entry = {
    name: Buffer.from("xl/worksheets/sheet1.xml", "utf8"),
    flags: UTF8_FLAG | DESCRIPTOR_FLAG,
    crc: 0,
    compressed: 0,
    size: 0,
    offset,
  };
  entries.push(sheet);
  yield emit(localHeader(sheet, stamp));

  // One thread-pool job per chunk, and the next chunk waiting while one is
  // deflated: the rows are built while zlib works.
  // (zlib hands stream options such as writableHighWaterMark to its Transform.)
  const deflater = createDeflateRaw({
    level: 1,
    chunkSize: DEFLATED_PIECE,
    writableHighWaterMark: 2 * CHUNK,
    // Room for a chunk's deflated output while the reader is busy with the
    // one before (the socket draining): zlib goes on instead of waiting.
    readableHighWaterMark: CHUNK,
  } as ZlibOptions);
  const stop = new AbortController();
  /**
   * The waits for a chunk's deflation, each ended early when the reader goes
   * away. (Not a race with one promise of the stop: every race would leave a
   * reaction on it until the download's end, one per chunk.)
   */
  const waiting = new Set<() => void>();
  stop.signal.addEventListener(
    "abort",
    () => {
      for (const wake of waiting) wake();
    },
    { once: true },
  );
  const feeding = (async () => {
    /**
     * Chunks handed to the deflater and not yet deflated, oldest first. At
     * most two: the one zlib works on and the next. Waiting for the older
     * one (not for `drain`, which waits until both are done) keeps zlib
     * busy while the row after them is built; the deflater's pace, and so
     * the reader's, still bounds how far the rows run ahead.
     */
    const inFlight: Promise<void>[] = [];
    // Buffers the deflater has read are filled again: the sheet's 100+ MB of
    // XML pass through a handful of buffers instead of becoming garbage.
    for (const { buffer, length } of sheetXml(spec, takeChunk)) {
      const bytes = buffer.subarray(0, length);
      sheet.crc = crc32(bytes, sheet.crc);
      sheet.size = checkSize(sheet.size + bytes.length);
      inFlight.push(
        new Promise<void>((resolve) => {
          waiting.add(resolve);
          deflater.write(bytes, (error) => {
            waiting.delete(resolve);
            // Read whole by zlib: the buffer may be filled again.
            if (!error) giveBackChunk(buffer);
            // A failure ends the deflater, and its reader sees why.
            resolve();
          });
        }),
      );
      const oldest = inFlight.length >= 2 ? inFlight.shift() : undefined;
      if (oldest) await oldest;
      // A turn of the event loop between chunks: zlib's callbacks and other requests run.
      await new Promise((resolve) => setImmediate(resolve));
      if (stop.signal.aborted) return;
    }
    deflater.end();
  })();
  feeding.catch((error: unknown) => {
    deflater.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  try {
    // Each piece is handed on as zlib makes it, not gathered into larger
    // chunks (docs/decisions/2026-11-27-workbook-numbers-and-pieces-die-young.md).
    for await (const chunk of deflater as AsyncIterable<Buffer>) {
      sheet.compressed += chunk.length;
      yield emit(chunk);
    }
    await feeding;
  } finally {
    // The reader went away (or something failed): stop building rows.
    stop.abort();
    deflater.destroy();
  }
  checkSize(sheet.compressed);
  yield emit(dataDescriptor(sheet));
  yield centralDirectory(entries, stamp, offset);
}

/** The workbook as a byte stream that builds the sheet only as fast as it is read. */
export function xlsxStream(spec: SheetSpec): ReadableStream<Uint8Array> {
  const chunks = xlsxChunks(spec);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          // The headers are gone already: the download ends cut short, and the log says why.
          console.error("[mock-api] xlsx stream failed:", error);
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    // One chunk is made ready while the reader writes the one before.
    { highWaterMark: 1 },
  );
}
