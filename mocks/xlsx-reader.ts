/**
 * Reads the rows of an uploaded import workbook: the first sheet of the
 * workbook (its first tab), columns A and B, as the user typed them. The
 * archive is checked and opened by `openXlsx` (yauzl, entries from the
 * central directory, sizes checked as they unpack); the XML parts are parsed
 * as streams by saxes. Only the workbook, its relations, the shared strings
 * and that sheet are ever unpacked, and the sheet no further than needed.
 */
import type { Readable } from "node:stream";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import {
  asRefusal,
  openXlsx,
  type XlsxArchive,
  XlsxRefused,
} from "../app/utils/xlsx-guard.server.ts";

/** Rows looked at, blank ones included, before a file is refused as too long. */
const MAX_ROWS_SEEN = 100_000;

type Handlers = {
  open?: (tag: SaxesTagPlain) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/**
 * Feeds an entry to a SAX parser until it ends or `stop()` answers true;
 * what stops early is never unpacked further.
 */
async function parse(stream: Readable, handlers: Handlers, stop = () => false): Promise<void> {
  const parser = new SaxesParser();
  const { open, close } = handlers;
  if (open) parser.on("opentag", (tag) => open({ ...tag, name: local(tag.name) }));
  if (close) parser.on("closetag", (tag) => close(local(tag.name)));
  if (handlers.text) parser.on("text", handlers.text);
  // Characters split between chunks are joined before parsing.
  stream.setEncoding("utf8");
  try {
    for await (const chunk of stream) {
      parser.write(chunk as string);
      if (stop()) return;
    }
    parser.close();
  } catch (error) {
    throw asRefusal(error);
  } finally {
    stream.destroy();
  }
}

/** A tag's name without its namespace prefix (`x:row` is a row too). */
const local = (name: string) => name.slice(name.indexOf(":") + 1);

/** A part's name from a relation's target, relative to `xl/` unless absolute. */
function partName(target: string): string {
  const path = target.startsWith("/") ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

/** The first sheet's part and the shared strings' part, from the workbook and its relations. */
async function workbookParts(archive: XlsxArchive) {
  let firstSheetId: string | undefined;
  await parse(await archive.open("xl/workbook.xml"), {
    open(tag) {
      if (tag.name === "sheet" && firstSheetId === undefined) {
        firstSheetId = Object.entries(tag.attributes).find(([key]) => key.endsWith(":id"))?.[1];
      }
    },
  });
  const targets = new Map<string, { type: string; target: string }>();
  if (archive.has("xl/_rels/workbook.xml.rels")) {
    await parse(await archive.open("xl/_rels/workbook.xml.rels"), {
      open(tag) {
        const { Id, Type, Target } = tag.attributes;
        if (tag.name === "Relationship" && Id && Target) {
          targets.set(Id, { type: Type ?? "", target: Target });
        }
      },
    });
  }
  const sheet = firstSheetId ? targets.get(firstSheetId) : undefined;
  const strings = [...targets.values()].find(({ type }) => type.endsWith("/sharedStrings"));
  return {
    sheet: sheet ? partName(sheet.target) : "xl/worksheets/sheet1.xml",
    sharedStrings: strings ? partName(strings.target) : "xl/sharedStrings.xml",
  };
}

/** The shared strings, each the text of all its runs (phonetic hints left out). */
async function sharedStrings(archive: XlsxArchive, name: string): Promise<string[]> {
  const strings: string[] = [];
  if (!archive.has(name)) return strings;
  let current = "";
  let inText = false;
  let inPhonetic = false;
  await parse(await archive.open(name), {
    open(tag) {
      if (tag.name === "si") current = "";
      else if (tag.name === "rPh") inPhonetic = true;
      else if (tag.name === "t" && !inPhonetic) inText = true;
    },
    close(tag) {
      if (tag === "si") strings.push(current);
      else if (tag === "rPh") inPhonetic = false;
      else if (tag === "t") inText = false;
    },
    text(text) {
      if (inText) current += text;
    },
  });
  return strings;
}

/** Column index (0 for A) of a cell reference such as `B12`. */
function columnOf(ref: string): number {
  let column = 0;
  for (const char of ref) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

/**
 * The text of a cell as the user sees it typed. A formula is its own text
 * (`=1+1`), never its cached result: nothing in an import is ever run.
 */
function cellText(
  cell: { type: string; value: string; formula: string | null; inline: string },
  strings: readonly string[],
): string {
  if (cell.formula !== null) return `=${cell.formula}`;
  switch (cell.type) {
    case "s":
      return strings[Number(cell.value)] ?? "";
    case "inlineStr":
      return cell.inline;
    case "str":
      return cell.value;
    case "b":
      return cell.value === "1" ? "true" : "false";
    case "e":
      return "";
    default: {
      if (cell.value === "") return "";
      const number = Number(cell.value);
      if (Number.isNaN(number)) return cell.value;
      return Number.isInteger(number) ? number.toFixed(0) : String(number);
    }
  }
}

/**
 * Rows of the first sheet after the header: [row number, column A, column B],
 * blank rows left out. The archive is checked first (a bomb or a crafted
 * archive throws `XlsxRefused` before anything is parsed), then the sheet is
 * read as a stream that stops after `maxRows + 1` rows: a longer file costs
 * no more than that, and the caller sees that it has too many.
 */
export async function readImportRows(
  bytes: Uint8Array,
  maxRows: number,
): Promise<[number, string, string][]> {
  const archive = await openXlsx(bytes);
  const parts = await workbookParts(archive);
  if (!archive.has(parts.sheet)) throw new XlsxRefused("notXlsx", "no first sheet");
  const strings = await sharedStrings(archive, parts.sharedStrings);
  const read = new Set(["xl/workbook.xml", "xl/_rels/workbook.xml.rels", parts.sharedStrings]);
  for (const name of archive.names()) {
    if (!read.has(name) && name !== parts.sheet) await archive.verify(name);
  }

  const rows: [number, string, string][] = [];
  let seen = 0;
  let rowNumber = 0;
  let texts = ["", ""];
  let column = -1;
  let cell = { type: "", value: "", formula: null as string | null, inline: "" };
  let into: "value" | "formula" | "inline" | null = null;
  await parse(
    await archive.open(parts.sheet),
    {
      open(tag) {
        const attributes = tag.attributes as Record<string, string | undefined>;
        if (tag.name === "row") {
          seen += 1;
          if (seen > MAX_ROWS_SEEN) throw new XlsxRefused("tooMuchData", "rows");
          rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
          texts = ["", ""];
          column = -1;
        } else if (tag.name === "c") {
          column = attributes.r ? columnOf(attributes.r) : column + 1;
          cell = { type: attributes.t ?? "n", value: "", formula: null, inline: "" };
        } else if (tag.name === "v") {
          into = "value";
        } else if (tag.name === "f") {
          // A shared formula's other cells name no text: "=" alone, as typed nowhere.
          cell.formula = "";
          into = "formula";
        } else if (tag.name === "t" && cell.type === "inlineStr") {
          into = "inline";
        }
      },
      close(name) {
        if (name === "v" || name === "f" || name === "t") into = null;
        else if (name === "c" && (column === 0 || column === 1)) {
          texts[column] = cellText(cell, strings).trim();
        } else if (name === "row" && rowNumber !== 1) {
          const [orderNo = "", logisticsNo = ""] = texts;
          if (orderNo !== "" || logisticsNo !== "") rows.push([rowNumber, orderNo, logisticsNo]);
        }
      },
      text(text) {
        if (into === "value") cell.value += text;
        else if (into === "formula") cell.formula += text;
        else if (into === "inline") cell.inline += text;
      },
    },
    () => rows.length > maxRows,
  );
  return rows.slice(0, maxRows + 1);
}
