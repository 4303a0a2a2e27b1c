/**
 * The standalone fake backend's data file (`MOCK_API_DATA_FILE`): a base
 * snapshot of the database, and a journal beside it (`<file>.journal-<n>`)
 * where every change is appended, the way a write-ahead log works. Bytes
 * in mocks/store-format.ts; docs/decisions/2026-11-25-fake-backend-journal.md
 * says why.
 *
 * - **What is kept**: the tables' rows, the `JournaledMap`s and the plain
 *   values of `createDb()`; the indexes and aggregates (`DERIVED_KEYS`) are
 *   built again from the rows at start (`rebuildIndexes`).
 * - **Write only what changed**: tables and journaled maps note the keys
 *   they change; a commit appends those rows (one record, a CRC-32 each)
 *   and flushes it (the journal is opened with O_DSYNC: the write returns
 *   once its bytes are on disk, as a write and an fdatasync would, in one
 *   call to the thread pool; fdatasync after the write where the system has
 *   no O_DSYNC). Its cost follows the change, not the data.
 * - **Acknowledged means durable**: `commit()` resolves once a record
 *   taken after the caller's change is on disk; the server answers only
 *   then. Commits that arrive during a write share the next record, and a
 *   record is taken between requests (`enter`/`leave`), so it holds whole
 *   operations only.
 * - **Start**: the base, then the journals in order. A journal whose last
 *   record was cut by a crash is cut at its last whole record (and the log
 *   says so); damage anywhere else stops the start, and the files are left
 *   as they are.
 * - **Compaction**: once the journal is as large as the base, a new journal
 *   is started and a worker thread folds the base and the old journal into
 *   the next base (mocks/store-compactor.ts), then the old journal goes.
 *   Should the journal reach twice the base meanwhile, commits wait for it.
 */
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { type FileHandle, open, readdir, readFile, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { z } from "zod";
import { DataFileError } from "./data-file-error.ts";
import { decodeDataFile, restoreDb } from "./data-file-v1.ts";
import { createDb, type Db, DERIVED_KEYS, rebuildIndexes } from "./db.ts";
import { ensureSeeded } from "./state.ts";
import {
  applyEntries,
  BASE_MAGIC,
  clearLine,
  decodeBase,
  decodeJournal,
  deleteLine,
  type Entries,
  encodeBase,
  frame,
  journalHeader,
  type Meta,
  StoreFormatError,
  setLine,
  syncDirectory,
  V1_MAGIC,
  writeAtomically,
} from "./store-format.ts";
import { JournaledMap, Table } from "./table.ts";
import { currentWorld } from "./worlds.ts";

export { DataFileError };

const DERIVED = new Set<string>(DERIVED_KEYS);

/** 0 where the system has no synchronised data writes: an fdatasync follows each record then. */
const O_DSYNC: number = constants.O_DSYNC ?? 0;
/** How the journal being written is opened: each write is on disk when it returns (O_DSYNC). */
const JOURNAL_FLAGS = constants.O_RDWR | O_DSYNC;

/** The key under which a plain value of the database is kept. */
const VALUE_KEY = "";

/** Values JSON would not keep as they are, and how each is written. */
const CODECS: Record<string, { encode(value: never): unknown; decode(value: never): unknown }> = {
  images: {
    encode: (row: { bytes: Uint8Array }) => ({
      ...row,
      bytes: Buffer.from(row.bytes).toString("base64"),
    }),
    decode: (row: { bytes: string }) => ({
      ...row,
      bytes: new Uint8Array(Buffer.from(row.bytes, "base64")),
    }),
  },
  mailboxesByUser: {
    encode: (boxes: Set<string>) => [...boxes],
    decode: (boxes: string[]) => new Set(boxes),
  },
};

function encodeValue(name: string, value: unknown): string {
  const codec = CODECS[name];
  return JSON.stringify(codec ? codec.encode(value as never) : value);
}

function decodeValue(name: string, json: string): unknown {
  const value: unknown = JSON.parse(json);
  const codec = CODECS[name];
  return codec ? codec.decode(value as never) : value;
}

type Kind = "table" | "map" | "value";

let kept: Map<string, Kind> | undefined;

/** What the data file keeps of each value of the database; throws on a value of no known kind. */
export function keptValues(): Map<string, Kind> {
  if (kept) return kept;
  const kinds = new Map<string, Kind>();
  for (const [name, value] of Object.entries(createDb())) {
    if (DERIVED.has(name)) continue;
    if (value instanceof Table) kinds.set(name, "table");
    else if (value instanceof JournaledMap) kinds.set(name, "map");
    else if (value === null || ["number", "string", "boolean"].includes(typeof value))
      kinds.set(name, "value");
    else
      throw new Error(
        `"${name}" of the database is neither a table, a JournaledMap, a plain value nor derived (DERIVED_KEYS)`,
      );
  }
  kept = kinds;
  return kinds;
}

let fingerprint: string | undefined;

/** The row schemas of every table: rows written under the same ones skip their check at start. */
export function schemaFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash("sha256");
  for (const [name, value] of Object.entries(createDb())) {
    if (!(value instanceof Table)) continue;
    hash
      .update(name)
      .update(JSON.stringify(z.toJSONSchema(value.schema, { unrepresentable: "any" })));
  }
  fingerprint = hash.digest("hex").slice(0, 32);
  return fingerprint;
}

