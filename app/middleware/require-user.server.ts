import { type MiddlewareFunction, redirect } from "react-router";
import { type CurrentUser, type EndpointName, endpoints } from "~/contract/index.ts";
import type { Api } from "~/utils/api.server.ts";
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
 *
 * A request that only reads (a page, its `.data`) does not wait for that
 * answer to start its loaders (docs/decisions/2026-11-27-reads-beside-the-user.md):
 * the account is asked first and the loaders run meanwhile, but no answer of
 * the backend reaches a loader, and no call that may change data is sent,
 * before the user is known and allowed; a user who is not gets the very
 * refusal or redirect of before, thrown before any loader could finish, and
 * whatever the loaders read is dropped. Any other request (an action) is
 * checked first, as before: it never runs for an unknown or refused user.
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
  const path = stripLocale(url.pathname);
  // A page's refusal goes to the error boundary: the translated 403 page,
  // inside the menu and header the user may go on from.
  const allowed = async (): Promise<CurrentUser> => {
    const user = await api.call("accountInfo");
    if (!canOpen(user, path)) await refuseInShell(context, request, user, 403, api);
    return user;
  };
  if (!readsOnly(request)) {
    const user = await allowed();
    context.set(userContext, Promise.resolve(user));
    return next();
  }
  const verdict = allowed();
  const gate = Promise.withResolvers<CurrentUser>();
  // Loaders that never asked for the user leave the gate unobserved.
  gate.promise.catch(ignore);
  context.set(userContext, gate.promise);
  context.set(apiContext, afterUser(api, gate.promise));
  const answer = next();
  let user: CurrentUser;
  try {
    user = await verdict;
  } catch (refusal) {
    // The refusal is the answer, made by React Router before any loader
    // waiting at the gate could finish (none has: the gate is still shut),
    // so no loader's data is in it. The gate then shuts for good with a
    // redirect, which ends the abandoned loaders without drawing a page.
    setImmediate(() => gate.reject(redirect(localizePath("/", getLocale(context)))));
    void answer.then(discard, ignore);
    throw refusal;
  }
  gate.resolve(user);
  return answer;
};

/** A request that only reads: a document or its `.data`, never an action. */
function readsOnly(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
}

/** A call that only reads, sent before the user is known: the API client audits all the others. */
function plainRead(name: EndpointName): boolean {
  const endpoint = endpoints[name];
  return endpoint.method === "GET" || endpoint.readOnly === true;
}

/**
 * The API client of a page's loaders while the user is checked: a plain
 * read is sent at once and its answer (or failure) handed over once `allowed`
 * resolves; a call that may change data, or a download, is sent only then.
 * When the user is refused, `allowed` rejects and so does every call.
 */
function afterUser(api: Api, allowed: Promise<unknown>): Api {
  return api.behind({
    async call(name, send) {
      if (!plainRead(name)) {
        await allowed;
        return send();
      }
      const answer = send();
      answer.catch(ignore);
      await allowed;
      return answer;
    },
    async download(send) {
      await allowed;
      return send();
    },
  });
}

function ignore(): void {}

/** The body of an answer nobody will read. */
function discard(response: Response): void {
  response.body?.cancel().catch(ignore);
}
