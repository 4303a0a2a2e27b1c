import { type Cookie, createCookie, createCookieSessionStorage, type Session } from "react-router";
import { env } from "~/config/env.server.ts";
import { SESSION_IDLE_MS, SESSION_MAX_MS } from "~/config/session-lifetime.ts";
import type { CaptchaTicket } from "~/utils/captcha.server.ts";
import type { CaptchaPurpose } from "~/utils/captcha-purpose.ts";

export type { CaptchaPurpose };

export interface SessionData {
  /** Backend bearer token: lives only here, never in page data. */
  token: string;
  /** Image verification codes in flight, one per form that shows one. */
  captcha: Partial<Record<CaptchaPurpose, CaptchaTicket>>;
  /** The sign-in code last mailed to an account instead of the image code: its id, address and time (ms). */
  loginCode: { id: string; email: string; sentAt: number };
  /** Path to return to after login. */
  redirectTo: string;
  /** When the logged-in session began (ms since epoch), for the absolute timeout. */
  issuedAt: number;
  /** When the logged-in user was last seen (ms since epoch), for the idle timeout. */
  lastSeen: number;
}

export interface SessionFlashData {
  /** A message shown once on the next page (e.g. why the session ended). */
  notice: { kind: "success" | "error" | "info"; message: string };
}

export type AppSession = Session<SessionData, SessionFlashData>;

const config = env();

/**
 * A logged-in session ends after 30 minutes without a request, and 12 hours
 * after login whatever happens; the fake backend's tokens end with it.
 */
export { SESSION_IDLE_MS, SESSION_MAX_MS };
/** `lastSeen` is rewritten at most once a minute, not on every request. */
export const SESSION_TOUCH_MS = 60 * 1000;

/**
 * What to do with a logged-in session at `now`: `start` its clocks (first
 * request after login), end it (`idle` or `absolute` timeout), `touch` it
 * (record the user as seen), or leave it (`fresh`).
 */
export function sessionAge(
  times: { issuedAt?: number; lastSeen?: number },
  now: number,
): "start" | "fresh" | "touch" | "idle" | "absolute" {
  const { issuedAt, lastSeen } = times;
  if (typeof issuedAt !== "number" || typeof lastSeen !== "number") return "start";
  if (now - issuedAt >= SESSION_MAX_MS) return "absolute";
  if (now - lastSeen >= SESSION_IDLE_MS) return "idle";
  return now - lastSeen >= SESSION_TOUCH_MS ? "touch" : "fresh";
}

/** Starts a logged-in session's clocks: both timeouts count from `now`. */
export function startClocks(session: AppSession, now: number): void {
  session.set("issuedAt", now);
  session.set("lastSeen", now);
}

/** `__Host-` binds a Secure cookie to this host and path `/`: no subdomain can set or shadow it. */
export const SESSION_COOKIE = config.cookieSecure ? "__Host-session" : "__session";

const signedCookie = createCookie(SESSION_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: config.sessionSecrets,
  secure: config.cookieSecure,
});

/**
 * The session cookie, with its verified values remembered: checking the
 * signature is an HMAC through WebCrypto on every request (about a twentieth
 * of a page's server time), while a browser sends the same cookie again and
 * again. A Cookie header seen before yields a copy of the value it verified
 * to; the secrets never change while the server runs. The value is JSON
 * data (a cookie's value is JSON), kept as it was parsed and copied by
 * `copyJson`, a fifth of a parse of its text (`structuredClone` was 0.6 %
 * of the order page's CPU; docs/performance.md).
 */
const VERIFIED_LIMIT = 1_000;
const verified = new Map<string, unknown>();

/**
 * A copy of JSON data (objects, arrays, strings, numbers, booleans, null), as
 * `JSON.parse(JSON.stringify(value))` makes it; a key `__proto__` is copied
 * as an own property, as `JSON.parse` makes it.
 */
export function copyJson(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyJson((value as Record<string, unknown>)[key]);
    if (key === "__proto__") {
      Object.defineProperty(copy, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else copy[key] = item;
  }
  return copy;
}
const sessionCookie: Cookie = {
  name: signedCookie.name,
  isSigned: signedCookie.isSigned,
  get expires() {
    return signedCookie.expires;
  },
  serialize: (value, options) => signedCookie.serialize(value, options),
  async parse(header, options) {
    if (!header) return signedCookie.parse(header, options);
    const known = verified.get(header);
    if (known) return copyJson(known);
    const value: unknown = await signedCookie.parse(header, options);
    if (value && typeof value === "object") {
      if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value ?? "");
      verified.set(header, copyJson(value));
    }
    return value;
  },
};

export const sessionStorage = createCookieSessionStorage<SessionData, SessionFlashData>({
  cookie: sessionCookie,
});

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage.commitSession(session);
}

/**
 * The cookie of a session touched within the last minute, answered again
 * when the same session (all but `lastSeen`) is touched again: a client that
 * sends its old cookie once more (requests already on their way, a client
 * that keeps no cookies) is told the same `lastSeen`, which is rewritten at
 * most once a minute (`SESSION_TOUCH_MS`) whatever the client sends; signing
 * a cookie is an HMAC through WebCrypto.
 */
const TOUCHED_LIMIT = 1_000;
const touched = new Map<string, { lastSeen: number; cookie: string }>();

/** The Set-Cookie of a session whose user was seen at `now` (a touch, or its clocks' start). */
export async function commitTouch(session: AppSession, now: number): Promise<string> {
  const { lastSeen: _seen, ...rest } = session.data as Record<string, unknown>;
  const key = JSON.stringify(rest);
  const known = touched.get(key);
  if (known && now >= known.lastSeen && now - known.lastSeen < SESSION_TOUCH_MS) {
    session.set("lastSeen", known.lastSeen);
    return known.cookie;
  }
  session.set("lastSeen", now);
  const cookie = await commitSession(session);
  if (touched.size >= TOUCHED_LIMIT) touched.delete(touched.keys().next().value ?? "");
  touched.set(key, { lastSeen: now, cookie });
  return cookie;
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage.destroySession(session);
}
