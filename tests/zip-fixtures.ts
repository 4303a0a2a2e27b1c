/**
 * Hostile workbooks for the tests, built by hand so that sizes, order and
 * headers can lie: nothing binary is committed.
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

export interface ZipPart {
  name: string;
  /** The content; or `packed` with `size` for a deflate stream built elsewhere. */
  data?: Buffer;
  packed?: Buffer;
  size?: number;
  /** The unpacked size written in the headers, when it should lie. */
  declared?: number;
}

export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const packed = part.packed ?? deflateRawSync(part.data ?? Buffer.alloc(0));
    const size = part.declared ?? part.size ?? part.data?.length ?? 0;
    const crc = part.data ? crc32(part.data) : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    directory.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

/**
 * A deflate stream of `copies` × `block` bytes made of one compressed block
 * repeated: a gigabyte of XML in about a megabyte, built in milliseconds.
 */
export function repeatedDeflate(block: Buffer, copies: number): Buffer {
  const one = deflateRawSync(block, { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
  // A last, empty stored block ends the stream.
  return Buffer.concat([...Array.from({ length: copies }, () => one), Buffer.from([0x03, 0x00])]);
}

export const WORKBOOK = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Import" sheetId="1" r:id="rId1"/></sheets></workbook>',
);
export const RELS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
);
export const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_TAIL = "</sheetData></worksheet>";

export function inline(ref: string, text: string): string {
  return `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
}

export function sheetXml(rows: number, from = 1): string {
  const lines: string[] = [];
  for (let r = from; r < from + rows; r += 1) {
    lines.push(`<row r="${r}">${inline(`A${r}`, `NO${r}`)}${inline(`B${r}`, `WB${r}X`)}</row>`);
  }
  return lines.join("");
}

export function workbookParts(sheet: ZipPart, extra: ZipPart[] = []): ZipPart[] {
  return [
    { name: "xl/workbook.xml", data: WORKBOOK },
    { name: "xl/_rels/workbook.xml.rels", data: RELS },
    sheet,
    ...extra,
  ];
}

/** About 1 GB of sheet XML in about 1 MB; `declaredHonestly: false` writes a small size in the headers. */
export function zipBomb(declaredHonestly: boolean): Buffer {
  const block = Buffer.from(`<row r="2">${inline("A2", "x".repeat(1000))}</row>`.repeat(1000));
  const copies = 1000; // ~1 GB unpacked
  const packed = repeatedDeflate(block, copies);
  const size = block.length * copies;
  return zipOf(
    workbookParts({
      name: "xl/worksheets/sheet1.xml",
      packed,
      size: declaredHonestly ? size : undefined,
      declared: declaredHonestly ? undefined : 4096,
    }),
  );
}
