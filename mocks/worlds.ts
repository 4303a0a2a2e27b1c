/**
 * Independent copies of the fake backend's data, for end-to-end tests that
 * run side by side against one portal. A world is one database and its
 * seeding state; `db` (mocks/db.ts) and `ensureSeeded` (mocks/state.ts) act
 * on the world of the current request, found through AsyncLocalStorage, and
 * on the default world everywhere else (demo mode, unit tests, scripts).
 *
 * Only a portal started with `TEST_WORLDS=1` (demo mode only, refused with a
 * real backend) ever leaves the default world: see `server/app.ts`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createDb, type Db } from "./db.ts";

export interface World {
  db: Db;
  /** The seeding of this world's data, started on its first call. */
  ready: Promise<void> | null;
}

function newWorld(): World {
  return { db: createDb(), ready: null };
}

// Made on first use: db.ts imports this module, so nothing here may call into it at load.
let defaultWorld: World | undefined;
const current = new AsyncLocalStorage<World>();

/** At most this many test worlds are kept; the least recently used goes first. */
const MAX_WORLDS = 64;
const worlds = new Map<string, World>();

export function currentWorld(): World {
  const world = current.getStore();
  if (world) return world;
  defaultWorld ??= newWorld();
  return defaultWorld;
}

/** Whether the current request runs in a test world (never in demo mode or unit tests). */
export function inTestWorld(): boolean {
  return current.getStore() !== undefined;
}

/** Runs `fn` (and everything it starts) in the world named `id`, created on first use. */
export function runInWorld<T>(id: string, fn: () => T): T {
  let world = worlds.get(id);
  if (world) {
    worlds.delete(id);
  } else {
    world = newWorld();
    if (worlds.size >= MAX_WORLDS) {
      const oldest = worlds.keys().next().value;
      if (oldest !== undefined) worlds.delete(oldest);
    }
  }
  worlds.set(id, world);
  return current.run(world, fn);
}