/** Every kept value of `db` as entries (the first base, a converted file). */
export function entriesOf(db: Db): Entries {
  const source = db as unknown as Record<string, unknown>;
  const entries: Entries = new Map();
  for (const [name, kind] of keptValues()) {
    const rows = new Map<string, string>();
    const value = source[name];
    if (kind === "table") {
      const table = value as Table<never>;
      for (const row of table.values()) {
        rows.set(JSON.stringify(table.keyOf(row)), encodeValue(name, row));
      }
    } else if (kind === "map") {
      for (const [key, item] of value as Map<string, unknown>)
        rows.set(JSON.stringify(key), encodeValue(name, item));
    } else {
      rows.set(JSON.stringify(VALUE_KEY), JSON.stringify(value));
    }
    entries.set(JSON.stringify(name), rows);
  }
  return entries;
}

/** A fresh database holding `entries`; DataFileError on anything that does not fit. */
export async function databaseOf(entries: Entries, trusted: boolean): Promise<Db> {
  const db = createDb();
  const target = db as unknown as Record<string, unknown>;
  const kinds = keptValues();
  for (const [nameJson, rows] of entries) {
    const name = JSON.parse(nameJson) as string;
    const kind = kinds.get(name);
    // A collection the code no longer has is left out; one newer than the file starts empty.
    if (!kind) continue;
    try {
      if (kind === "table") {
        const decoded = Array.from(rows.values(), (json) => decodeValue(name, json));
        await (target[name] as Table<never>).load(decoded as never[], trusted);
      } else if (kind === "map") {
        const map = target[name] as JournaledMap<unknown>;
        for (const [key, json] of rows) map.set(JSON.parse(key) as string, decodeValue(name, json));
      } else {
        const json = rows.get(JSON.stringify(VALUE_KEY));
        if (json === undefined) continue;
        const value: unknown = JSON.parse(json);
        if (typeof value !== typeof target[name] && value !== null && target[name] !== null)
          throw new Error(`a ${typeof value} instead of a ${typeof target[name]}`);
        target[name] = value;
      }
    } catch (error) {
      throw new DataFileError(
        `a value of "${name}" does not fit the database (${(error as Error).message})`,
      );
    }
  }
  return db;
}

function tempOf(path: string, what: string): string {
  return `${path}.tmp-${process.pid}-${what}`;
}

function journalPath(file: string, generation: number): string {
  return `${file}.journal-${generation}`;
}

/** The journals beside `file`, oldest first. */
async function journalsOf(file: string): Promise<{ path: string; generation: number }[]> {
  const pattern = new RegExp(
    `^${basename(file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.journal-(\\d+)$`,
  );
  const found: { path: string; generation: number }[] = [];
  for (const name of await readdir(dirname(file))) {
    const match = pattern.exec(name);
    if (match) found.push({ path: join(dirname(file), name), generation: Number(match[1]) });
  }
  return found.sort((a, b) => a.generation - b.generation);
}

