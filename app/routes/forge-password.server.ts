/**
 * The forgot-password flow (SPEC.md section 2): 1 confirm the account (e-mail
 * and image code), 2 security check (e-mail code, 60 s resend), 3 new
 * password, 4 done. The code of step 2 is only checked by the backend with
 * the new password in step 3. The step lives in the account-flow cookie; the
 * system (`?system=`) decides the colour and, for seller and is, the prefixed
 * API calls.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { ApiCode } from "~/contract/index.ts";
import type { Locale } from "~/locales/index.ts";
import { getInstance, getLocale } from "~/middleware/i18next.ts";
import { apiContext, sessionContext } from "~/middleware/session.server.ts";
import {
  cookieHeaders,
  type Flows,
  type ForgotFlow,
  readFlows,
  resendWait,
  saveFlows,
} from "~/utils/account-flow.server.ts";
import { newCaptchaNonce, spendCaptcha, withNewCaptcha } from "~/utils/captcha-session.server.ts";
import { hrefWithQuery, localizePath } from "~/utils/locale-path.ts";
import { LIMITS, limitPost } from "~/utils/rate-limit.server.ts";
import { commitSession } from "~/utils/session.server.ts";
import {
  apiPrefixOf,
  DEFAULT_SYSTEM,
  type ForgotSystem,
  forgotAccountSchema,
  forgotResetSchema,
  forgotVerifySchema,
  systemFromQuery,
} from "~/validation/account.ts";

type Context = Readonly<RouterContextProvider>;

/** The page of a system: `/forge_password`, or `/forge_password/?system=seller`. */
export function forgotPath(system: ForgotSystem, locale: Locale): string {
  return hrefWithQuery(
    localizePath("/forge_password", locale),
    system === DEFAULT_SYSTEM ? {} : { system },
  );
}

/** The flow of this system; a flow started for another system does not count. */
function flowOf(flows: Flows, system: ForgotSystem): ForgotFlow | undefined {
  return flows.forgot?.system === system ? flows.forgot : undefined;
}

export async function forgotLoader(request: Request, url: URL, context: Context) {
  const system = systemFromQuery(url.searchParams.get("system"));
  const flows = await readFlows(request);
  const flow = flowOf(flows, system);
  const session = context.get(sessionContext);
  const notice = session.get("notice") ?? null;
  const step = flow?.step ?? 1;
  // "Done" is shown once: the flow ends with it.
  const headers = cookieHeaders(
    notice ? await commitSession(session) : undefined,
    step === 4 ? await saveFlows({ ...flows, forgot: undefined }) : undefined,
  );
  return data(
    {
      system,
      step,
      email: flow?.email ?? "",
      resendIn: resendWait(flow?.sentAt),
      sentBefore: Boolean(flow?.captchaId),
      /** Changes with every code sent: the code form starts afresh, its old errors gone. */
      sentAt: flow?.sentAt ?? 0,
      notice,
      captchaNonce: newCaptchaNonce(),
    },
    { headers },
  );
}

/** Back to the page of the system (post / redirect / get), storing the flow and a notice. */
async function toPage(
  context: Context,
  system: ForgotSystem,
  flows: Flows,
  notice?: { kind: "success" | "error"; message: string },
  sessionCookie?: string,
) {
  const session = context.get(sessionContext);
  if (notice) session.flash("notice", notice);
  const headers = cookieHeaders(
    notice ? await commitSession(session) : sessionCookie,
    await saveFlows(flows),
  );
  return redirect(forgotPath(system, getLocale(context)), { headers });
}

