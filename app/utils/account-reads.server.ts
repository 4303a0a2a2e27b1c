/**
 * What the signed-in pages read of an account on every request, besides the
 * account itself: the bell's unread count and a list's saved views and
 * columns. Each is kept in the shared store after a successful read and
 * served from there while nothing may have changed it, instead of asking the
 * backend again (docs/decisions/2026-11-27-account-reads-cache.md).
 *
 * - Keyed by the account the backend named for this request's token
 *   (`accountInfo`, which is still asked first on every request) and by what
 *   was read. Nothing is kept for a request without that account.
 * - A generation in the store: every call of the API client that may change
 *   data, any account's, whatever its outcome, replaces it once its answer
 *   is in (`accountReads.mayHaveChanged`). An entry carries the generation
 *   read before the backend was asked, and is served only while that is
 *   still the store's: a change that ended before the read began is in the
 *   value, and one that ended after it has replaced the generation.
 * - A time bound per kind (`UNREAD_COUNT`, `listSettingsRead`) for what the
 *   backend changes by itself, which no call of the portal announces.
 * - A store that cannot answer (Redis down) makes the cache step aside: the
 *   backend is asked, and the process replaces the generation before it
 *   serves from the store again: a change made meanwhile, by it or another
 *   replica, may not have replaced it.
 *   A failed read is never kept.
 */
import { randomUUID } from "node:crypto";
import { env } from "~/config/env.server.ts";
import type { SavedViewList } from "~/contract/index.ts";
import { MemoryStore, type SharedStore, sharedStore } from "~/utils/shared-store.server.ts";

/** One kind of value kept: its name in the key and how long it may be served. */
export interface AccountRead {
  name: string;
  ttlMs: number;
}

/**
 * The bell's unread count. A notification the backend makes by itself (no
 * call of the portal made it) shows at most this late.
 */
export const UNREAD_COUNT: AccountRead = { name: "unread", ttlMs: 20_000 };

/** A list's saved views and chosen columns: changed by the account itself, through the portal. */
export function listSettingsRead(list: SavedViewList): AccountRead {
  return { name: `list-settings:${list}`, ttlMs: 5 * 60_000 };
}

/** Keys of this module; the version changes with the shape of what is kept. */
const PREFIX = "account-read:v1:";
const GENERATION = `${PREFIX}generation`;
/** The generation outlives every entry; once gone, the next read starts a new one. */
const GENERATION_TTL_MS = 24 * 60 * 60_000;
/** A value longer than this is not kept (the store's entries stay small). */
const MAX_VALUE_CHARS = 16_384;
/** Entries of one process's memory (no `REDIS_URL`, or demo mode), apart from the one-time keys. */
const MAX_MEMORY_ENTRIES = 5_000;

export class AccountReads {
  private readonly storeOf: () => Promise<SharedStore>;
  /** Stores whose generation this process owes a replacement (a change it made while it failed). */
  private readonly owed = new WeakSet<SharedStore>();

  constructor(storeOf: () => Promise<SharedStore>) {
    this.storeOf = storeOf;
  }

  /**
   * The value `kind` of `account`: kept, or read by `read` (and kept when it
   * is not null). Without an account, `read` alone.
   */
  async read<T>(
    account: string | undefined,
    kind: AccountRead,
    read: () => Promise<T>,
  ): Promise<T> {
    if (account === undefined) return read();
    let store: SharedStore | undefined;
    let generation: string;
    const key = `${PREFIX}${kind.name}:${account}`;
    try {
      store = await this.storeOf();
      if (this.owed.has(store)) await this.replaceGeneration(store);
      const [current, entry] = await store.getMany([GENERATION, key]);
      if (current === null || current === undefined) {
        generation = await this.replaceGeneration(store);
      } else {
        generation = current;
        const hit = entry ? keptValue<T>(entry, current) : undefined;
        if (hit !== undefined) return hit;
      }
    } catch {
      // A replica whose store failed cannot know what changed meanwhile.
      if (store) this.owed.add(store);
      return read();
    }
    const kept = store;
    const value = await read();
    if (value !== null) {
      const text = JSON.stringify(value);
      if (text.length <= MAX_VALUE_CHARS) {
        await kept.set(key, `${generation}\n${text}`, kind.ttlMs).catch(() => {
          this.owed.add(kept);
        });
      }
    }
    return value;
  }

  /**
   * A call that may have changed data has been answered (or failed): no
   * value read before it is served again.
   */
  async mayHaveChanged(): Promise<void> {
    let store: SharedStore;
    try {
      store = await this.storeOf();
    } catch {
      return;
    }
    await this.replaceGeneration(store).catch(() => undefined);
  }

  private async replaceGeneration(store: SharedStore): Promise<string> {
    const generation = randomUUID();
    try {
      await store.set(GENERATION, generation, GENERATION_TTL_MS);
    } catch (error) {
      this.owed.add(store);
      throw error;
    }
    this.owed.delete(store);
    return generation;
  }
}

/** The value of an entry kept under `generation`; undefined when it was kept under another. */
function keptValue<T>(entry: string, generation: string): T | undefined {
  if (!entry.startsWith(`${generation}\n`)) return undefined;
  try {
    return JSON.parse(entry.slice(generation.length + 1)) as T;
  } catch {
    return undefined;
  }
}

let memory: MemoryStore | undefined;
/** Demo mode: the store of each seeding of the fake backend's data (a test world, a reseed). */
const demoStores = new WeakMap<object, MemoryStore>();
let worlds: Promise<typeof import("../../mocks/worlds.ts")> | undefined;

/**
 * Where the values are kept: Redis with `REDIS_URL` (every replica sees the
 * same, as they share one backend), else this process's memory. In demo
 * mode each process has a backend of its own, and each seeding of its data
 * a memory of its own: a test world's values are never another's.
 */
async function storeOfRequest(): Promise<SharedStore> {
  const config = env();
  if (config.demoMode) {
    worlds ??= import("../../mocks/worlds.ts");
    const world = (await worlds).currentWorld();
    const seeding: object = world.ready ?? world;
    let store = demoStores.get(seeding);
    if (!store) {
      store = new MemoryStore(Date.now, MAX_MEMORY_ENTRIES);
      demoStores.set(seeding, store);
    }
    return store;
  }
  if (config.redisUrl) return sharedStore();
  memory ??= new MemoryStore(Date.now, MAX_MEMORY_ENTRIES);
  return memory;
}

/** The portal's account reads. */
export const accountReads = new AccountReads(storeOfRequest);