/** Removes temporary files a killed writer or compaction left beside the data file. */
export async function removeLeftovers(file: string): Promise<void> {
  const prefix = `${basename(file)}.tmp-`;
  for (const name of await readdir(dirname(file))) {
    if (name.startsWith(prefix)) await rm(join(dirname(file), name), { force: true });
  }
}

async function sizeOf(handle: FileHandle): Promise<number> {
  return (await handle.stat()).size;
}

export interface StoreOptions {
  /** Where the start's notes go (a journal cut at its last whole record, a converted file). */
  log?: (message: string) => void;
  /** Journal size that starts a compaction; the base's size by default (tests make it small). */
  compactAtBytes?: number;
}

/** The sizes of the files, for tests and the benchmark. */
export interface StoreSizes {
  base: number;
  /** Every journal, the one being folded included. */
  journals: number;
  compactions: number;
}

/**
 * Changes of a database appended to the journal, each after the requests
 * that made it and before their answers.
 */
export class DurableStore {
  readonly #file: string;
  readonly #db: () => Db;
  readonly #options: StoreOptions;
  #generation: number;
  #journal: FileHandle;
  #journalBytes: number;
  #baseBytes: number;
  /** Bytes of the journals a running compaction folds. */
  #closedBytes = 0;
  #compaction: Promise<void> | null = null;
  #compactions = 0;
  #closed = false;
  /** Lines of a record whose write failed: written first next time. */
  #retry: string[] = [];
  /** The plain values as last written. */
  readonly #written = new Map<string, unknown>();
  /** Requests being answered (their changes may be half made). */
  #active = 0;
  /** Set while a record waits for the requests in flight: new ones wait for it. */
  #barrier: { promise: Promise<void>; open: () => void } | null = null;
  #drained: (() => void) | null = null;
  /** The record being taken or written. */
  #current: Promise<void> | null = null;
  /** The next record, shared by every commit that came during the current one. */
  #next: Promise<void> | null = null;

