/**
 * Checks an uploaded .xlsx (a zip archive) before any spreadsheet library
 * reads it, from the archive's own bookkeeping: the central directory at the
 * end of the file lists every entry with its packed and unpacked size. A zip
 * bomb, a shared-strings bomb or a file far beyond the row limit is refused
 * here, in microseconds and without unpacking anything.
 *
 * The sizes an archive declares can lie, so `verifyXlsx` then unpacks every
 * entry once as a stream, counting and discarding the output, and stops at
 * the first byte beyond what the entry declared.
 *
 * exceljs's streaming reader walks the local entries from the start of the
 * file rather than the central directory, so the check also proves that the
 * local entries are exactly the ones listed (same names, same sizes, no gap,
 * nothing hidden between them): the reader sees what was checked.
 *
 * Node built-ins and relative imports only: the fake backend runs this file
 * too.
 */
import { Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";

export const XLSX_LIMITS = {
  /** Entries in the archive (an ordinary workbook has 10 to 20). */
  maxEntries: 200,
  /** All entries unpacked together. */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** Unpacked size of the shared strings, which a reader keeps in memory. */
  maxSharedStringsBytes: 8 * 1024 * 1024,
  /** Unpacked to packed, per entry and for the whole archive. */
  maxRatio: 100,
  /** Entries smaller than this unpacked are not held to the ratio. */
  ratioFloorBytes: 64 * 1024,
} as const;

export type XlsxLimits = { [K in keyof typeof XLSX_LIMITS]: number };

/**
 * Why a file was refused: `notXlsx` (not a zip, a damaged or crafted one, a
 * bomb), `tooMuchData` (more unpacked data than an import of the row limit
 * can hold).
 */
export type XlsxProblem = "notXlsx" | "tooMuchData";

export class XlsxRefused extends Error {
  readonly problem: XlsxProblem;
  constructor(problem: XlsxProblem, detail: string) {
    super(`${problem}: ${detail}`);
    this.problem = problem;
  }
}

export interface XlsxEntry {
  name: string;
  method: number;
  flags: number;
  packedSize: number;
  unpackedSize: number;
  /** Where the entry's local header starts. */
  headerOffset: number;
  /** Where its packed data starts. */
  dataOffset: number;
  /** Where the entry (data descriptor included) ends. */
  endOffset: number;
}

export interface XlsxLayout {
  /** In the order of the file. */
  entries: XlsxEntry[];
  /** Where the central directory starts (the local entries end there). */
  directoryOffset: number;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const DATA_DESCRIPTOR = 0x08074b50;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const STORED = 0;
const DEFLATED = 8;

function refuse(problem: XlsxProblem, detail: string): never {
  throw new XlsxRefused(problem, detail);
}

/** True when `bytes` starts like a zip archive's first entry ("PK\x03\x04"). */
export function hasZipMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && view(bytes).getUint32(0, true) === LOCAL_HEADER;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The end-of-central-directory record: the last one in the file's final 64 KiB + 22 bytes. */
function findEndOfDirectory(bytes: Uint8Array, data: DataView): number {
  const lowest = Math.max(0, bytes.length - (0xffff + 22));
  for (let at = bytes.length - 22; at >= lowest; at -= 1) {
    if (data.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  return refuse("notXlsx", "no end of central directory");
}

/**
 * Reads the central directory and the local headers it points at; refuses
 * anything an .xlsx has no business containing. Cheap: no unpacking.
 */
export function inspectXlsx(bytes: Uint8Array, limits: XlsxLimits = XLSX_LIMITS): XlsxLayout {
  if (!hasZipMagic(bytes)) refuse("notXlsx", "not a zip archive");
  const data = view(bytes);
  const end = findEndOfDirectory(bytes, data);
  const disk = data.getUint16(end + 4, true);
  const directoryDisk = data.getUint16(end + 6, true);
  const entriesOnDisk = data.getUint16(end + 8, true);
  const count = data.getUint16(end + 10, true);
  const directorySize = data.getUint32(end + 12, true);
  const directoryOffset = data.getUint32(end + 16, true);
  if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== count) {
    refuse("notXlsx", "split archive");
  }
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    refuse("notXlsx", "zip64 archive");
  }
  if (count === 0) refuse("notXlsx", "empty archive");
  if (count > limits.maxEntries) refuse("notXlsx", `${count} entries`);
  if (directoryOffset + directorySize !== end) refuse("notXlsx", "central directory misplaced");

  const entries: XlsxEntry[] = [];
  const names = new Set<string>();
  const decoder = new TextDecoder("utf-8", { fatal: false });
  let at = directoryOffset;
  let packedTotal = 0;
  let unpackedTotal = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || data.getUint32(at, true) !== CENTRAL_HEADER) {
      refuse("notXlsx", "central directory damaged");
    }
    const flags = data.getUint16(at + 8, true);
    const method = data.getUint16(at + 10, true);
    const packedSize = data.getUint32(at + 20, true);
    const unpackedSize = data.getUint32(at + 24, true);
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    const headerOffset = data.getUint32(at + 42, true);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd > end) refuse("notXlsx", "central directory damaged");
    const rawName = bytes.subarray(at + 46, nameEnd);
    const name = decoder.decode(rawName);
    at = nameEnd + extraLength + commentLength;
    if (at > end) refuse("notXlsx", "central directory damaged");

    if (packedSize === 0xffffffff || unpackedSize === 0xffffffff || headerOffset === 0xffffffff) {
      refuse("notXlsx", "zip64 entry");
    }
    if (flags & FLAG_ENCRYPTED) refuse("notXlsx", "encrypted entry");
    if (method !== STORED && method !== DEFLATED) refuse("notXlsx", `compression ${method}`);
    if (method === STORED && packedSize !== unpackedSize) refuse("notXlsx", "stored size");
    if (names.has(name)) refuse("notXlsx", `duplicate entry ${name}`);
    names.add(name);
    if (unpackedSize > limits.ratioFloorBytes && unpackedSize > packedSize * limits.maxRatio) {
      refuse("notXlsx", `ratio of ${name}`);
    }
    if (name === "xl/sharedStrings.xml" && unpackedSize > limits.maxSharedStringsBytes) {
      refuse("tooMuchData", "shared strings");
    }
    packedTotal += packedSize;
    unpackedTotal += unpackedSize;
    entries.push({
      name,
      method,
      flags,
      packedSize,
      unpackedSize,
      headerOffset,
      dataOffset: 0,
      endOffset: 0,
    });
    // The local header must carry the same name, byte for byte.
    checkLocalHeader(bytes, data, entries[entries.length - 1] as XlsxEntry, rawName);
  }
  if (at !== end) refuse("notXlsx", "central directory damaged");
  if (unpackedTotal > limits.ratioFloorBytes && unpackedTotal > packedTotal * limits.maxRatio) {
    refuse("notXlsx", "archive ratio");
  }
  if (unpackedTotal > limits.maxUnpackedBytes) refuse("tooMuchData", "unpacked size");
  if (!names.has("xl/workbook.xml")) refuse("notXlsx", "no workbook");

  // The local entries follow each other from the first byte to the central
  // directory: nothing the directory does not list can hide between them.
  const ordered = [...entries].sort((a, b) => a.headerOffset - b.headerOffset);
  let expected = 0;
  for (const entry of ordered) {
    if (entry.headerOffset !== expected) refuse("notXlsx", "entries not contiguous");
    expected = entry.endOffset;
  }
  if (expected !== directoryOffset) refuse("notXlsx", "entries not contiguous");
  return { entries: ordered, directoryOffset };
}

