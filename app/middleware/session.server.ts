import { createContext, type MiddlewareFunction } from "react-router";
import { env } from "~/config/env.server.ts";
import { getInstance, getLocale } from "~/middleware/i18next.ts";
import { Api } from "~/utils/api.server.ts";
import { demoMailboxCookie, demoMailboxOf } from "~/utils/demo-mailbox.server.ts";
import { requestInfoContext } from "~/utils/request-context.server.ts";
import { type AppSession, getSession } from "~/utils/session.server.ts";

export const sessionContext = createContext<AppSession>();
export const apiContext = createContext<Api>();

/** Reads the session once per request and builds the API client bound to it. */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const session = await getSession(request);
  const locale = getLocale(context);
  const mailbox = env().demoMode ? demoMailboxOf(request) : undefined;
  context.set(sessionContext, session);
  context.set(
    apiContext,
    new Api({
      token: session.get("token"),
      locale,
      session,
      clientIp: context.get(requestInfoContext).clientIp,
      userAgent: request.headers.get("User-Agent"),
      genericMessage: getInstance(context).t("errors.network"),
      demoMailbox: mailbox?.id,
    }),
  );
  const response = await next();
  if (!mailbox?.fresh) return response;
  try {
    response.headers.append("Set-Cookie", demoMailboxCookie(mailbox.id));
    return response;
  } catch {
    // Headers of a passed-through answer may be immutable: answer a copy.
    const copy = new Response(response.body, response);
    copy.headers.append("Set-Cookie", demoMailboxCookie(mailbox.id));
    return copy;
  }
};
