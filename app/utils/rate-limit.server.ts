/**
 * Abuse limits of the pages anyone can post to: sign-in, registration,
 * e-mail codes and password reset. Counters count in fixed windows
 * (rate-limiter-flexible) where the shared store keeps its state: in memory
 * for one process, in Redis with `REDIS_URL`, so any number of replicas
 * behind one address count together. A request over a limit is answered 429
 * with `Retry-After` and a translated page; a request whose counters cannot
 * be reached (Redis down) is refused with 503, never let through uncounted.
 *
 * Keys are HMACs of the limit and its subject (address, account) with the
 * session secret, which every replica shares: Redis never holds an address,
 * and nobody without the secret can name, and so exhaust, another client's
 * counter.
 */
import { createHmac } from "node:crypto";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterRes,
} from "rate-limiter-flexible";
import { data, type RouterContextProvider } from "react-router";
import { env } from "~/config/env.server.ts";
import { addressSubject } from "~/utils/address-subject.ts";
import { CAPTCHA_TTL_MS } from "~/utils/captcha.server.ts";
import type { ErrorPayload } from "~/utils/error-payload.ts";
import { requestInfoContext, retryAfterContext } from "~/utils/request-context.server.ts";
import {
  MemoryStore,
  RedisStore,
  type SharedStore,
  SharedStoreUnavailable,
  sharedStore,
} from "~/utils/shared-store.server.ts";

export interface Limit {
  /** Names the counter (part of its key). */
  name: string;
  /** Attempts allowed in a window. */
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  /** Failed sign-ins from one address, whatever the accounts tried. */
  loginPerAddress: { name: "login-address", max: 10, windowSeconds: 60 },
  /** Failed sign-ins of one account from one address: that address waits, nobody else. */
  loginPerAccountAddress: { name: "login-account-address", max: 10, windowSeconds: 15 * 60 },
  /**
   * Failed sign-ins of one account from anywhere: beyond this each attempt is
   * answered more slowly (never refused, so the owner is never locked out).
   */
  loginPerAccount: { name: "login-account", max: 10, windowSeconds: 15 * 60 },
  /** Posts of the registration pages from one address. */
  registerPerAddress: { name: "register-address", max: 10, windowSeconds: 60 },
  /** Posts of the password-reset pages from one address. */
  resetPerAddress: { name: "reset-address", max: 10, windowSeconds: 60 },
  /** E-mail codes requested from one address (registration and reset together). */
  codePerAddress: { name: "code-address", max: 10, windowSeconds: 60 },
  /** An image-code ticket is answered once, on whichever replica (it lives 5 minutes). */
  imageCodeTicket: { name: "image-code-ticket", max: 1, windowSeconds: CAPTCHA_TTL_MS / 1000 },
} as const satisfies Record<string, Limit>;

/** The longest a failed sign-in of a much-tried account is held back. */
export const MAX_LOGIN_DELAY_MS = 5000;

/** The opaque key of a limit's counter for a subject (an address, an account). */
export function counterKey(limit: Limit, subject: string, secret: string): string {
  return createHmac("sha256", secret).update(`${limit.name}\n${subject}`).digest("hex");
}

export interface Exceeded {
  limit: Limit;
  retryAfter: number;
}

/** The counters of each store, one per limit: replicas sharing Redis share them. */
const countersByStore = new WeakMap<SharedStore, Map<string, RateLimiterAbstract>>();

function countersOf(store: SharedStore, limit: Limit): RateLimiterAbstract {
  let counters = countersByStore.get(store);
  if (!counters) {
    counters = new Map();
    countersByStore.set(store, counters);
  }
  let counter = counters.get(limit.name);
  if (!counter) {
    const options = {
      points: limit.max,
      duration: limit.windowSeconds,
      keyPrefix: `limit:${limit.name}`,
    };
    counter =
      store instanceof RedisStore
        ? new RateLimiterRedis({
            ...options,
            storeClient: store.client,
            rejectIfRedisNotReady: true,
          })
        : new RateLimiterMemory(options);
    counters.set(limit.name, counter);
  }
  return counter;
}

/** The longest wait of the limits that refuse: the client may come back only after all of them. */
function longest(refusing: { limit: Limit; retryAfter: number }[]): Exceeded | null {
  return refusing.reduce<Exceeded | null>(
    (most, { limit, retryAfter }) =>
      most && most.retryAfter >= retryAfter ? most : { limit, retryAfter },
    null,
  );
}

/** Limits applied to subjects, counted where a store keeps its state. */
export class Limiter {
  private readonly store: () => Promise<SharedStore>;
  private readonly secret: string;
  private readonly unavailable: (error: SharedStoreUnavailable) => never;

  /**
   * `store` may be found per call (the fake backend's worlds in end-to-end
   * tests); `unavailable` answers a store that cannot be reached (by default
   * the `SharedStoreUnavailable` is thrown).
   */
  constructor(
    store: SharedStore | (() => Promise<SharedStore>),
    secret: string,
    unavailable: (error: SharedStoreUnavailable) => never = (error) => {
      throw error;
    },
  ) {
    this.store = typeof store === "function" ? store : async () => store;
    this.secret = secret;
    this.unavailable = unavailable;
  }

