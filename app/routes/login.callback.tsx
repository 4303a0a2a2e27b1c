import { redirect } from "react-router";
import { ApiCode } from "~/contract/index.ts";
import { getInstance, getLocale } from "~/middleware/i18next.ts";
import { apiContext, sessionContext } from "~/middleware/session.server.ts";
import { audit } from "~/utils/audit.server.ts";
import { logIn } from "~/utils/auth.server.ts";
import { imageCodeForm } from "~/utils/captcha-session.server.ts";
import { localizePath, stripLocale } from "~/utils/locale-path.ts";
import { canOpen, homePathFor } from "~/utils/permissions.ts";
import {
  clientAddress,
  LIMITS,
  type Limit,
  limiterOf,
  MAX_LOGIN_DELAY_MS,
  pause,
  refuseTooMany,
} from "~/utils/rate-limit.server.ts";
import { requestInfoContext } from "~/utils/request-context.server.ts";
import { localRedirectTarget } from "~/utils/same-origin.server.ts";
import { commitSession, startClocks } from "~/utils/session.server.ts";
import { loginSchema } from "~/validation/auth.ts";
import type { Route } from "./+types/login.callback";

// The form of `/` posts here; on a refusal this route shows the same page.
export { default, loader } from "./login.tsx";

export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(sessionContext);
  const locale = getLocale(context);
  const formData = await request.formData();
  const posted = await imageCodeForm(context, formData, {
    schema: loginSchema,
    purpose: "login",
    secretFields: ["password"],
  });
  if (posted.refusal) return posted.refusal;
  const { username } = posted.value;

  // Abuse limits: an address that failed too often waits (429); a much-tried
  // account is answered more slowly, from everywhere, but never locked.
  const limiter = limiterOf(context);
  const address = clientAddress(context);
  const account = username.trim().toLowerCase();
  const perAddress: [Limit, string][] = [
    [LIMITS.loginPerAddress, address],
    [LIMITS.loginPerAccountAddress, `${account}\n${address}`],
  ];
  const perAccount: [Limit, string] = [LIMITS.loginPerAccount, account];
  const { exceeded, excess } = await limiter.inspect(perAddress, [perAccount]);
  const refused = (reason: string, ip = address) =>
    audit({
      event: "login",
      action: "login",
      user: username,
      ip,
      device: request.headers.get("User-Agent"),
      result: "refused",
      reason,
    });
  if (exceeded) {
    refused("too-many-attempts");
    refuseTooMany(context, exceeded);
  }
  // Before the answer is known, so that a quick answer does not give a success away.
  if (excess > 0) await pause(Math.min(MAX_LOGIN_DELAY_MS, excess * 1000));
  const failed = () => limiter.hit([...perAddress, perAccount]);

  if (!posted.codeRight) {
    await failed();
    // A failed login the backend never sees: the audit trail records it here.
    refused("image-code", context.get(requestInfoContext).clientIp);
    return posted.refuseCode();
  }

  // The backend gets the fields as typed (the schema's trimming is for the checks above).
  const login = await logIn(context.get(apiContext), {
    username: String(formData.get("username") ?? ""),
    password: String(formData.get("password") ?? ""),
  });
  if (!login.ok) {
    await failed();
    const message =
      login.code === ApiCode.wrongCredentials
        ? getInstance(context).t("auth.wrongCredentials")
        : login.message;
    return posted.refuse({ formErrors: [message] });
  }
  const { token } = login;

  // The user lands on the remembered page if they may open it, else on their home.
  const api = context.get(apiContext).withToken(token);
  const user = await api.call("accountInfo");
  const remembered = session.get("redirectTo");
  session.unset("redirectTo");
  session.set("token", token);
  // The session's clocks start now: the cookie of this answer is already current,
  // so the next pages need not sign a new one.
  startClocks(session, Date.now());
  const target =
    remembered && canOpen(user, stripLocale(new URL(remembered, "http://x").pathname))
      ? localizePath(remembered, locale)
      : localizePath(homePathFor(user), locale);
  throw redirect(localRedirectTarget(target), {
    headers: { "Set-Cookie": await commitSession(session) },
  });
}
