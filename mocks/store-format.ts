/**
 * The bytes of the fake backend's data files (mocks/data-file.ts): a base
 * snapshot and the journals after it. Plain Node, no database: the
 * compaction worker (mocks/store-compactor.ts) runs it on its own.
 *
 * A file is a magic line, then records. A record is the payload's length
 * (u32, big-endian), its CRC-32 (u32) and the payload (UTF-8). The first
 * record holds the file's meta (a JSON object); a base snapshot ends with an
 * end record (`{"end": <records before it>}`) so a cut-short base is told
 * from a whole one. Every other record holds entries, one a line:
 *
 *     JSON(name) TAB JSON(key) TAB JSON(value)   the value of a key is set
 *     JSON(name) TAB JSON(key)                   the key is removed
 *     JSON(name)                                 the collection is emptied
 *
 * Names and keys are JSON strings, which never hold a raw tab or newline,
 * so a line is split, and a base merged with its journals, without parsing
 * a single value.
 */
import { open, readFile, rename } from "node:fs/promises";
import { dirname } from "node:path";
import { crc32 } from "node:zlib";

export const BASE_MAGIC = "CBA-MOCK-API-DATA 2\n";
export const JOURNAL_MAGIC = "CBA-MOCK-API-JOURNAL 1\n";
/** The whole-snapshot format written before the journal (still read). */
export const V1_MAGIC = "CBA-MOCK-API-DATA 1\n";

const RECORD_HEADER = 8;
/** A length beyond this is damage, not a record (the largest written is about 1 MB). */
const MAX_RECORD = 256 * 1024 * 1024;
/** Entries per base record: large enough to amortise the framing, small enough to stream. */
const BASE_RECORD_BYTES = 1024 * 1024;

export interface Meta {
  /** A base's generation, or that of the base a journal follows. */
  generation: number;
  /** The row schemas the values were written under (mocks/data-file.ts). */
  fingerprint: string;
}

export class StoreFormatError extends Error {
  override name = "StoreFormatError";
}

export function frame(payload: string): Buffer {
  const body = Buffer.from(payload, "utf8");
  const header = Buffer.alloc(RECORD_HEADER);
  header.writeUInt32BE(body.length, 0);
  header.writeUInt32BE(crc32(body), 4);
  return Buffer.concat([header, body]);
}

export interface Records {
  /** Payloads of the whole records, in order. */
  payloads: string[];
  /** The offset just past the last whole record. */
  whole: number;
  /**
   * `tail`: the bytes after the last whole record are what a write cut off
   * by a crash leaves (a partial record reaching the end, or zeros);
   * `middle`: a damaged record is followed by more data.
   */
  damage: "tail" | "middle" | null;
}

