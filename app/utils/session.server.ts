import { createCookieSessionStorage, type Session } from "react-router";
import { env } from "~/config/env.server.ts";
import type { CaptchaTicket } from "~/utils/captcha.server.ts";

export interface SessionData {
  /** Backend bearer token: lives only here, never in page data. */
  token: string;
  /** Image verification codes in flight, one per form that shows one. */
  captcha: Partial<Record<CaptchaPurpose, CaptchaTicket>>;
  /** Path to return to after login. */
  redirectTo: string;
}

export interface SessionFlashData {
  /** A message shown once on the next page (e.g. why the session ended). */
  notice: { kind: "success" | "error" | "info"; message: string };
}

export type CaptchaPurpose = "login" | "register" | "forgot";
export type AppSession = Session<SessionData, SessionFlashData>;

const config = env();

export const sessionStorage = createCookieSessionStorage<SessionData, SessionFlashData>({
  cookie: {
    name: "__session",
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
