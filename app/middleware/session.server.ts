import { type MiddlewareFunction, redirect } from "react-router";
import { env } from "~/config/env.server.ts";
import { Api } from "~/utils/api.server.ts";
import { demoMailboxCookie, demoMailboxOf } from "~/utils/demo-mailbox.server.ts";
import { localizePath } from "~/utils/locale-path.ts";
import {
  apiContext,
  getLocale,
  getT,
  requestInfoContext,
  sessionContext,
} from "~/utils/request-context.server.ts";
import { rememberReturn } from "~/utils/return-path.ts";
import {
  commitSession,
  commitTouch,
  getSession,
  SESSION_COOKIE,
  sessionAge,
  startClocks,
} from "~/utils/session.server.ts";

/** Whether the answer already sets the session cookie (an action committed or destroyed it). */
function setsSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

/**
 * Reads the session once per request and builds the API client bound to it.
 * A logged-in session ends on the server after 30 minutes without a request
 * or 12 hours after login: the token is revoked at the backend and forgotten
 * here, and the user lands on `/` with the reason, like other session ends.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context, url },
  next,
) => {
  const session = await getSession(request);
  const locale = getLocale(context);
  const mailbox = env().demoMode ? demoMailboxOf(request) : undefined;
  const api = new Api({
    token: session.get("token"),
    locale,
    session,
    clientIp: context.get(requestInfoContext).clientIp,
    userAgent: request.headers.get("User-Agent"),
    // Translated when a refusal without a message of its own needs it: most
    // requests never do.
    get genericMessage() {
      return getT(context)("errors.network");
    },
    demoMailbox: mailbox?.id,
  });

  let touched = false;
  const now = Date.now();
  if (session.get("token")) {
    const age = sessionAge(
      { issuedAt: session.get("issuedAt"), lastSeen: session.get("lastSeen") },
      now,
    );
    if (age === "idle" || age === "absolute") {
      // The backend forgets the token too; whatever it answers, the session ends here.
      await api.attempt("logout").catch(() => undefined);
      session.unset("token");
      session.unset("issuedAt");
      session.unset("lastSeen");
      // After signing in again, the page the session ended on.
      rememberReturn(session, url);
      session.flash("notice", {
        kind: "error",
        message: getT(context)("errors.sessionTimedOut"),
      });
      throw redirect(localizePath("/", locale), {
        headers: { "Set-Cookie": await commitSession(session) },
      });
    }
    if (age === "start") startClocks(session, now);
    else if (age === "touch") session.set("lastSeen", now);
    touched = age !== "fresh";
  }

  context.set(sessionContext, session);
  context.set(apiContext, api);
  let response = await next();
  if (touched && !setsSessionCookie(response)) {
    try {
      response.headers.append("Set-Cookie", await commitTouch(session, now));
    } catch {
      // An answer with immutable headers (a proxied stream): the next request records the visit.
    }
  }
  if (mailbox?.fresh) {
    try {
      response.headers.append("Set-Cookie", demoMailboxCookie(mailbox.id));
    } catch {
      // Headers of a passed-through answer may be immutable: answer a copy.
      response = new Response(response.body, response);
      response.headers.append("Set-Cookie", demoMailboxCookie(mailbox.id));
    }
  }
  return response;
};