function checkLocalHeader(
  bytes: Uint8Array,
  data: DataView,
  entry: XlsxEntry,
  rawName: Uint8Array,
): void {
  const at = entry.headerOffset;
  if (at + 30 > bytes.length || data.getUint32(at, true) !== LOCAL_HEADER) {
    refuse("notXlsx", "local header missing");
  }
  const flags = data.getUint16(at + 6, true);
  const method = data.getUint16(at + 8, true);
  const packedSize = data.getUint32(at + 18, true);
  const unpackedSize = data.getUint32(at + 22, true);
  const nameLength = data.getUint16(at + 26, true);
  const extraLength = data.getUint16(at + 28, true);
  const nameStart = at + 30;
  const local = bytes.subarray(nameStart, nameStart + nameLength);
  if (method !== entry.method || (flags & FLAG_DESCRIPTOR) !== (entry.flags & FLAG_DESCRIPTOR)) {
    refuse("notXlsx", "local header differs");
  }
  if (local.length !== rawName.length || !local.every((byte, index) => byte === rawName[index])) {
    refuse("notXlsx", "local name differs");
  }
  entry.dataOffset = nameStart + nameLength + extraLength;
  const dataEnd = entry.dataOffset + entry.packedSize;
  if (dataEnd > bytes.length) refuse("notXlsx", "entry beyond the file");

  const descriptor = (flags & FLAG_DESCRIPTOR) !== 0;
  if (packedSize !== 0 || !descriptor) {
    // A reader walking the file takes the sizes of the local header.
    if (packedSize !== entry.packedSize || unpackedSize !== entry.unpackedSize) {
      refuse("notXlsx", "local sizes differ");
    }
  } else {
    // Sizes follow the data; a reader walking the file finds the data's end by
    // the descriptor's signature, so it must not occur inside the data.
    if (indexOfDescriptor(bytes, entry.dataOffset, dataEnd) !== -1) {
      refuse("notXlsx", "descriptor signature inside data");
    }
  }
  entry.endOffset = dataEnd;
  if (descriptor) {
    // Signature, crc, packed and unpacked size: the signature is required so
    // that a reader walking the file stops where the directory says.
    if (dataEnd + 16 > bytes.length || data.getUint32(dataEnd, true) !== DATA_DESCRIPTOR) {
      refuse("notXlsx", "data descriptor missing");
    }
    if (
      data.getUint32(dataEnd + 8, true) !== entry.packedSize ||
      data.getUint32(dataEnd + 12, true) !== entry.unpackedSize
    ) {
      refuse("notXlsx", "data descriptor differs");
    }
    entry.endOffset = dataEnd + 16;
  }
}