  constructor(
    file: string,
    db: () => Db,
    journal: { handle: FileHandle; generation: number; bytes: number },
    baseBytes: number,
    options: StoreOptions,
  ) {
    this.#file = file;
    this.#db = db;
    this.#journal = journal.handle;
    this.#generation = journal.generation;
    this.#journalBytes = journal.bytes;
    this.#baseBytes = baseBytes;
    this.#options = options;
    const current = db() as unknown as Record<string, unknown>;
    for (const [name, kind] of keptValues()) {
      const value = current[name];
      if (kind === "value") this.#written.set(name, value);
      else (value as Table<never> | JournaledMap<unknown>).trackChanges();
    }
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

  /** Resolves once a record taken after this call is on disk. */
  async commit(): Promise<void> {
    if (this.#compaction && this.#closedBytes + this.#journalBytes > 2 * this.#baseBytes) {
      // The journal may not outgrow twice the data: wait for the compaction that shrinks it.
      await this.#compaction;
    }
    if (!this.#current) {
      this.#current = this.#append().finally(() => {
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

  sizes(): StoreSizes {
    return {
      base: this.#baseBytes,
      journals: this.#closedBytes + this.#journalBytes,
      compactions: this.#compactions,
    };
  }

  /** Waits for a running compaction and closes the journal (tests; a stopping server just exits). */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#current?.catch(() => undefined);
    await this.#next?.catch(() => undefined);
    await this.#compaction;
    await this.#journal.close();
  }

  /** Waits until no request is in the middle of its changes; new ones wait meanwhile. */
  async #quiesce(): Promise<() => void> {
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
    return () => {
      const barrier = this.#barrier;
      this.#barrier = null;
      barrier?.open();
    };
  }

  /** The lines of every change noted since the last record. */
  #take(): string[] {
    const lines = this.#retry;
    this.#retry = [];
    const db = this.#db() as unknown as Record<string, unknown>;
    for (const [name, kind] of keptValues()) {
      const value = db[name];
      if (kind === "value") {
        if (this.#written.get(name) === value) continue;
        this.#written.set(name, value);
        lines.push(setLine(name, VALUE_KEY, JSON.stringify(value)));
        continue;
      }
      const collection = value as Table<never> | JournaledMap<unknown>;
      const { cleared, keys } = collection.takeChanges();
      if (cleared) lines.push(clearLine(name));
      for (const key of keys) {
        const current = collection.get(key);
        lines.push(
          current === undefined
            ? deleteLine(name, key)
            : setLine(name, key, encodeValue(name, current)),
        );
      }
    }
    return lines;
  }

  async #append(): Promise<void> {
    const release = await this.#quiesce();
    let lines: string[];
    try {
      lines = this.#take();
    } finally {
      release();
    }
    if (lines.length === 0) return;
    const record = frame(lines.join("\n"));
    const at = this.#journalBytes;
    try {
      await this.#journal.write(record, 0, record.length, at);
      if (!O_DSYNC) await this.#journal.datasync();
    } catch (error) {
      // Nothing after a failed write may follow its partial bytes: cut them, keep the lines.
      this.#retry = lines;
      await this.#journal.truncate(at).catch(() => undefined);
      throw error;
    }
    this.#journalBytes += record.length;
    const threshold = this.#options.compactAtBytes ?? this.#baseBytes;
    if (!this.#compaction && !this.#closed && this.#journalBytes >= threshold) {
      // The record is on disk: a compaction that cannot start is tried again after the next one.
      await this.#startCompaction().catch((error: unknown) => {
        console.error("[mock-api] the data file's compaction could not start:", error);
      });
    }
  }

  /** Starts the next journal (between two records) and folds the older ones in the background. */
  async #startCompaction(): Promise<void> {
    const generation = this.#generation + 1;
    const folded = (await journalsOf(this.#file)).filter((j) => j.generation < generation);
    const next = await createJournal(this.#file, generation);
    const previous = this.#journal;
    this.#journal = next.handle;
    this.#generation = generation;
    this.#closedBytes = this.#journalBytes;
    this.#journalBytes = next.bytes;
    await previous.close().catch(() => undefined);
    const job = {
      base: this.#file,
      journals: folded.map((j) => j.path),
      generation,
      fingerprint: schemaFingerprint(),
      temp: tempOf(this.#file, "base"),
    };
    this.#compaction = runCompaction(job)
      .then(async (size) => {
        for (const journal of folded) await rm(journal.path, { force: true });
        await syncDirectory(this.#file);
        this.#baseBytes = size;
        this.#compactions += 1;
      })
      .catch((error: unknown) => {
        // The old journals stay and are read at start; the next record tries again.
        console.error("[mock-api] the data file could not be compacted:", error);
      })
      .finally(() => {
        this.#closedBytes = 0;
        this.#compaction = null;
      });
  }
}

function runCompaction(job: object): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./store-compactor.ts", import.meta.url), {
      workerData: job,
    });
    worker.once("message", (message: { size: number }) => resolve(message.size));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the compaction stopped (${code})`)));
  });
}

async function createJournal(
  file: string,
  generation: number,
): Promise<{ handle: FileHandle; generation: number; bytes: number }> {
  const path = journalPath(file, generation);
  const meta: Meta = { generation, fingerprint: schemaFingerprint() };
  const bytes = await writeAtomically(path, tempOf(file, `journal-${generation}`), [
    journalHeader(meta),
  ]);
  return { handle: await open(path, JOURNAL_FLAGS), generation, bytes };
}

async function writeBase(file: string, generation: number, db: Db): Promise<number> {
  const meta = { generation, fingerprint: schemaFingerprint() };
  return writeAtomically(file, tempOf(file, "base"), encodeBase(meta, entriesOf(db)));
}

async function readBase(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new DataFileError(`it cannot be read (${(error as Error).message})`);
  }
}

function formatError(error: unknown): never {
  if (error instanceof StoreFormatError) throw new DataFileError(error.message);
  throw error;
}

/**
 * Opens the data file for the current world (the standalone server's only
 * one): loads the base and its journals when they exist, else seeds and
 * writes the first base. Throws DataFileError on damage: never seeds over it.
 */
export async function openDurableStore(
  file: string,
  options: StoreOptions = {},
): Promise<DurableStore> {
  const log = options.log ?? ((message: string) => console.warn(`[mock-api] ${message}`));
  let journals: { path: string; generation: number }[];
  try {
    await removeLeftovers(file);
    journals = await journalsOf(file);
  } catch (error) {
    throw new DataFileError(`its directory cannot be read (${(error as Error).message})`);
  }
  const world = currentWorld();
  const bytes = await readBase(file);
  let generation: number;
  let baseBytes: number;
  let journal: { handle: FileHandle; generation: number; bytes: number } | undefined;

  if (!bytes) {
    if (journals.length > 0)
      throw new DataFileError(`its journal ${journals[0]?.path} is there but the file is missing`);
    await ensureSeeded();
    generation = 1;
    baseBytes = await writeBase(file, generation, world.db);
  } else if (bytes.subarray(0, V1_MAGIC.length).toString("latin1") === V1_MAGIC) {
    const old = await restoreDb(decodeDataFile(bytes));
    world.db = await databaseOf(entriesOf(old), false);
    generation = 1;
    baseBytes = await writeBase(file, generation, world.db);
    for (const stale of journals) await rm(stale.path, { force: true });
    log(`${file}: converted from the whole-snapshot format to a base and a journal`);
  } else {
    if (bytes.subarray(0, BASE_MAGIC.length).toString("latin1") !== BASE_MAGIC)
      throw new DataFileError("it is not a data file of the fake backend (wrong header)");
    const { meta, entries } = (() => {
      try {
        return decodeBase(bytes);
      } catch (error) {
        return formatError(error);
      }
    })();
    let trusted = meta.fingerprint === schemaFingerprint();
    const live = journals.filter((j) => j.generation >= meta.generation);
    for (const stale of journals) {
      if (stale.generation < meta.generation) await rm(stale.path, { force: true });
    }
    for (const [index, found] of live.entries()) {
      const name = basename(found.path);
      const journalBytes = await readFile(found.path).catch((error: Error) => {
        throw new DataFileError(`its journal ${name} cannot be read (${error.message})`);
      });
      const decoded = (() => {
        try {
          return decodeJournal(journalBytes, name);
        } catch (error) {
          return formatError(error);
        }
      })();
      if (
        found.generation !== meta.generation + index ||
        decoded.meta.generation !== found.generation
      )
        throw new DataFileError(
          `the journal ${name} does not follow the data file (a journal is missing)`,
        );
      const last = index === live.length - 1;
      if (decoded.damage === "middle" || (decoded.damage === "tail" && !last))
        throw new DataFileError(
          `the journal ${name} is damaged before its end (a record does not check and more follow)`,
        );
      if (decoded.damage === "tail") {
        const handle = await open(found.path, "r+");
        try {
          const cut = (await sizeOf(handle)) - decoded.whole;
          await handle.truncate(decoded.whole);
          await handle.sync();
          log(
            `${name}: its last record was cut short (the process stopped while writing it); ` +
              `${cut} bytes after the last whole record were removed, and with them only changes never acknowledged`,
          );
        } finally {
          await handle.close();
        }
      }
      trusted &&= decoded.meta.fingerprint === schemaFingerprint();
      for (const payload of decoded.payloads) applyEntries(entries, payload);
    }
    world.db = await databaseOf(entries, trusted);
    generation = live.at(-1)?.generation ?? meta.generation;
    baseBytes = bytes.length;
    const newest = live.at(-1);
    if (newest) {
      const handle = await open(newest.path, JOURNAL_FLAGS);
      journal = { handle, generation, bytes: await sizeOf(handle) };
    }
  }
  if (bytes) {
    // Loaded rather than seeded: the indexes are built from the rows.
    world.ready = Promise.resolve();
    rebuildIndexes();
  }
  journal ??= await createJournal(file, generation);
  return new DurableStore(file, () => currentWorld().db, journal, baseBytes, options);
}
