/**
 * The registration flow (SPEC.md section 2, "Registration screen"): step 1
 * account details, step 2 e-mail activation, step 3 done. The step lives in
 * the account-flow cookie, so every page of the flow reads it here.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { ApiCode } from "~/contract/index.ts";
import { getInstance, getLocale } from "~/middleware/i18next.ts";
import { apiContext, sessionContext } from "~/middleware/session.server.ts";
import {
  cookieHeaders,
  type Flows,
  readFlows,
  resendWait,
  saveFlows,
} from "~/utils/account-flow.server.ts";
import { spendCaptcha, withNewCaptcha } from "~/utils/captcha-session.server.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { LIMITS, limitPost } from "~/utils/rate-limit.server.ts";
import { commitSession } from "~/utils/session.server.ts";
import {
  activationSchema,
  REGISTRATION_PATH,
  registerAccountSchema,
} from "~/validation/account.ts";

type Context = Readonly<RouterContextProvider>;

/** What the pages of the flow show: the step and what it needs. */
export async function registrationState(request: Request) {
  const flow = (await readFlows(request)).register;
  return {
    step: flow?.step ?? 1,
    started: Boolean(flow),
    email: flow?.email ?? "",
    resendIn: resendWait(flow?.sentAt),
    sentBefore: Boolean(flow?.captchaId),
    /** Changes with every code sent: the code form starts afresh, its old errors gone. */
    sentAt: flow?.sentAt ?? 0,
  };
}

/** The one-time notice of the previous post (e.g. "sent successfully"), read once. */
export async function takeNotice(context: Context) {
  const session = context.get(sessionContext);
  const notice = session.get("notice") ?? null;
  return { notice, cookie: notice ? await commitSession(session) : undefined };
}

/** Back to the registration page (post / redirect / get), storing the flow and a notice. */
async function toPage(context: Context, flows: Flows, notice?: string, sessionCookie?: string) {
  const session = context.get(sessionContext);
  if (notice) session.flash("notice", { kind: "success", message: notice });
  const headers = cookieHeaders(
    notice ? await commitSession(session) : sessionCookie,
    await saveFlows(flows),
  );
  return redirect(localizePath(REGISTRATION_PATH, getLocale(context)), { headers });
}

export async function registrationAction(request: Request, context: Context) {
  // Every post of the flow counts against the client's address (429 beyond).
  await limitPost(context, LIMITS.registerPerAddress);
  const formData = await request.formData();
  const flows = await readFlows(request);
  const intent = formData.get("intent");

  if (intent === "account") return stepOne(formData, flows, context);

  const flow = flows.register;
  if (intent === "restart") return toPage(context, { ...flows, register: undefined });
  // Anything else belongs to step 2; a stale form (expired flow, other tab) just shows the current step.
  if (flow?.step !== 2) return toPage(context, flows);

  const t = getInstance(context).t;
  const api = context.get(apiContext);
  const submission = parseWithZod(formData, { schema: activationSchema });
  if (submission.status !== "success") return data(submission.reply());

  switch (submission.value.intent) {
    case "back":
      return toPage(context, { ...flows, register: { step: 1, email: flow.email, password: "" } });

    case "send": {
      const wait = resendWait(flow.sentAt);
      if (wait > 0) {
        return data(
          submission.reply({ formErrors: [t("account.errors.resendTooSoon", { seconds: wait })] }),
        );
      }
      await limitPost(context, LIMITS.codePerAddress);
      const sent = await api.attempt("sendEmailCode", {
        query: { email: flow.email, scene: "register" },
      });
      if (!sent.ok) return data(submission.reply({ formErrors: [sent.message] }));
      return toPage(
        context,
        {
          ...flows,
          register: { ...flow, captchaId: sent.data.captcha_id, sentAt: Date.now() },
        },
        t("account.messages.sent"),
      );
    }

    case "activate": {
      if (!flow.captchaId) {
        return data(
          submission.reply({ fieldErrors: { activationCode: ["account.errors.sendFirst"] } }),
        );
      }
      const result = await api.attempt("register", {
        body: {
          email: flow.email,
          username: flow.email,
          password: flow.password,
          checkPass: flow.password,
          captcha_id: flow.captchaId,
          captcha_code: submission.value.activationCode,
        },
      });
      if (!result.ok) {
        const onCode =
          result.code === ApiCode.wrongEmailCode || result.code === ApiCode.tooManyAttempts;
        return data(
          submission.reply(
            onCode
              ? { fieldErrors: { activationCode: [result.message] } }
              : { formErrors: [result.message] },
          ),
        );
      }
      // The password is not needed any more: it leaves the cookie here.
      return toPage(
        context,
        { ...flows, register: { step: 3, email: flow.email, password: "" } },
        t("account.messages.activated"),
      );
    }
  }
}

/** Step 1: validate, check the image code (single use), check that the e-mail is free. */
async function stepOne(formData: FormData, flows: Flows, context: Context) {
  const session = context.get(sessionContext);
  const submission = parseWithZod(formData, { schema: registerAccountSchema });

  // The code is single use: whatever happens next, this one is spent.
  const verdict = await spendCaptcha(
    context,
    "register",
    submission.status === "success" ? submission.value.code : undefined,
  );
  const sessionCookie = await commitSession(session);
  const headers = cookieHeaders(sessionCookie);
  const hideFields = ["password", "checkPass", "code"];

  if (submission.status !== "success") {
    return data(withNewCaptcha(submission.reply({ hideFields })), { headers });
  }
  if (verdict !== "ok") {
    return data(
      withNewCaptcha(submission.reply({ fieldErrors: { code: ["auth.codeWrong"] }, hideFields })),
      {
        headers,
      },
    );
  }

  const { email, password } = submission.value;
  const free = await context
    .get(apiContext)
    .attempt("checkAccount", { query: { username: email } });
  if (!free.ok)
    return data(withNewCaptcha(submission.reply({ formErrors: [free.message], hideFields })), {
      headers,
    });
  if (!free.data) {
    return data(
      withNewCaptcha(
        submission.reply({ fieldErrors: { email: ["account.errors.emailTaken"] }, hideFields }),
      ),
      { headers },
    );
  }
  const previous = flows.register;
  return toPage(
    context,
    {
      ...flows,
      // A code already sent to the same address keeps counting down.
      register: {
        step: 2,
        email,
        password,
        ...(previous?.email === email
          ? { captchaId: previous.captchaId, sentAt: previous.sentAt }
          : {}),
      },
    },
    undefined,
    sessionCookie,
  );
}