export async function forgotAction(request: Request, url: URL, context: Context) {
  const system = systemFromQuery(url.searchParams.get("system"));
  const prefix = apiPrefixOf(system);
  // Every post of the flow counts against the client's address (429 beyond).
  await limitPost(context, LIMITS.resetPerAddress);
  const formData = await request.formData();
  const flows = await readFlows(request);
  const flow = flowOf(flows, system);
  const intent = formData.get("intent");
  const t = getInstance(context).t;
  const api = context.get(apiContext);

  if (intent === "account") return confirmAccount(formData, flows, system, context);
  if (!flow) return toPage(context, system, flows);
  const save = (next: ForgotFlow, notice?: { kind: "success" | "error"; message: string }) =>
    toPage(context, system, { ...flows, forgot: next }, notice);

  if (flow.step === 2) {
    const submission = parseWithZod(formData, { schema: forgotVerifySchema });
    if (submission.status !== "success") return data(submission.reply());
    const { value } = submission;
    if (value.intent === "previous") return save({ ...flow, step: 1, emailCode: undefined });
    if (value.intent === "send") {
      const wait = resendWait(flow.sentAt);
      if (wait > 0) {
        return data(
          submission.reply({ formErrors: [t("account.errors.resendTooSoon", { seconds: wait })] }),
        );
      }
      await limitPost(context, LIMITS.codePerAddress);
      const sent = await api.attempt("sendEmailCode", {
        query: { email: flow.email, scene: "forgot" },
        prefix,
      });
      if (!sent.ok) return data(submission.reply({ formErrors: [sent.message] }));
      return save(
        { ...flow, captchaId: sent.data.captcha_id, sentAt: Date.now() },
        { kind: "success", message: t("account.messages.sent") },
      );
    }
    if (!flow.captchaId) {
      return data(submission.reply({ fieldErrors: { emailCode: ["account.errors.sendFirst"] } }));
    }
    return save({ ...flow, step: 3, emailCode: value.emailCode });
  }

  if (flow.step === 3) {
    const submission = parseWithZod(formData, { schema: forgotResetSchema });
    if (submission.status !== "success") {
      return data(submission.reply({ hideFields: ["password", "checkPass"] }));
    }
    const { value } = submission;
    if (value.intent === "previous") return save({ ...flow, step: 2 });
    const result = await api.attempt("forgotPassword", {
      body: {
        password: value.password,
        checkPass: value.checkPass,
        captcha_id: flow.captchaId ?? "",
        captcha_code: flow.emailCode ?? "",
      },
      prefix,
    });
    if (!result.ok) {
      // A wrong or spent code is only found out here: back to step 2 to enter it again.
      if (result.code === ApiCode.wrongEmailCode || result.code === ApiCode.tooManyAttempts) {
        return save(
          { ...flow, step: 2, emailCode: undefined },
          { kind: "error", message: result.message },
        );
      }
      return data(
        submission.reply({ formErrors: [result.message], hideFields: ["password", "checkPass"] }),
      );
    }
    return save({ system, step: 4, email: flow.email });
  }

  return toPage(context, system, flows);
}

/** Step 1: image code (single use), then the account must exist. */
async function confirmAccount(
  formData: FormData,
  flows: Flows,
  system: ForgotSystem,
  context: Context,
) {
  const session = context.get(sessionContext);
  const submission = parseWithZod(formData, { schema: forgotAccountSchema });
  // The code is single use: whatever happens next, this one is spent.
  const verdict = await spendCaptcha(
    context,
    "forgot",
    submission.status === "success" ? submission.value.code : undefined,
  );
  const sessionCookie = await commitSession(session);
  const headers = cookieHeaders(sessionCookie);

  if (submission.status !== "success") {
    return data(withNewCaptcha(submission.reply({ hideFields: ["code"] })), { headers });
  }
  if (verdict !== "ok") {
    return data(
      withNewCaptcha(
        submission.reply({ fieldErrors: { code: ["auth.codeWrong"] }, hideFields: ["code"] }),
      ),
      {
        headers,
      },
    );
  }
  const { email } = submission.value;
  const free = await context
    .get(apiContext)
    .attempt("checkAccount", { query: { username: email }, prefix: apiPrefixOf(system) });
  if (!free.ok) {
    return data(
      withNewCaptcha(submission.reply({ formErrors: [free.message], hideFields: ["code"] })),
      {
        headers,
      },
    );
  }
  if (free.data) {
    return data(
      withNewCaptcha(
        submission.reply({
          fieldErrors: { email: ["account.errors.accountNotFound"] },
          hideFields: ["code"],
        }),
      ),
      { headers },
    );
  }
  const previous = flowOf(flows, system);
  return toPage(
    context,
    system,
    {
      ...flows,
      forgot: {
        system,
        step: 2,
        email,
        // A code already sent to the same address keeps counting down.
        ...(previous?.email === email
          ? { captchaId: previous.captchaId, sentAt: previous.sentAt }
          : {}),
      },
    },
    undefined,
    sessionCookie,
  );
}
