/**
 * Abuse limits of the pages anyone can post to: sign-in, registration,
 * e-mail codes and password reset. Counters count in fixed windows and live
 * in a store every instance of the portal shares: the backend
 * (`POST /account/attempts`), so several replicas behind one address count
 * together. A request over a limit is answered 429 with `Retry-After` and a
 * translated page.
 *
 * Keys are HMACs of the limit and its subject (address, account) with the
 * session secret, which every replica shares: the backend never learns
 * addresses from them, and nobody without the secret can name, and so
 * exhaust, another client's counter.
 */
import { createHmac } from "node:crypto";
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { env } from "~/config/env.server.ts";
import { apiContext } from "~/middleware/session.server.ts";
import { CAPTCHA_TTL_MS } from "~/utils/captcha.server.ts";
import type { ErrorPayload } from "~/utils/error-payload.ts";
import { requestInfoContext } from "~/utils/request-context.server.ts";

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

export interface CounterSpec {
  key: string;
  windowSeconds: number;
}

export interface Count {
  count: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/** Where the counters live. `add` counts one more on each before answering. */
export interface AttemptStore {
  count(counters: CounterSpec[], add: boolean): Promise<Count[]>;
}

/** Counters in this process only: for tests, and for a single instance without a backend. */
export class MemoryAttemptStore implements AttemptStore {
  private readonly counters = new Map<string, { count: number; endsAt: number }>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  async count(counters: CounterSpec[], add: boolean): Promise<Count[]> {
    const now = this.now();
    return counters.map(({ key, windowSeconds }) => {
      let counter = this.counters.get(key);
      if (!counter || counter.endsAt <= now) {
        if (!add) return { count: 0, retryAfter: 0 };
        counter = { count: 0, endsAt: now + windowSeconds * 1000 };
        this.counters.set(key, counter);
      }
      if (add) counter.count += 1;
      return {
        count: counter.count,
        retryAfter: Math.max(1, Math.ceil((counter.endsAt - now) / 1000)),
      };
    });
  }
}

/** The opaque key of a limit's counter for a subject (an address, an account). */
export function counterKey(limit: Limit, subject: string, secret: string): string {
  return createHmac("sha256", secret).update(`${limit.name}\n${subject}`).digest("hex");
}

export interface Exceeded {
  limit: Limit;
  retryAfter: number;
}

/** Limits applied to subjects, counted in one store. */
export class Limiter {
  private readonly store: AttemptStore;
  private readonly secret: string;

  constructor(store: AttemptStore, secret: string) {
    this.store = store;
    this.secret = secret;
  }

  private async counts(checks: [Limit, string][], add: boolean) {
    const counts = await this.store.count(
      checks.map(([limit, subject]) => ({
        key: counterKey(limit, subject, this.secret),
        windowSeconds: limit.windowSeconds,
      })),
      add,
    );
    return checks.map(([limit], index) => ({
      limit,
      ...(counts[index] ?? { count: 0, retryAfter: 0 }),
    }));
  }

  /**
   * Counts one attempt on each limit; answers the first limit the attempt
   * went beyond (the `max + 1`-th attempt of a window), or null.
   */
  async hit(checks: [Limit, string][]): Promise<Exceeded | null> {
    const counts = await this.counts(checks, true);
    const over = counts.find(({ limit, count }) => count > limit.max);
    return over ? { limit: over.limit, retryAfter: over.retryAfter } : null;
  }

  /** Without counting: the first limit already used up (`max` attempts in the window), or null. */
  async peek(checks: [Limit, string][]): Promise<Exceeded | null> {
    return (await this.inspect(checks, [])).exceeded;
  }

  /** How far beyond its limit a subject is already (0 when within it). */
  async excess(limit: Limit, subject: string): Promise<number> {
    return (await this.inspect([], [[limit, subject]])).excess;
  }

  /**
   * Both at once, in one call to the store: the first of `refusing` already
   * used up, and how far the most-tried of `slowing` is beyond its limit.
   */
  async inspect(
    refusing: [Limit, string][],
    slowing: [Limit, string][],
  ): Promise<{ exceeded: Exceeded | null; excess: number }> {
    const counts = await this.counts([...refusing, ...slowing], false);
    const over = counts.slice(0, refusing.length).find(({ limit, count }) => count >= limit.max);
    const excess = counts
      .slice(refusing.length)
      .reduce((most, { limit, count }) => Math.max(most, count - limit.max + 1), 0);
    return {
      exceeded: over ? { limit: over.limit, retryAfter: over.retryAfter } : null,
      excess,
    };
  }
}

type Context = Readonly<RouterContextProvider>;

/** The portal's limiter: counters in the backend, shared by every instance. */
export function limiterOf(context: Context): Limiter {
  const api = context.get(apiContext);
  const store: AttemptStore = {
    async count(counters, add) {
      let problem: string;
      try {
        const result = await api.attempt("attempts", { body: { add, counters } });
        if (result.ok) return result.data;
        problem = `code ${result.code}`;
      } catch (error) {
        problem = error instanceof Error ? error.message : "no answer";
      }
      // A backend that cannot count (yet, or right now) must not stop every
      // sign-in: the request goes on uncounted, and the log says so.
      console.error(`[rate-limit] the backend did not count attempts: ${problem}`);
      return counters.map(() => ({ count: 0, retryAfter: 0 }));
    },
  };
  return new Limiter(store, `attempts\n${env().sessionSecrets[0] ?? ""}`);
}

/**
 * The client's address: the socket's peer, or the proxy's `X-Forwarded-For`
 * only when TRUST_PROXY says a proxy sets it (express works it out), so a
 * forged header never opens a fresh counter.
 */
export function clientAddress(context: Context): string {
  return context.get(requestInfoContext).clientIp || "unknown";
}

/** The `Retry-After` of a request refused by a limit, for `retryAfterMiddleware`. */
const retryAfterContext = createContext<{ seconds: number | null }>({ seconds: null });

/**
 * Puts `Retry-After` on the rendered 429 page: the headers of an error an
 * action throws do not reach the document React Router renders for it.
 */
export const retryAfterMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const refusal = { seconds: null as number | null };
  context.set(retryAfterContext, refusal);
  const response = await next();
  if (response.status === 429 && refusal.seconds !== null) {
    response.headers.set("Retry-After", String(refusal.seconds));
  }
  return response;
};

/** Throws the translated 429 page, with `Retry-After`. */
export function refuseTooMany(context: Context, exceeded: Exceeded): never {
  context.get(retryAfterContext).seconds = exceeded.retryAfter;
  throw data<ErrorPayload>(
    { kind: "too-many", retryAfter: exceeded.retryAfter },
    { status: 429, headers: { "Retry-After": String(exceeded.retryAfter) } },
  );
}

/** Counts a post from the client's address on each limit; 429 beyond any of them. */
export async function limitPost(context: Context, ...limits: Limit[]): Promise<void> {
  const address = clientAddress(context);
  const exceeded = await limiterOf(context).hit(limits.map((limit) => [limit, address]));
  if (exceeded) refuseTooMany(context, exceeded);
}

/** A pause of `ms` (the slower answers of a much-tried account). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
