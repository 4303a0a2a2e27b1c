/**
 * A @msw/data Collection plus a Map index by key, kept in step.
 *
 * Every @msw/data query is a linear scan and `update` replaces the stored
 * record with a new object, so lookups by key go through the Map and every
 * change goes through this class, which puts the new record back in the Map.
 * `updateMany` changes a whole batch with one collection scan.
 */
import { Collection, Query } from "@msw/data";
import type { z } from "zod";

export class Table<S extends z.ZodType<Record<string, unknown>>> {
  readonly collection: Collection<S>;
  readonly #byKey = new Map<string, z.output<S>>();
  readonly #keyOf: (row: z.output<S>) => string;

  constructor(schema: S, keyOf: (row: z.output<S>) => string) {
    this.collection = new Collection({ schema });
    this.#keyOf = keyOf;
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
    const row = (await this.collection.create(values)) as z.output<S>;
    const key = this.#keyOf(row);
    if (this.#byKey.has(key)) {
      this.collection.delete(row as never);
      throw new Error(`Duplicate key ${key}`);
    }
    this.#byKey.set(key, row);
    return row;
  }

  async update(key: string, change: (draft: z.output<S>) => void): Promise<z.output<S>> {
    const [row] = await this.updateMany([key], change);
    if (!row) throw new Error(`No row ${key}`);
    return row;
  }

  /** Applies `change` to every row whose key is listed; unknown keys are ignored. */
  async updateMany(
    keys: Iterable<string>,
    change: (draft: z.output<S>) => void,
  ): Promise<z.output<S>[]> {
    const wanted = new Set<string>();
    for (const key of keys) if (this.#byKey.has(key)) wanted.add(key);
    if (wanted.size === 0) return [];
    const keyOf = this.#keyOf;
    const query = new Query((row: unknown) => wanted.has(keyOf(row as z.output<S>)));
    const rows = (await this.collection.updateMany(query as never, {
      data: (draft) => change(draft as z.output<S>),
    })) as z.output<S>[];
    for (const row of rows) this.#byKey.set(keyOf(row), row);
    return rows;
  }

  delete(key: string): void {
    const row = this.#byKey.get(key);
    if (!row) return;
    this.collection.delete(row as never);
    this.#byKey.delete(key);
  }

  clear(): void {
    this.collection.clear();
    this.#byKey.clear();
  }
}
