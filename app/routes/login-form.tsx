import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { ApiCode } from "~/contract/index.ts";
import { resendWait } from "~/utils/account-flow.server.ts";
import { audit } from "~/utils/audit.server.ts";
import { logIn } from "~/utils/auth.server.ts";
import { imageCodeForm } from "~/utils/captcha-session.server.ts";
import { cookieHeaders } from "~/utils/cookies.ts";
import { hrefWithQuery, localizePath, stripLocale } from "~/utils/locale-path.ts";
import { canOpen, homePathFor } from "~/utils/permissions.ts";
import {
  addressLimitSubject,
  clientAddress,
  LIMITS,
  type Limit,
  limiterOf,
  limitPost,
  MAX_LOGIN_DELAY_MS,
  pause,
  refuseTooMany,
} from "~/utils/rate-limit.server.ts";
import {
  apiContext,
  getLocale,
  getT,
  postedForm,
  requestInfoContext,
  sessionContext,
} from "~/utils/request-context.server.ts";
import { localRedirectTarget } from "~/utils/same-origin.server.ts";
import { commitSession, startClocks } from "~/utils/session.server.ts";
import { emailLoginSchema, loginCodeRequestSchema, loginSchema } from "~/validation/auth.ts";
import type { Route } from "./+types/login-form";

// `/login`: the forms of the login page (`/`) post here; on a refusal this
// route shows the same page.
export { default, loader } from "./login.tsx";

type Context = Readonly<RouterContextProvider>;

/**
 * Three posts: the sign-in with the image code, and for a person who cannot
 * read the image, "send me a code" (`intent=send`) and the sign-in with the
 * code mailed to the account (`method=email`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = postedForm(context);
  if (formData.get("intent") === "send") return sendLoginCode(context, formData);
  if (formData.get("method") === "email") return signInByEmail(request, context, formData);
  return signInByImage(request, context, formData);
}

async function signInByImage(request: Request, context: Context, formData: FormData) {
  const posted = await imageCodeForm(context, formData, {
    schema: loginSchema,
    purpose: "login",
    secretFields: ["password"],
  });
  if (posted.refusal) return posted.refusal;
  const guard = await loginGuard(request, context, posted.value.username);
  if (!posted.codeRight) {
    await guard.failed();
    // A failed login the backend never sees: the audit trail records it here.
    guard.refused("image-code", context.get(requestInfoContext).clientIp);
    return posted.refuseCode();
  }
  // The backend gets the fields as typed (the schema's trimming is for the checks above).
  const login = await logIn(context.get(apiContext), typedCredentials(formData));
  if (!login.ok) {
    await guard.failed();
    return posted.refuse({ formErrors: [refusalMessage(context, login)] });
  }
  return signedIn(context, login.token);
}

/**
 * "Send me a code": the account's address gets a sign-in code (counted with
 * the other e-mail codes of the client's address, and not twice a minute to
 * one address); the page then asks for it.
 */
async function sendLoginCode(context: Context, formData: FormData) {
  const t = getT(context);
  const submission = parseWithZod(formData, { schema: loginCodeRequestSchema });
  if (submission.status !== "success") return data(submission.reply());
  const email = submission.value.username.toLowerCase();
  const session = context.get(sessionContext);
  const previous = session.get("loginCode");
  const wait = previous?.email === email ? resendWait(previous.sentAt) : 0;
  if (wait > 0) {
    return data(
      submission.reply({ formErrors: [t("auth.byEmailResendTooSoon", { seconds: wait })] }),
    );
  }
  await limitPost(context, LIMITS.codePerAddress);
  const sent = await context
    .get(apiContext)
    .attempt("sendEmailCode", { query: { email, scene: "login" } });
  if (!sent.ok) return data(submission.reply({ formErrors: [sent.message] }));
  session.set("loginCode", { id: sent.data.captcha_id, email, sentAt: Date.now() });
  // The next step says where the code went: no notice repeats it.
  throw redirect(emailStepPath(context), {
    headers: cookieHeaders(await commitSession(session)),
  });
}

/** The sign-in page's e-mail-code step, in the page's language. */
function emailStepPath(context: Context, query: Record<string, string> = {}): string {
  return hrefWithQuery(localizePath("/", getLocale(context)), { code: "email", ...query });
}

/** The sign-in with the code mailed to the account: the same limits as with the image code. */
async function signInByEmail(request: Request, context: Context, formData: FormData) {
  const submission = parseWithZod(formData, { schema: emailLoginSchema });
  const hideFields = ["password", "emailCode"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }));
  const guard = await loginGuard(request, context, submission.value.username);
  const session = context.get(sessionContext);
  const sent = session.get("loginCode");
  if (!sent || sent.email !== submission.value.username.toLowerCase()) {
    await guard.failed();
    return data(
      submission.reply({ fieldErrors: { emailCode: ["auth.byEmailCodeFirst"] }, hideFields }),
    );
  }
  const login = await logIn(context.get(apiContext), {
    ...typedCredentials(formData),
    captcha_id: sent.id,
    captcha_code: submission.value.emailCode,
  });
  if (!login.ok) {
    await guard.failed();
    const codeRefused =
      login.code === ApiCode.wrongEmailCode || login.code === ApiCode.tooManyAttempts;
    return data(
      submission.reply({
        ...(codeRefused
          ? { fieldErrors: { emailCode: [login.message] } }
          : { formErrors: [refusalMessage(context, login)] }),
        hideFields,
      }),
    );
  }
  session.unset("loginCode");
  return signedIn(context, login.token);
}

function typedCredentials(formData: FormData) {
  return {
    username: String(formData.get("username") ?? ""),
    password: String(formData.get("password") ?? ""),
  };
}

function refusalMessage(context: Context, login: { code: number; message: string }): string {
  return login.code === ApiCode.wrongCredentials
    ? getT(context)("auth.wrongCredentials")
    : login.message;
}

/**
 * Abuse limits of a sign-in, whichever its second factor: an address that
 * failed too often waits (429); a much-tried account is answered more
 * slowly, from everywhere, but never locked. `failed` counts a failure.
 */
async function loginGuard(request: Request, context: Context, username: string) {
  const limiter = limiterOf(context);
  const address = clientAddress(context);
  const subject = addressLimitSubject(context);
  const account = username.trim().toLowerCase();
  const perAddress: [Limit, string][] = [
    [LIMITS.loginPerAddress, subject],
    [LIMITS.loginPerAccountAddress, `${account}\n${subject}`],
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
  return { failed: () => limiter.hit([...perAddress, perAccount]), refused };
}

/** Signed in: the user lands on the remembered page if they may open it, else on their home. */
async function signedIn(context: Context, token: string): Promise<never> {
  const session = context.get(sessionContext);
  const locale = getLocale(context);
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
