import { type MiddlewareFunction, redirect } from "react-router";
import { localizePath, stripLocale } from "~/utils/locale-path.ts";
import { canOpen } from "~/utils/permissions.ts";
import {
  apiContext,
  getLocale,
  getT,
  sessionContext,
  userContext,
} from "~/utils/request-context.server.ts";
import { rememberReturn } from "~/utils/return-path.ts";
import { commitSession } from "~/utils/session.server.ts";
import { refuseInShell } from "~/utils/shell.server.ts";

/**
 * Pages of the home layout: the user must be logged in (else the path is
 * remembered and the login page shown) and allowed to open the page (else 403).
 * The user is read from the backend on every request, so a revoked token or a
 * changed role takes effect at once.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async (
  { context, request, url },
  next,
) => {
  const api = context.get(apiContext);
  const session = context.get(sessionContext);
  if (!api.hasToken) {
    rememberReturn(session, url);
    // Signed out in another tab, or never signed in: the login page says why it shows.
    session.flash("notice", {
      kind: "info",
      message: getT(context)("auth.signInToContinue"),
    });
    throw redirect(localizePath("/", getLocale(context)), {
      headers: { "Set-Cookie": await commitSession(session) },
    });
  }
  const user = await api.call("accountInfo");
  // A page's refusal goes to the error boundary: the translated 403 page,
  // inside the menu and header the user may go on from.
  if (!canOpen(user, stripLocale(url.pathname))) await refuseInShell(context, request, user, 403);
  context.set(userContext, user);
  return next();
};
