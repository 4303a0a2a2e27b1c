/**
 * The standalone fake backend's data file (`MOCK_API_DATA_FILE`): the whole
 * database of `mocks/db.ts` written as one snapshot after every change and
 * read back at start.
 *
 * - **Generic**: every value of the object `createDb()` makes is saved, so a
 *   new collection or index is saved without a change here. A `Table` is
 *   saved as its rows and restored through `insert` (its row schema checks
 *   them); everything else (Maps, Sets, arrays, counters, aggregates) is
 *   saved as it is, by the structured clone of `node:v8`, which keeps shared
 *   references: an index that holds order rows holds the restored rows.
 * - **Atomic**: a snapshot is written to a temporary file beside the data
 *   file, flushed to disk (fsync), renamed over the data file, and the
 *   directory is flushed, so the data file is always a whole snapshot.
 * - **Checked**: the file starts with a magic line, the payload's length and
 *   its SHA-256; a file that fails any check stops the start with a message
 *   (it is never silently seeded over).
 * - **Acknowledged means durable**: `DurableStore.commit()` resolves once a
 *   snapshot taken after the caller's change is on disk; the server sends
 *   the answer only then. Commits that arrive while a snapshot is written
 *   share the next one (coalescing), and snapshots are taken between
 *   requests (`enter`/`leave`), so each holds whole operations only.
 */
import { createHash } from "node:crypto";
import { open, readdir, readFile, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { createDb, type Db } from "./db.ts";
import { ensureSeeded } from "./state.ts";
import { Table } from "./table.ts";
import { currentWorld } from "./worlds.ts";

const MAGIC = Buffer.from("CBA-MOCK-API-DATA 1\n", "ascii");
/** Magic, payload length (8 bytes), SHA-256 of the payload (32 bytes). */
const HEADER_LENGTH = MAGIC.length + 8 + 32;
const TABLE_MARK = "__table__";

export class DataFileError extends Error {
  override name = "DataFileError";
}

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

/** Reads the data file: its payload, or null when there is no file yet. */
export async function readDataFile(file: string): Promise<Buffer | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new DataFileError(`it cannot be read (${(error as Error).message})`);
  }
  return decodeDataFile(bytes);
}

const tempSuffix = ".tmp-";

/** Writes the data file atomically: temporary file, fsync, rename, fsync of the directory. */
export async function writeDataFile(file: string, payload: Buffer): Promise<void> {
  const temp = `${file}${tempSuffix}${process.pid}`;
  const handle = await open(temp, "w", 0o600);
  try {
    await handle.writeFile(encodeDataFile(payload));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  const directory = await open(dirname(file), "r");
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/** Removes temporary files a killed writer left beside the data file (never the data file). */
export async function removeLeftovers(file: string): Promise<void> {
  const prefix = `${basename(file)}${tempSuffix}`;
  for (const name of await readdir(dirname(file))) {
    if (name.startsWith(prefix)) await rm(join(dirname(file), name), { force: true });
  }
}

/**
 * Snapshots of a database written to a data file, each after the requests
 * that changed it and before their answers.
 */
export class DurableStore {
  readonly #file: string;
  readonly #db: () => Db;
  /** Requests being answered (their changes may be half made). */
  #active = 0;
  /** Set while a snapshot waits for the requests in flight: new ones wait for it. */
  #barrier: { promise: Promise<void>; open: () => void } | null = null;
  #drained: (() => void) | null = null;
  #written: Buffer | null = null;
  /** The snapshot being taken or written. */
  #current: Promise<void> | null = null;
  /** The next snapshot, shared by every commit that came during the current one. */
  #next: Promise<void> | null = null;

  constructor(file: string, db: () => Db) {
    this.#file = file;
    this.#db = db;
  }

  /** Before a request touches the data. */
  async enter(): Promise<void> {
    while (this.#barrier) await this.#barrier.promise;
    this.#active += 1;
  }

  /** After the request's answer is made (before its commit). */
  leave(): void {
    this.#active -= 1;
    if (this.#active === 0) this.#drained?.();
  }

  /** Resolves once a snapshot taken after this call is on disk. */
  commit(): Promise<void> {
    if (!this.#current) {
      this.#current = this.#snapshot().finally(() => {
        this.#current = null;
      });
      return this.#current;
    }
    this.#next ??= this.#current
      .catch(() => undefined)
      .then(() => {
        this.#next = null;
        return this.commit();
      });
    return this.#next;
  }

  async #snapshot(): Promise<void> {
    if (this.#active > 0) {
      let open = () => {};
      const promise = new Promise<void>((resolve) => {
        open = resolve;
      });
      this.#barrier = { promise, open };
      await new Promise<void>((resolve) => {
        this.#drained = resolve;
      });
      this.#drained = null;
    }
    let payload: Buffer;
    try {
      payload = snapshotDb(this.#db());
    } finally {
      const barrier = this.#barrier;
      this.#barrier = null;
      barrier?.open();
    }
    if (this.#written?.equals(payload)) return;
    await writeDataFile(this.#file, payload);
    this.#written = payload;
  }

  /** Notes the bytes already on disk (after loading or seeding). */
  markWritten(payload: Buffer): void {
    this.#written = payload;
  }
}

/**
 * Opens the data file for the current world (the standalone server's only
 * one): loads it when it exists, else seeds and writes the first snapshot.
 * Throws DataFileError when the file is damaged: never seeds over it.
 */
export async function openDurableStore(file: string): Promise<DurableStore> {
  await removeLeftovers(file).catch((error: unknown) => {
    throw new DataFileError(`its directory cannot be read (${(error as Error).message})`);
  });
  const world = currentWorld();
  const store = new DurableStore(file, () => currentWorld().db);
  const payload = await readDataFile(file);
  if (payload) {
    world.db = await restoreDb(payload);
    world.ready = Promise.resolve();
    store.markWritten(payload);
  } else {
    await ensureSeeded();
    const first = snapshotDb(world.db);
    await writeDataFile(file, first);
    store.markWritten(first);
  }
  return store;
}
