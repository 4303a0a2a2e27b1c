/** Seeds the current world's data once, lazily, on first use; `reseed` starts over (tests). */
import { type SeedOptions, seedDb } from "./seed.ts";
import { currentWorld } from "./worlds.ts";

/** The seedings that have finished (a world's `ready` once settled without failing). */
const settled = new WeakSet<Promise<void>>();

/**
 * Whether the current world's data is seeded: a call then goes on without
 * waiting for `ensureSeeded`'s settled promise.
 */
export function isSeeded(): boolean {
  const ready = currentWorld().ready;
  return ready !== null && settled.has(ready);
}

export function ensureSeeded(): Promise<void> {
  const world = currentWorld();
  world.ready ??= seed(world);
  return world.ready;
}

export function reseed(options?: SeedOptions): Promise<void> {
  const world = currentWorld();
  world.ready = seed(world, options);
  return world.ready;
}

function seed(world: ReturnType<typeof currentWorld>, options?: SeedOptions): Promise<void> {
  const ready: Promise<void> = seedDb(options).then(
    () => {
      settled.add(ready);
    },
    (error: unknown) => {
      world.ready = null;
      throw error;
    },
  );
  return ready;
}
