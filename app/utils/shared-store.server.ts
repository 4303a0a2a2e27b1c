/**
 * State that every replica of the portal must see alike: one-time keys
 * (a submission applied once, an image code answered once) and short-lived
 * values. One process keeps it in memory; with `REDIS_URL` it lives in Redis,
 * so any number of replicas behind one address share it.
 *
 * Keys are namespaced by their users (`submission:…`, `captcha:…`).
 *
 * Redis that cannot answer (down, restarting, slow) makes every call reject
 * with `SharedStoreUnavailable` at once: its callers fail closed, and the
 * client reconnects by itself when Redis returns.
 */
import { Redis } from "ioredis";
import { env } from "~/config/env.server.ts";

export interface SharedStore {
  /**
   * Takes `key` for `ttlMs` if nobody holds it: true for the first caller,
   * false for every later one until the key expires (Redis `SET NX PX`).
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** The value kept under `key`, or null once it expired or was never set. */
  get(key: string): Promise<string | null>;
  /** The values of `keys` read at one moment, in their order (Redis `MGET`: one round trip). */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
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
  private readonly maxEntries: number;

  constructor(now: () => number = Date.now, maxEntries = MAX_MEMORY_ENTRIES) {
    this.now = now;
    this.maxEntries = maxEntries;
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
    if (this.entries.size >= this.maxEntries) {
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

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    return keys.map((key) => this.live(key)?.value ?? null);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.put(key, value, ttlMs);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

/** Redis did not answer: nothing was read or changed. */
export class SharedStoreUnavailable extends Error {
  override name = "SharedStoreUnavailable";
}

/** How long a command, or the first connection, may take before it counts as unanswered. */
const REDIS_TIMEOUT_MS = 2000;
/** Reconnection attempts back off up to this pause, and never give up. */
const MAX_RECONNECT_PAUSE_MS = 2000;

/** Redis takes whole milliseconds, at least one. */
function wholeMs(ttlMs: number): number {
  return Math.max(1, Math.ceil(ttlMs));
}

/** The store of replicas (`REDIS_URL`): one connection per process. */
export class RedisStore implements SharedStore {
  readonly client: Redis;
  private readonly firstReady: Promise<void>;
  /** Until when a request waits for the first connection (a request right after start). */
  private readonly connectBy: number;
  private down = false;

  constructor(url: string) {
    this.client = new Redis(url, {
      // A command while disconnected fails now instead of waiting in a queue,
      // so a request is answered (refused) instead of hanging.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_TIMEOUT_MS,
      connectTimeout: REDIS_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 100, MAX_RECONNECT_PAUSE_MS),
    });
    this.connectBy = Date.now() + REDIS_TIMEOUT_MS;
    this.firstReady = new Promise((resolve) => this.client.once("ready", () => resolve()));
    // One line when Redis goes away and one when it is back, not one per retry.
    this.client.on("error", (error: Error) => {
      if (this.down) return;
      this.down = true;
      console.error(
        `[shared-store] Redis does not answer (${error.message}): limited posts are refused until it does`,
      );
    });
    this.client.on("ready", () => {
      if (!this.down) return;
      this.down = false;
      console.info("[shared-store] Redis answers again");
    });
  }

  /**
   * The client once it can take commands. Only the first connection is
   * awaited, by the requests of the first moments after start; later, a
   * lost connection fails at once.
   */
  async ready(): Promise<Redis> {
    const status = () => this.client.status;
    const wait = this.connectBy - Date.now();
    if (status() !== "ready" && wait > 0) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, wait);
      });
      await Promise.race([this.firstReady, timeout]).finally(() => clearTimeout(timer));
    }
    if (status() !== "ready") throw new SharedStoreUnavailable(`Redis is ${status()}`);
    return this.client;
  }

  private async run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    const client = await this.ready();
    try {
      return await command(client);
    } catch (error) {
      throw new SharedStoreUnavailable(error instanceof Error ? error.message : String(error));
    }
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    return (await this.run((client) => client.set(key, "1", "PX", wholeMs(ttlMs), "NX"))) === "OK";
  }

  async get(key: string): Promise<string | null> {
    return this.run((client) => client.get(key));
  }

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    return this.run((client) => client.mget(...keys));
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.run((client) => client.set(key, value, "PX", wholeMs(ttlMs)));
  }

  async delete(key: string): Promise<void> {
    await this.run((client) => client.del(key));
  }

  /** Closes the connection (tests, shutdown). */
  async close(): Promise<void> {
    this.client.disconnect();
  }
}

let store: SharedStore | undefined;

/** The store of this process: memory, or Redis when `REDIS_URL` is set. */
export function sharedStore(): SharedStore {
  if (!store) {
    const url = env().redisUrl;
    store = url ? new RedisStore(url) : new MemoryStore();
  }
  return store;
}
