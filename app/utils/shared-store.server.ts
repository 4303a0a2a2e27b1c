/**
 * State that every replica of the portal must see alike: one-time keys
 * (a submission applied once, an image code answered once) and short-lived
 * values. One process keeps it in memory; with `REDIS_URL` it lives in Redis,
 * so any number of replicas behind one address share it.
 *
 * Keys are namespaced by their users (`submission:…`, `captcha:…`).
 */

export interface SharedStore {
  /**
   * Takes `key` for `ttlMs` if nobody holds it: true for the first caller,
   * false for every later one until the key expires (Redis `SET NX PX`).
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** The value kept under `key`, or null once it expired or was never set. */
  get(key: string): Promise<string | null>;
  /** Keeps `value` under `key` for `ttlMs`, replacing what was there. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Forgets `key`. */
  delete(key: string): Promise<void>;
}

/** Entries kept by one process at most: made-up keys cannot fill its memory. */
const MAX_MEMORY_ENTRIES = 100_000;

/** The store of a single process (no `REDIS_URL`), and of unit tests. */
export class MemoryStore implements SharedStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  private live(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private put(key: string, value: string, ttlMs: number) {
    this.entries.delete(key);
    if (this.entries.size >= MAX_MEMORY_ENTRIES) {
      // Insertion order is expiry order for equal lifetimes: the oldest go first.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.put(key, "1", ttlMs);
    return true;
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.put(key, value, ttlMs);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

let store: SharedStore | undefined;

/** The store of this process: memory, or Redis when `REDIS_URL` is set. */
export function sharedStore(): SharedStore {
  store ??= new MemoryStore();
  return store;
}

/** Tests swap the store (a clock of their own, a Redis of their own). */
export function setSharedStore(next: SharedStore | undefined): void {
  store = next;
}
