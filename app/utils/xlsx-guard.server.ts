/**
 * Opens an uploaded .xlsx (a zip archive) for reading, through yauzl, after
 * checking the archive's own bookkeeping: the central directory at the end
 * of the file lists every entry with its packed and unpacked size. A zip
 * bomb, a shared-strings bomb or a file far beyond the row limit is refused
 * here, in microseconds and without unpacking anything.
 *
 * The sizes an archive declares can lie: yauzl checks every entry it unpacks
 * against its declared size (`validateEntrySizes`) and stops at the first
 * byte beyond it. Entries are found through the central directory only, so
 * what a reader sees is what was checked; a local entry the directory does
 * not list is never read.
 *
 * Node built-ins, yauzl and relative imports only: the fake backend runs
 * this file too.
 */
import type { Readable } from "node:stream";
import yauzl from "yauzl";

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

/** One entry of a checked archive, as its central directory lists it. */
interface XlsxEntry {
  name: string;
  packedSize: number;
  unpackedSize: number;
}

/** A checked archive: its entries by name, each opened as a stream checked against its size. */
export interface XlsxArchive {
  names(): string[];
  has(name: string): boolean;
  /**
   * The unpacked bytes of `name`. The stream fails as soon as they outgrow
   * the declared size, or the data is damaged: `asRefusal` names the error.
   */
  open(name: string): Promise<Readable>;
  /** Unpacks `name` once, discarding it: damage where nobody reads is still damage. */
  verify(name: string): Promise<void>;
}

const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

function refuse(problem: XlsxProblem, detail: string): never {
  throw new XlsxRefused(problem, detail);
}

/** True when `bytes` starts like a zip archive's first entry ("PK\x03\x04"). */
export function hasZipMagic(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true) === LOCAL_HEADER
  );
}

/**
 * What yauzl refuses (a damaged directory, a name escaping the archive, an
 * entry unpacking beyond its size, damaged deflate data) is not an xlsx.
 */
export function asRefusal(error: unknown): XlsxRefused {
  if (error instanceof XlsxRefused) return error;
  return new XlsxRefused("notXlsx", error instanceof Error ? error.message : String(error));
}

/** Refuses from the directory alone what an .xlsx has no business containing. */
function checkDirectory(entries: readonly XlsxEntry[], limits: XlsxLimits): void {
  let packedTotal = 0;
  let unpackedTotal = 0;
  for (const { name, packedSize, unpackedSize } of entries) {
    if (unpackedSize > limits.ratioFloorBytes && unpackedSize > packedSize * limits.maxRatio) {
      refuse("notXlsx", `ratio of ${name}`);
    }
    if (name === "xl/sharedStrings.xml" && unpackedSize > limits.maxSharedStringsBytes) {
      refuse("tooMuchData", "shared strings");
    }
    packedTotal += packedSize;
    unpackedTotal += unpackedSize;
  }
  if (unpackedTotal > limits.ratioFloorBytes && unpackedTotal > packedTotal * limits.maxRatio) {
    refuse("notXlsx", "archive ratio");
  }
  if (unpackedTotal > limits.maxUnpackedBytes) refuse("tooMuchData", "unpacked size");
  if (!entries.some((entry) => entry.name === "xl/workbook.xml")) refuse("notXlsx", "no workbook");
}

/**
 * Checks the archive's directory and opens it for reading. Cheap: nothing is
 * unpacked until an entry is opened. Throws `XlsxRefused`.
 */
export async function openXlsx(
  bytes: Uint8Array,
  limits: XlsxLimits = XLSX_LIMITS,
): Promise<XlsxArchive> {
  if (!hasZipMagic(bytes)) refuse("notXlsx", "not a zip archive");
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch (error) {
    throw asRefusal(error);
  }
  if (zip.entryCount === 0) refuse("notXlsx", "empty archive");
  if (zip.entryCount > limits.maxEntries) refuse("notXlsx", `${zip.entryCount} entries`);
  const byName = new Map<string, yauzl.Entry>();
  const entries: XlsxEntry[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      if (entry.isEncrypted()) refuse("notXlsx", "encrypted entry");
      if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
        refuse("notXlsx", `compression ${entry.compressionMethod}`);
      }
      if (byName.has(name)) refuse("notXlsx", `duplicate entry ${name}`);
      byName.set(name, entry);
      entries.push({
        name,
        packedSize: entry.compressedSize,
        unpackedSize: entry.uncompressedSize,
      });
    }
  } catch (error) {
    throw asRefusal(error);
  }
  checkDirectory(entries, limits);
  const archive: XlsxArchive = {
    names: () => [...byName.keys()],
    has: (name) => byName.has(name),
    async open(name) {
      const entry = byName.get(name) ?? refuse("notXlsx", `no entry ${name}`);
      try {
        return await zip.openReadStreamPromise(entry);
      } catch (error) {
        throw asRefusal(error);
      }
    },
    async verify(name) {
      const stream = await archive.open(name);
      try {
        for await (const _chunk of stream);
      } catch (error) {
        throw asRefusal(error);
      }
    },
  };
  return archive;
}

/**
 * The directory check alone (`openXlsx` without reading), for a caller that
 * only wants to know whether to send the file on. Throws `XlsxRefused`.
 */
export async function inspectXlsx(bytes: Uint8Array, limits: XlsxLimits = XLSX_LIMITS) {
  await openXlsx(bytes, limits);
}
