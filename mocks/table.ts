/**
 * A @msw/data Collection plus a Map index by key, kept in step.
 *
 * Every @msw/data query is a linear scan, and `update` finds the record by a
 * scan, drafts it, re-validates it and swaps it in with another scan: O(n) per
 * record. So lookups by key go through the Map, and every change goes through
 * this class:
 *
 * - default: `collection.updateMany` once per batch (one scan), and the new
 *   records are put back in the Map;
 * - `inPlace` (the order table and its history, 100,000 rows): the change is
 *   made on a draft, the fields it set or read a nested value of are checked
 *   against the row schema's fields, and only when every row of the batch
 *   passes are those fields of the stored records replaced in place (see
 *   `#updateInPlace`). Rows keep their identity, so other indexes may hold
 *   them directly; a nested value is replaced, never changed, so whoever
 *   holds the old one keeps it as it was. O(1) per row, and its cost follows
 *   the change, not the row. Such a table keeps its rows in the Map alone, with no
 *   Collection: nothing ever queries it through @msw/data, and a
 *   `Collection.create` (sanitising, a UUID, a logger per record) cost more
 *   than the rest of seeding together. A row is checked against the row
 *   schema on insert all the same.
 *
 * `clear` starts a new Collection: `Collection.clear` removes its records
 * one by one with a search each, O(n²) (minutes at 100,000 rows).
 *
 * Once `trackChanges` is called (the standalone server's data file, after
 * loading), a table notes the keys it changed, so the data file's journal
 * writes those rows alone (`takeChanges`).
 */
import { Collection, Query } from "@msw/data";
import { z } from "zod";

/** Changes made through any table, ever (the standalone server's data file watches it). */
let changes = 0;

export function tableChangeCount(): number {
  return changes;
}

/** Stamps of the tables' changes (`rowChangedAt`): a new one at every change, never given twice. */
let stamps = 0;

/** Rows built by the seed are checked against their schema in tests and when MOCK_API_STRICT=1. */
const CHECK_BUILT_ROWS = process.env.MOCK_API_STRICT === "1" || Boolean(process.env.VITEST);

export interface TableOptions {
  inPlace?: boolean;
}

/** What changed in a table or map since the last `takeChanges`: emptied first, then these keys. */
export interface Changes {
  cleared: boolean;
  keys: ReadonlySet<string>;
}

/** What `take` answers when no key changed (never changed: a new set is made for the next keys). */
const NO_KEYS: ReadonlySet<string> = new Set<string>();

/** Notes changed keys once tracking is on (one per table or map). */
class ChangeLog {
  #keys: Set<string> | null = null;
  #cleared = false;

  /** Notes changes from now on (what came before is in the file already). */
  start(): void {
    this.#keys = new Set();
    this.#cleared = false;
  }

  note(key: string): void {
    this.#keys?.add(key);
  }