  /** The count of each check, after counting one more when `add`. */
  private async counts(checks: [Limit, string][], add: boolean) {
    let results: (RateLimiterRes | null)[];
    try {
      const store = await this.store();
      if (store instanceof RedisStore) await store.ready();
      results = await Promise.all(
        checks.map(([limit, subject]) => {
          const counter = countersOf(store, limit);
          const key = counterKey(limit, subject, this.secret);
          return add ? counter.penalty(key, 1) : counter.get(key);
        }),
      );
    } catch (error) {
      this.unavailable(
        error instanceof SharedStoreUnavailable
          ? error
          : new SharedStoreUnavailable(error instanceof Error ? error.message : String(error)),
      );
    }
    return checks.map(([limit], index) => {
      const result = results[index];
      // A window that has ended counts nothing, whether or not its key is gone yet.
      if (!result || result.msBeforeNext <= 0) return { limit, count: 0, retryAfter: 0 };
      return {
        limit,
        count: result.consumedPoints,
        retryAfter: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
      };
    });
  }

  /**
   * Counts one attempt on each limit; answers the limits the attempt went
   * beyond (the `max + 1`-th attempt of a window and later), with the longest
   * of their waits, or null.
   */
  async hit(checks: [Limit, string][]): Promise<Exceeded | null> {
    const counts = await this.counts(checks, true);
    return longest(counts.filter(({ limit, count }) => count > limit.max));
  }

  /** Without counting: the limits already used up (`max` attempts in the window), with the longest wait, or null. */
  async peek(checks: [Limit, string][]): Promise<Exceeded | null> {
    return (await this.inspect(checks, [])).exceeded;
  }

  /** How far beyond its limit a subject is already (0 when within it). */
  async excess(limit: Limit, subject: string): Promise<number> {
    return (await this.inspect([], [[limit, subject]])).excess;
  }

  /**
   * Both at once: the limits of `refusing` already used up (with the
   * longest of their waits), and how far the most-tried of `slowing` is
   * beyond its limit.
   */
  async inspect(
    refusing: [Limit, string][],
    slowing: [Limit, string][],
  ): Promise<{ exceeded: Exceeded | null; excess: number }> {
    const counts = await this.counts([...refusing, ...slowing], false);
    const exceeded = longest(
      counts.slice(0, refusing.length).filter(({ limit, count }) => count >= limit.max),
    );
    const excess = counts
      .slice(refusing.length)
      .reduce((most, { limit, count }) => Math.max(most, count - limit.max + 1), 0);
    return { exceeded, excess };
  }
}

type Context = Readonly<RouterContextProvider>;

/** Each test world's counters (end-to-end tests), gone with the world. */
const worldStores = new WeakMap<object, SharedStore>();

/**
 * The store of this request's counters: the process's shared store, or with
 * TEST_WORLDS a memory of the test's world, so that tests running side by
 * side never use up each other's limits.
 */
async function storeOfRequest(): Promise<SharedStore> {
  if (env().testWorlds) {
    const { currentWorld, inTestWorld } = await import("../../mocks/worlds.ts");
    if (inTestWorld()) {
      const world = currentWorld();
      let store = worldStores.get(world);
      if (!store) {
        store = new MemoryStore();
        worldStores.set(world, store);
      }
      return store;
    }
  }
  return sharedStore();
}

/** How soon a refused client may try again while the counters cannot be reached. */
const UNCOUNTED_RETRY_SECONDS = 5;

/**
 * The portal's limiter. A post whose counters cannot be reached is refused
 * (503, translated) rather than let through uncounted: otherwise stopping
 * Redis would lift every limit and the once-only image code.
 */
export function limiterOf(context: Context): Limiter {
  return new Limiter(storeOfRequest, `attempts\n${env().sessionSecrets[0] ?? ""}`, (error) => {
    console.error(`[rate-limit] a limited post was refused, uncounted: ${error.message}`);
    context.get(retryAfterContext).seconds = UNCOUNTED_RETRY_SECONDS;
    throw data<ErrorPayload>(
      { kind: "limits-unavailable", retryAfter: UNCOUNTED_RETRY_SECONDS },
      { status: 503, headers: { "Retry-After": String(UNCOUNTED_RETRY_SECONDS) } },
    );
  });
}

/**
 * The client's address: the socket's peer, or the proxy's `X-Forwarded-For`
 * only when TRUST_PROXY says a proxy sets it (express works it out), so a
 * forged header never opens a fresh counter.
 */
export function clientAddress(context: Context): string {
  return context.get(requestInfoContext).clientIp || "unknown";
}

/** What the limits per address count for this request: its address, or its /64 for IPv6 (`addressSubject`). */
export function addressLimitSubject(context: Context): string {
  return addressSubject(clientAddress(context));
}

/** Throws the translated 429 page, with `Retry-After`. */
export function refuseTooMany(context: Context, exceeded: Exceeded): never {
  context.get(retryAfterContext).seconds = exceeded.retryAfter;
  throw data<ErrorPayload>(
    { kind: "too-many", retryAfter: exceeded.retryAfter },
    { status: 429, headers: { "Retry-After": String(exceeded.retryAfter) } },
  );
}

/** Counts a post from the client's address (its /64 for IPv6) on each limit; 429 beyond any of them. */
export async function limitPost(context: Context, ...limits: Limit[]): Promise<void> {
  const subject = addressLimitSubject(context);
  const exceeded = await limiterOf(context).hit(limits.map((limit) => [limit, subject]));
  if (exceeded) refuseTooMany(context, exceeded);
}

/** A pause of `ms` (the slower answers of a much-tried account). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
