/**
 * The first format of the data file: the whole database as one `node:v8`
 * snapshot (a magic line, the payload's length and its SHA-256), written
 * again after every change. The server no longer writes it; a file in it
 * is read once and converted to the journal's format (mocks/data-file.ts).
 * `snapshotDb` and `encodeDataFile` remain to make such files in tests.
 */
import { createHash } from "node:crypto";
import { deserialize, serialize } from "node:v8";
import { DataFileError } from "./data-file-error.ts";
import { createDb, type Db } from "./db.ts";
import { Table } from "./table.ts";

const MAGIC = Buffer.from("CBA-MOCK-API-DATA 1\n", "ascii");
/** Magic, payload length (8 bytes), SHA-256 of the payload (32 bytes). */
const HEADER_LENGTH = MAGIC.length + 8 + 32;
const TABLE_MARK = "__table__";

type Saved = Record<string, unknown>;

/** The database (a world's own object, not the `db` proxy, which lists no keys) as bytes. */
export function snapshotDb(db: Db): Buffer {
  const saved: Saved = {};
  for (const [key, value] of Object.entries(db)) {
    saved[key] = value instanceof Table ? { [TABLE_MARK]: [...value.values()] } : value;
  }
  if (Object.keys(saved).length === 0) throw new Error("snapshotDb: no database to save");
  return serialize(saved);
}

function kindOf(value: unknown): string {
  if (value === null || value === undefined) return "empty";
  if (value instanceof Map) return "Map";
  if (value instanceof Set) return "Set";
  if (Array.isArray(value)) return "Array";
  return typeof value;
}

/** A fresh database holding the snapshot's data; throws DataFileError on anything that does not fit. */
export async function restoreDb(payload: Buffer): Promise<Db> {
  let saved: Saved;
  try {
    saved = deserialize(payload) as Saved;
  } catch (error) {
    throw new DataFileError(`the snapshot cannot be read (${(error as Error).message})`);
  }
  if (!saved || typeof saved !== "object")
    throw new DataFileError("the snapshot is not a database");
  const db = createDb();
  const target = db as unknown as Record<string, unknown>;
  // Rows as saved → rows as stored, to point the indexes at the stored rows.
  const stored = new Map<object, object>();
  for (const [key, fresh] of Object.entries(target)) {
    if (!(fresh instanceof Table)) continue;
    const value = saved[key] as { [TABLE_MARK]?: unknown } | undefined;
    if (value === undefined) continue; // a collection newer than the file starts empty
    const rows = value?.[TABLE_MARK];
    if (!Array.isArray(rows)) throw new DataFileError(`"${key}" is not a collection in the file`);
    for (const row of rows) {
      try {
        stored.set(row as object, await fresh.insert(row));
      } catch (error) {
        throw new DataFileError(
          `a row of "${key}" does not fit the collection (${(error as Error).message})`,
        );
      }
    }
  }
  const relink = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    const row = stored.get(value);
    if (row) return row;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = relink(value[i]);
    } else if (value instanceof Map) {
      for (const [k, v] of value) value.set(k, relink(v));
    } else if (!(value instanceof Set) && !ArrayBuffer.isView(value)) {
      for (const k of Object.keys(value)) {
        (value as Record<string, unknown>)[k] = relink((value as Record<string, unknown>)[k]);
      }
    }
    return value;
  };
  for (const [key, fresh] of Object.entries(target)) {
    if (fresh instanceof Table || !(key in saved)) continue;
    const value = saved[key];
    if (kindOf(fresh) !== "empty" && kindOf(value) !== "empty" && kindOf(fresh) !== kindOf(value))
      throw new DataFileError(`"${key}" is a ${kindOf(value)} in the file, not a ${kindOf(fresh)}`);
    target[key] = relink(value);
  }
  return db;
}

/** Header plus payload: what the data file holds. */
export function encodeDataFile(payload: Buffer): Buffer {
  const length = Buffer.alloc(8);
  length.writeBigUInt64BE(BigInt(payload.length));
  const digest = createHash("sha256").update(payload).digest();
  return Buffer.concat([MAGIC, length, digest, payload]);
}

/** The payload of a data file's bytes, or DataFileError saying what is wrong. */
export function decodeDataFile(bytes: Buffer): Buffer {
  if (bytes.length < HEADER_LENGTH || !bytes.subarray(0, MAGIC.length).equals(MAGIC))
    throw new DataFileError("it is not a data file of the fake backend (wrong or partial header)");
  const length = Number(bytes.readBigUInt64BE(MAGIC.length));
  const payload = bytes.subarray(HEADER_LENGTH);
  if (payload.length !== length)
    throw new DataFileError(`it is cut short or padded (${payload.length} of ${length} bytes)`);
  const digest = bytes.subarray(MAGIC.length + 8, HEADER_LENGTH);
  if (!createHash("sha256").update(payload).digest().equals(digest))
    throw new DataFileError("its checksum does not match (the file is damaged)");
  return payload;
}
