/** Seeds the current world's data once, lazily, on first use; `reseed` starts over (tests). */
import { type SeedOptions, seedDb } from "./seed.ts";
import { currentWorld } from "./worlds.ts";

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
  return seedDb(options).catch((error: unknown) => {
    world.ready = null;
    throw error;
  });
}