function zeros(bytes: Buffer, from: number): boolean {
  for (let i = from; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** Reads the records of `bytes` from `offset`, stopping at the first damaged one. */
export function readRecords(bytes: Buffer, offset: number): Records {
  const payloads: string[] = [];
  let at = offset;
  while (at < bytes.length) {
    const left = bytes.length - at;
    if (left < RECORD_HEADER) break;
    const length = bytes.readUInt32BE(at);
    const end = at + RECORD_HEADER + length;
    if (length === 0 || length > MAX_RECORD || end > bytes.length) break;
    const body = bytes.subarray(at + RECORD_HEADER, end);
    if (crc32(body) !== bytes.readUInt32BE(at + 4)) {
      // A torn last write fills its record to the end; anything after it means damage.
      return { payloads, whole: at, damage: end === bytes.length ? "tail" : "middle" };
    }
    payloads.push(body.toString("utf8"));
    at = end;
  }
  if (at === bytes.length) return { payloads, whole: at, damage: null };
  const length = bytes.length - at >= 4 ? bytes.readUInt32BE(at) : 0;
  const cutShort = length > 0 && length <= MAX_RECORD && at + RECORD_HEADER + length > bytes.length;
  const damage =
    cutShort || bytes.length - at < RECORD_HEADER || zeros(bytes, at) ? "tail" : "middle";
  return { payloads, whole: at, damage };
}

export function readMeta(payload: string | undefined, what: string): Meta {
  let meta: unknown;
  try {
    meta = JSON.parse(payload ?? "");
  } catch {
    meta = null;
  }
  const { generation, fingerprint } = (meta ?? {}) as Partial<Meta>;
  if (!Number.isSafeInteger(generation) || typeof fingerprint !== "string")
    throw new StoreFormatError(`${what} has no valid header record`);
  return { generation: generation as number, fingerprint };
}

/** Collections by name, their values by key: names, keys and values as their JSON text. */
export type Entries = Map<string, Map<string, string>>;

/** Applies one record's entry lines to `entries`, later lines winning. */
export function applyEntries(entries: Entries, payload: string): void {
  let start = 0;
  while (start < payload.length) {
    let end = payload.indexOf("\n", start);
    if (end < 0) end = payload.length;
    const nameEnd = payload.indexOf("\t", start);
    if (nameEnd < 0 || nameEnd > end) {
      entries.get(payload.slice(start, end))?.clear();
    } else {
      const name = payload.slice(start, nameEnd);
      let rows = entries.get(name);
      if (!rows) {
        rows = new Map();
        entries.set(name, rows);
      }
      const keyEnd = payload.indexOf("\t", nameEnd + 1);
      if (keyEnd < 0 || keyEnd > end) rows.delete(payload.slice(nameEnd + 1, end));
      else rows.set(payload.slice(nameEnd + 1, keyEnd), payload.slice(keyEnd + 1, end));
    }
    start = end + 1;
  }
}

export function setLine(name: string, key: string, valueJson: string): string {
  return `${JSON.stringify(name)}\t${JSON.stringify(key)}\t${valueJson}`;
}

export function deleteLine(name: string, key: string): string {
  return `${JSON.stringify(name)}\t${JSON.stringify(key)}`;
}

export function clearLine(name: string): string {
  return JSON.stringify(name);
}

/** A base snapshot's bytes from its meta and entries. */
export function encodeBase(meta: Meta, entries: Entries): Buffer[] {
  const parts = [Buffer.from(BASE_MAGIC, "ascii"), frame(JSON.stringify(meta))];
  let records = 0;
  let lines: string[] = [];
  let size = 0;
  const flush = () => {
    if (lines.length === 0) return;
    parts.push(frame(lines.join("\n")));
    records += 1;
    lines = [];
    size = 0;
  };
  for (const [name, rows] of entries) {
    for (const [key, value] of rows) {
      const line = `${name}\t${key}\t${value}`;
      lines.push(line);
      size += line.length;
      if (size >= BASE_RECORD_BYTES) flush();
    }
  }
  flush();
  parts.push(frame(JSON.stringify({ end: records })));
  return parts;
}

/** A base snapshot's meta and entries; StoreFormatError on any damage (a base is written whole or not at all). */
export function decodeBase(bytes: Buffer): { meta: Meta; entries: Entries } {
  if (!bytes.subarray(0, BASE_MAGIC.length).equals(Buffer.from(BASE_MAGIC, "ascii")))
    throw new StoreFormatError("it is not a data file of the fake backend (wrong header)");
  const { payloads, damage } = readRecords(bytes, BASE_MAGIC.length);
  if (damage) throw new StoreFormatError("it is damaged or cut short (a record does not check)");
  const meta = readMeta(payloads[0], "it");
  let end: unknown;
  try {
    end = (JSON.parse(payloads.at(-1) ?? "") as { end?: unknown }).end;
  } catch {
    end = undefined;
  }
  if (payloads.length < 2 || end !== payloads.length - 2)
    throw new StoreFormatError("it is cut short (its end record is missing)");
  const entries: Entries = new Map();
  for (const payload of payloads.slice(1, -1)) applyEntries(entries, payload);
  return { meta, entries };
}

export interface Journal {
  meta: Meta;
  /** Entry records, whole ones only. */
  payloads: string[];
  /** Where the whole records end (the file is cut there when its tail is damaged). */
  whole: number;
  damage: "tail" | "middle" | null;
}

export function decodeJournal(bytes: Buffer, what: string): Journal {
  if (!bytes.subarray(0, JOURNAL_MAGIC.length).equals(Buffer.from(JOURNAL_MAGIC, "ascii")))
    throw new StoreFormatError(`${what} is not a journal of the fake backend (wrong header)`);
  const records = readRecords(bytes, JOURNAL_MAGIC.length);
  const meta = readMeta(records.payloads[0], what);
  return {
    meta,
    payloads: records.payloads.slice(1),
    whole: records.whole,
    damage: records.damage,
  };
}

export function journalHeader(meta: Meta): Buffer {
  return Buffer.concat([Buffer.from(JOURNAL_MAGIC, "ascii"), frame(JSON.stringify(meta))]);
}

export async function syncDirectory(path: string): Promise<void> {
  const directory = await open(dirname(path), "r");
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/** Writes `parts` to `file` atomically: a temporary file, fsync, rename, fsync of the directory. */
export async function writeAtomically(
  file: string,
  temp: string,
  parts: Buffer[],
): Promise<number> {
  const handle = await open(temp, "w", 0o600);
  let size = 0;
  try {
    for (const part of parts) {
      await handle.write(part);
      size += part.length;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  await syncDirectory(file);
  return size;
}

export interface CompactionJob {
  base: string;
  /** The journals to fold into it, oldest first (all closed). */
  journals: string[];
  generation: number;
  /** The current fingerprint: kept only when the base and every journal were written under it. */
  fingerprint: string;
  temp: string;
}

/** Folds a base and its closed journals into the next base, replacing the file. Returns its size. */
export async function compact(job: CompactionJob): Promise<number> {
  const { meta, entries } = decodeBase(await readFile(job.base));
  let same = meta.fingerprint === job.fingerprint;
  for (const path of job.journals) {
    const journal = decodeJournal(await readFile(path), path);
    if (journal.damage) throw new StoreFormatError(`${path} is damaged`);
    same &&= journal.meta.fingerprint === job.fingerprint;
    for (const payload of journal.payloads) applyEntries(entries, payload);
  }
  const next = { generation: job.generation, fingerprint: same ? job.fingerprint : "" };
  return writeAtomically(job.base, job.temp, encodeBase(next, entries));
}
