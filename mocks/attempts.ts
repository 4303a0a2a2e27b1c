/**
 * Attempt counters of the fake backend, one set per world (mocks/worlds.ts):
 * fixed windows, counted in memory. They hold the backend's own sign-in
 * brake, internal to it; the portal's abuse limits are the portal's own
 * (app/utils/rate-limit.server.ts).
 */
import { mockClock } from "./clock.ts";
import type { Db } from "./db.ts";
import { currentWorld } from "./worlds.ts";

interface Counter {
  count: number;
  /** When the window ends (ms of the backend's clock). */
  endsAt: number;
}

/** Counters of each world's database: a world's data and its counters go together. */
const byDb = new WeakMap<Db, Map<string, Counter>>();
/** Beyond this many counters the expired ones are swept... */
const SWEEP_ABOVE = 10_000;
/** ...and beyond this many the oldest go, so that made-up keys cannot fill the memory. */
const MAX_COUNTERS = 50_000;

function counters(): Map<string, Counter> {
  const key = currentWorld().db;
  let map = byDb.get(key);
  if (!map) {
    map = new Map();
    byDb.set(key, map);
  }
  return map;
}

function sweep(map: Map<string, Counter>, now: number): void {
  for (const [key, counter] of map) if (counter.endsAt <= now) map.delete(key);
  for (const key of map.keys()) {
    if (map.size < MAX_COUNTERS) break;
    map.delete(key);
  }
}

export interface AttemptCount {
  count: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/** The count of `key` in its current window, after adding `add` (0 just reads it). */
export function countAttempt(key: string, windowSeconds: number, add: number): AttemptCount {
  const map = counters();
  const now = mockClock.now();
  let counter = map.get(key);
  if (!counter || counter.endsAt <= now) {
    if (add === 0) return { count: 0, retryAfter: 0 };
    if (map.size >= SWEEP_ABOVE) sweep(map, now);
    counter = { count: 0, endsAt: now + windowSeconds * 1000 };
    map.set(key, counter);
  }
  counter.count += add;
  return {
    count: counter.count,
    retryAfter: Math.max(1, Math.ceil((counter.endsAt - now) / 1000)),
  };
}

/** Forgets the counters whose key starts with `prefix` (a password reset clears its account's). */
export function forgetAttempts(prefix: string): void {
  const map = counters();
  for (const key of map.keys()) if (key.startsWith(prefix)) map.delete(key);
}

/** Every counter of the current world (tests reseed between cases). */
export function clearAttempts(): void {
  counters().clear();
}