function indexOfDescriptor(bytes: Uint8Array, from: number, to: number): number {
  for (let at = from; at + 4 <= to; at += 1) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 0x07) {
      if (bytes[at + 3] === 0x08) return at;
    }
  }
  return -1;
}

/**
 * Unpacks one entry as a stream, counting and discarding the output;
 * refuses as soon as it exceeds what the entry declared, or when the packed
 * data is not valid deflate. Runs in zlib's thread pool: other requests go on.
 */
function verifyEntry(bytes: Uint8Array, entry: XlsxEntry): Promise<void> {
  if (entry.method === STORED) return Promise.resolve();
  const packed = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.packedSize);
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let unpacked = 0;
    let settled = false;
    const finish = (error?: XlsxRefused) => {
      if (settled) return;
      settled = true;
      if (error) {
        inflate.destroy();
        reject(error);
      } else {
        resolve();
      }
    };
    inflate.on("data", (chunk: Buffer) => {
      unpacked += chunk.length;
      if (unpacked > entry.unpackedSize) {
        finish(new XlsxRefused("notXlsx", `${entry.name} unpacks beyond its declared size`));
      }
    });
    inflate.on("error", () => finish(new XlsxRefused("notXlsx", `${entry.name} damaged`)));
    inflate.on("end", () =>
      finish(
        unpacked === entry.unpackedSize
          ? undefined
          : new XlsxRefused("notXlsx", `${entry.name} unpacks short of its declared size`),
      ),
    );
    inflate.end(packed);
  });
}

/**
 * The whole check: the directory (`inspectXlsx`), then every entry unpacked
 * once against its declared size. Throws `XlsxRefused`.
 */
export async function verifyXlsx(
  bytes: Uint8Array,
  limits: XlsxLimits = XLSX_LIMITS,
): Promise<XlsxLayout> {
  const layout = inspectXlsx(bytes, limits);
  for (const entry of layout.entries) await verifyEntry(bytes, entry);
  return layout;
}

/** Read first by a streaming reader, so that it never has to park a worksheet on disk. */
const READ_FIRST = ["xl/_rels/workbook.xml.rels", "xl/workbook.xml", "xl/sharedStrings.xml"];

/**
 * The checked archive as a stream for a reader that walks the local entries
 * (exceljs's WorkbookReader): the same entries, byte for byte, with the
 * workbook's relations, the workbook and the shared strings first, then the
 * central directory. A reader that met a worksheet before the shared strings
 * would otherwise copy it to a temporary file.
 */
export function readerStream(bytes: Uint8Array, layout: XlsxLayout): Readable {
  const rank = (entry: XlsxEntry) => {
    const index = READ_FIRST.indexOf(entry.name);
    return index === -1 ? READ_FIRST.length : index;
  };
  const ordered = [...layout.entries].sort((a, b) => rank(a) - rank(b));
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts = ordered.map((entry) => buffer.subarray(entry.headerOffset, entry.endOffset));
  parts.push(buffer.subarray(layout.directoryOffset));
  return Readable.from(parts, { objectMode: false });
}
