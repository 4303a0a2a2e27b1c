import { createCookieSessionStorage, type Session } from "react-router";
import { env } from "~/config/env.server.ts";
import type { CaptchaTicket } from "~/utils/captcha.server.ts";
import type { CaptchaPurpose } from "~/utils/captcha-purpose.ts";

export type { CaptchaPurpose };

export interface SessionData {
  /** Backend bearer token: lives only here, never in page data. */
  token: string;
  /** Image verification codes in flight, one per form that shows one. */
  captcha: Partial<Record<CaptchaPurpose, CaptchaTicket>>;
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

/** A logged-in session ends after 30 minutes without a request… */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** …and 12 hours after login whatever happens. */
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
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

/** `__Host-` binds a Secure cookie to this host and path `/`: no subdomain can set or shadow it. */
export const SESSION_COOKIE = config.cookieSecure ? "__Host-session" : "__session";

export const sessionStorage = createCookieSessionStorage<SessionData, SessionFlashData>({
  cookie: {
    name: SESSION_COOKIE,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: config.sessionSecrets,
    secure: config.cookieSecure,
  },
});

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage.commitSession(session);
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage.destroySession(session);
}