  noteCleared(): void {
    if (!this.#keys) return;
    this.#keys.clear();
    this.#cleared = true;
  }

  take(): Changes {
    const keys = this.#keys;
    // Most tables change in no record: nothing allocated for them.
    if (!this.#cleared && (!keys || keys.size === 0)) return { cleared: false, keys: NO_KEYS };
    const changes = { cleared: this.#cleared, keys: keys ?? new Set<string>() };
    if (keys) this.#keys = new Set();
    this.#cleared = false;
    return changes;
  }
}

/**
 * A Map whose changes the data file's journal can follow, for the few
 * values of the database that are neither rows nor derived from rows.
 * Values must be replaced through `set` to be noted, never changed in place.
 */
export class JournaledMap<V> extends Map<string, V> {
  readonly #log = new ChangeLog();

  override set(key: string, value: V): this {
    this.#log.note(key);
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    this.#log.note(key);
    return super.delete(key);
  }

  override clear(): void {
    this.#log.noteCleared();
    super.clear();
  }

  trackChanges(): void {
    this.#log.start();
  }

  takeChanges(): Changes {
    return this.#log.take();
  }
}

/**
 * The fields of a row schema that checks a row field by field: a plain
 * object, with no check of the whole object (refine) and no catch-all
 * (strict or passthrough), whose check drops any other key. Null otherwise.
 */
export function fieldsOf(schema: z.ZodType): Readonly<Record<string, z.ZodType>> | null {
  if (!(schema instanceof z.ZodObject)) return null;
  const { catchall, checks } = schema.def;
  if (catchall !== undefined || (checks?.length ?? 0) > 0) return null;
  return schema.shape;
}

/**
 * A copy of plain data (objects, arrays, values); anything else is copied by
 * structuredClone. Every own field is defined on the copy, with the same
 * prototype: a field named `__proto__` (as `JSON.parse` makes one) stays a
 * field, where assigning it would set the copy's prototype and lose it.
 */
function copyOf(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(copyOf);
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
  for (const [field, item] of Object.entries(value)) {
    if (field === "__proto__") {
      Object.defineProperty(copy, field, {
        value: copyOf(item),
        writable: true,
        enumerable: true,
        configurable: true,
      });
    } else copy[field] = copyOf(item);
  }
  return copy;
}

/**
 * The Proxy handler of a change's draft (a shallow copy of the row): notes
 * in `touched` the fields set, deleted or defined, and the fields whose
 * nested value was read, which it replaces by a copy first.
 */
function draftHandler(touched: Set<string>): ProxyHandler<Record<string, unknown>> {
  return {
    get(draft, field, receiver) {
      const value: unknown = Reflect.get(draft, field, receiver);
      if (
        typeof field !== "string" ||
        value === null ||
        typeof value !== "object" ||
        touched.has(field) ||
        !Object.hasOwn(draft, field)
      )
        return value;
      const copy = copyOf(value);
      draft[field] = copy;
      touched.add(field);
      return copy;
    },
    set(draft, field, value) {
      if (typeof field === "string") touched.add(field);
      return Reflect.set(draft, field, value);
    },
    deleteProperty(draft, field) {
      if (typeof field === "string") touched.add(field);
      return Reflect.deleteProperty(draft, field);
    },
    defineProperty(draft, field, descriptor) {
      if (typeof field === "string") touched.add(field);
      return Reflect.defineProperty(draft, field, descriptor);
    },
  };
}

export class Table<S extends z.ZodType<Record<string, unknown>>> {
  #collection: Collection<S> | null;
  readonly #schema: S;
  readonly #byKey = new Map<string, z.output<S>>();
  readonly #keyOf: (row: z.output<S>) => string;
  readonly #inPlace: boolean;
  /** The row schema's fields when it checks a row field by field (`#updateInPlace`). */
  readonly #fields: Readonly<Record<string, z.ZodType>> | null;
  readonly #log = new ChangeLog();
  /** The stamp of the last change of every row (made, cleared, loaded, seeded). */
  #resetAt = ++stamps;
  /** The stamp of each key's last change since then. */
  readonly #rowStamps = new Map<string, number>();

  constructor(schema: S, keyOf: (row: z.output<S>) => string, options: TableOptions = {}) {
    this.#schema = schema;
    this.#keyOf = keyOf;
    this.#inPlace = options.inPlace ?? false;
    this.#fields = this.#inPlace ? fieldsOf(schema) : null;
    this.#collection = this.#inPlace ? null : new Collection({ schema });
  }

  /** The @msw/data collection behind the table (none for an in-place table). */
  get collection(): Collection<S> | null {
    return this.#collection;
  }

  keyOf(row: z.output<S>): string {
    return this.#keyOf(row);
  }

  get schema(): S {
    return this.#schema;
  }

  /**
   * The stamp of the last change of the row under `key` (its insert, update
   * or delete), or of a change of every row if later: what is derived from
   * that one row (the order list's texts, mocks/logistics.ts) is good while
   * this stays the same, whatever other rows do.
   */
  rowChangedAt(key: string): number {
    return this.#rowStamps.get(key) ?? this.#resetAt;
  }

  /** A change of the rows under `keys`: counted, noted for the journal, stamped. */
  #changedRows(keys: Iterable<string>): void {
    changes += 1;
    for (const key of keys) this.#log.note(key);
    this.#stamp(keys);
  }

  /** A new stamp for each of `keys`. */
  #stamp(keys: Iterable<string>): void {
    const stamp = ++stamps;
    for (const key of keys) this.#rowStamps.set(key, stamp);
  }

  /** A change of every row (clear, load, the seed's rows): every key's stamp is this one. */
  #reset(): void {
    this.#resetAt = ++stamps;
    if (this.#rowStamps.size > 0) this.#rowStamps.clear();
  }

  get size(): number {
    return this.#byKey.size;
  }

  get(key: string): z.output<S> | undefined {
    return this.#byKey.get(key);
  }

  has(key: string): boolean {
    return this.#byKey.has(key);
  }

  /** Rows in insertion order. */
  values(): IterableIterator<z.output<S>> {
    return this.#byKey.values();
  }

  async insert(values: z.input<S>): Promise<z.output<S>> {
    const collection = this.#collection;
    if (!collection) return this.#insertRow(values);
    const row = (await collection.create(values)) as z.output<S>;
    const key = this.#keyOf(row);
    if (this.#byKey.has(key)) {
      collection.delete(row as never);
      throw new Error(`Duplicate key ${key}`);
    }
    this.#byKey.set(key, row);
    this.#changedRows([key]);
    return row;
  }

  /**
   * Stores rows that typed code built (the seed: 100,000 orders and their
   * history) without the schema's check, which would cost a fifth of the
   * seeding; in tests and with MOCK_API_STRICT=1 they are checked all the
   * same. In-place tables only; the rows themselves are stored.
   */
  insertBuilt(row: z.output<S>): z.output<S> {
    if (this.#collection) throw new Error("insertBuilt is for in-place tables");
    if (CHECK_BUILT_ROWS) return this.#insertRow(row as z.input<S>, true);
    const key = this.#keyOf(row);
    if (this.#byKey.has(key)) throw new Error(`Duplicate key ${key}`);
    this.#byKey.set(key, row);
    this.#builtRow(key);
    return row;
  }

  /**
   * Insert into an in-place table: the row schema's check, then the Map. A
   * `built` row (the seed's) stamps the whole table rather than its key: a
   * stamp for each of 100,000 keys would be kept for nothing.
   */
  #insertRow(values: z.input<S>, built = false): z.output<S> {
    const checked = this.#schema.safeParse(values);
    if (!checked.success)
      throw new Error(`A row does not fit the schema: ${checked.error.message}`);
    const row = checked.data;
    const key = this.#keyOf(row);
    if (this.#byKey.has(key)) throw new Error(`Duplicate key ${key}`);
    this.#byKey.set(key, row);
    if (built) this.#builtRow(key);
    else this.#changedRows([key]);
    return row;
  }

  #builtRow(key: string): void {
    changes += 1;
    this.#log.note(key);
    this.#reset();
  }

  async update(key: string, change: (draft: z.output<S>) => void): Promise<z.output<S>> {
    const [row] = await this.updateMany([key], change);
    if (!row) throw new Error(`No row ${key}`);
    return row;
  }

  /** Applies `change` to every row whose key is listed (all or nothing); unknown keys are ignored. */
  async updateMany(
    keys: Iterable<string>,
    change: (draft: z.output<S>) => void,
  ): Promise<z.output<S>[]> {
    const wanted = new Set<string>();
    for (const key of keys) if (this.#byKey.has(key)) wanted.add(key);
    if (wanted.size === 0) return [];
    this.#changedRows(wanted);
    if (this.#inPlace) return this.#updateInPlace(wanted, change);
    const collection = this.#collection;
    if (!collection) return [];
    const keyOf = this.#keyOf;
    const query = new Query((row: unknown) => wanted.has(keyOf(row as z.output<S>)));
    const rows = (await collection.updateMany(query as never, {
      data: (draft) => change(draft as z.output<S>),
    })) as z.output<S>[];
    for (const row of rows) this.#byKey.set(keyOf(row), row);
    // Stamped again once the rows are changed: a read between the two saw them before.
    this.#stamp(wanted);
    return rows;
  }

  /**
   * The in-place update. A row schema that is a plain object (no check of
   * the whole object, no catch-all, as every in-place table's is) checks a
   * row field by field, so the draft's changed fields checked by their own
   * schemas refuse what the whole row's check refuses, and their checked
   * values are what its output would hold (tests/unit/table-update.test.ts
   * compares the two on random changes). The draft is a shallow copy of the
   * row behind a Proxy that notes the fields the change sets or deletes,
   * and copies a nested value the first time the change reads it (a field
   * read is checked too: the change may have changed it in place). Another
   * schema gets the whole row copied and checked.
   */
  #updateInPlace(keys: Set<string>, change: (draft: z.output<S>) => void): z.output<S>[] {
    const fields = this.#fields;
    const pending: [z.output<S>, Record<string, unknown>, string[]][] = [];
    for (const key of keys) {
      const row = this.#byKey.get(key);
      if (!row) continue;
      if (!fields) {
        pending.push([row, this.#checkedWhole(key, row, change), []]);
        continue;
      }
      const touched = new Set<string>();
      const draft = { ...row } as Record<string, unknown>;
      change(new Proxy(draft, draftHandler(touched)) as z.output<S>);
      const next: Record<string, unknown> = {};
      const removed: string[] = [];
      for (const field of touched) {
        const schema = fields[field];
        // Not a field of the row: the row's check would drop it.
        if (!schema) continue;
        const present = Object.hasOwn(draft, field);
        const checked = schema.safeParse(present ? draft[field] : undefined);
        if (!checked.success)
          throw new Error(
            `Update of ${key} breaks the row schema: ${field}: ${checked.error.message}`,
          );
        if (present) next[field] = checked.data;
        else removed.push(field);
      }
      const changed = { ...row, ...next } as Record<string, unknown>;
      for (const field of removed) delete changed[field];
      if (this.#keyOf(changed as z.output<S>) !== key)
        throw new Error(`Update of ${key} changes its key`);
      pending.push([row, next, removed]);
    }
    for (const [row, next, removed] of pending) {
      Object.assign(row, next);
      for (const field of removed) delete (row as Record<string, unknown>)[field];
    }
    return pending.map(([row]) => row);
  }

  /** A change on a deep copy of the row, checked whole: the fields of the checked row. */
  #checkedWhole(
    key: string,
    row: z.output<S>,
    change: (draft: z.output<S>) => void,
  ): Record<string, unknown> {
    const draft = structuredClone({ ...row }) as z.output<S>;
    change(draft);
    const checked = this.#schema.safeParse(draft);
    if (!checked.success)
      throw new Error(`Update of ${key} breaks the row schema: ${checked.error.message}`);
    if (this.#keyOf(checked.data) !== key) throw new Error(`Update of ${key} changes its key`);
    return checked.data;
  }

  delete(key: string): void {
    const row = this.#byKey.get(key);
    if (!row) return;
    this.#collection?.delete(row as never);
    this.#byKey.delete(key);
    this.#changedRows([key]);
  }

  clear(): void {
    if (this.#collection) this.#collection = new Collection({ schema: this.#schema });
    this.#byKey.clear();
    this.#log.noteCleared();
    changes += 1;
    this.#reset();
  }

  /**
   * Stores rows read back from the data file, in their order. `trusted`
   * rows were written under the same row schema and skip its check (100,000
   * orders at start); the others are checked as on insert.
   */
  async load(rows: Iterable<z.input<S>>, trusted: boolean): Promise<void> {
    this.#reset();
    for (const row of rows) {
      if (trusted && !this.#collection) {
        const stored = row as z.output<S>;
        const key = this.#keyOf(stored);
        if (this.#byKey.has(key)) throw new Error(`Duplicate key ${key}`);
        this.#byKey.set(key, stored);
      } else {
        await this.insert(row);
      }
    }
  }

  /** From now on, note the keys of changed rows. */
  trackChanges(): void {
    this.#log.start();
  }

  /** The changes noted since the last call. */
  takeChanges(): Changes {
    return this.#log.take();
  }
}
