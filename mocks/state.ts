/** Seeds the data once, lazily, on first use; `reseed` starts over (tests). */
import { type SeedOptions, seedDb } from "./seed.ts";

let ready: Promise<void> | null = null;

export function ensureSeeded(): Promise<void> {
  if (!ready) {
    ready = seedDb().catch((error: unknown) => {
      ready = null;
      throw error;
    });
  }
  return ready;
}

export function reseed(options?: SeedOptions): Promise<void> {
  ready = seedDb(options).catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}
