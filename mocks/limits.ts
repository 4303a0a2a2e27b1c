/**
 * The fake backend's own abuse limits, per client address: the calls anyone
 * may make without a token (sign-in, registration, e-mail codes, password
 * reset, account lookups) get the limits the portal sets on its pages
 * (app/utils/rate-limit.server.ts, LIMITS), so reaching `/api/v1` directly
 * gains nothing over the portal's forms. The address is the first
 * `X-Forwarded-For` entry: the portal's own calls carry the browser's, the
 * public mount sets the caller's own; an IPv6 address counts by its /64, as
 * in the portal (app/utils/address-subject.ts).
 *
 * Fixed windows, counted in memory per world. Each limit keeps its counters
 * in a Map in the order they were opened; all of a limit's windows are the
 * same length, so that is also the order they end in, and the ended ones are
 * dropped from the front: a new key costs O(1), however many there are. At
 * most MAX_COUNTERS per limit are kept (the oldest go first), so made-up
 * addresses cannot fill the memory.
 */

import { ApiCode } from "../app/contract/envelope.ts";
import { addressSubject } from "../app/utils/address-subject.ts";
import { mockClock } from "./clock.ts";
import type { Db } from "./db.ts";
import { ApiError } from "./errors.ts";
import { clientIp } from "./security.ts";
import { currentWorld } from "./worlds.ts";

export interface AddressLimit {
  name: string;
  /** Calls allowed in a window; the next one is refused (1000). */
  max: number;
  windowSeconds: number;
}

export const ADDRESS_LIMITS = {
  /** Failed sign-ins from one address, whatever the accounts tried (the portal's loginPerAddress). */
  failedLogin: { name: "failed-login", max: 10, windowSeconds: 60 },
  /** Registrations from one address (registerPerAddress). */
  register: { name: "register", max: 10, windowSeconds: 60 },
  /** Password resets from one address (resetPerAddress). */
  reset: { name: "reset", max: 10, windowSeconds: 60 },
  /** E-mail codes asked for from one address, every scene together (codePerAddress). */
  emailCode: { name: "email-code", max: 10, windowSeconds: 60 },
  /** "Is this address registered?" from one address: step 1 of registration and of reset together. */
  accountLookup: { name: "account-lookup", max: 20, windowSeconds: 60 },
} as const satisfies Record<string, AddressLimit>;

export const MAX_COUNTERS = 50_000;

interface Counter {
  count: number;
  /** When the window ends (ms of the backend's clock). */
  endsAt: number;
}

const byDb = new WeakMap<Db, Map<string, Map<string, Counter>>>();

function countersOf(limit: AddressLimit): Map<string, Counter> {
  const key = currentWorld().db;
  let limits = byDb.get(key);
  if (!limits) {
    limits = new Map();
    byDb.set(key, limits);
  }
  let counters = limits.get(limit.name);
  if (!counters) {
    counters = new Map();
    limits.set(limit.name, counters);
  }
  return counters;
}

function dropEnded(counters: Map<string, Counter>, now: number): void {
  for (const [key, counter] of counters) {
    if (counter.endsAt > now && counters.size < MAX_COUNTERS) break;
    counters.delete(key);
  }
}

function counterOf(limit: AddressLimit, address: string, now: number): Counter | undefined {
  const counters = countersOf(limit);
  const counter = counters.get(address);
  return counter && counter.endsAt > now ? counter : undefined;
}

function refuse(counter: Counter, now: number): never {
  throw new ApiError(ApiCode.tooManyAttempts, "tooManyFromAddress", {
    seconds: Math.max(1, Math.ceil((counter.endsAt - now) / 1000)),
  });
}

/** Refuses (1000, with the seconds to wait) when the request's address has used up `limit`. */
export function checkAddress(request: Request, limit: AddressLimit): void {
  const now = mockClock.now();
  const counter = counterOf(limit, addressSubject(clientIp(request)), now);
  if (counter && counter.count >= limit.max) refuse(counter, now);
}

/** Counts one call of the request's address on `limit`. */
export function countAddress(request: Request, limit: AddressLimit): void {
  const now = mockClock.now();
  const address = addressSubject(clientIp(request));
  const counters = countersOf(limit);
  let counter = counterOf(limit, address, now);
  if (!counter) {
    dropEnded(counters, now);
    // A key whose window ended goes to the back: the Map stays in order of ending.
    counters.delete(address);
    counter = { count: 0, endsAt: now + limit.windowSeconds * 1000 };
    counters.set(address, counter);
  }
  counter.count += 1;
}

/** Counts a call and refuses it when it is one too many. */
export function limitAddress(request: Request, limit: AddressLimit): void {
  checkAddress(request, limit);
  countAddress(request, limit);
}

/** Forgets every counter of the current world (tests reseed between cases). */
export function clearAddressLimits(): void {
  byDb.get(currentWorld().db)?.clear();
}

/** How many counters `limit` holds in the current world (tests). */
export function counterCount(limit: AddressLimit): number {
  return byDb.get(currentWorld().db)?.get(limit.name)?.size ?? 0;
}
