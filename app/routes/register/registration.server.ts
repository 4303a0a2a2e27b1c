/**
 * The registration flow (docs/product.md, Registration): step 1
 * account details, step 2 e-mail activation, step 3 done. The steps are
 * those of the shared account-flow machine; this module says what is
 * particular to registration.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { env } from "~/config/env.server.ts";
import { ApiCode } from "~/contract/index.ts";
import {
  type FlowArgs,
  type FlowSpec,
  flowPage,
  openFlow,
  postToFlow,
} from "~/utils/account-flow.server.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { LIMITS } from "~/utils/rate-limit.server.ts";
import { apiContext, getT } from "~/utils/request-context.server.ts";
import { PATHS } from "~/utils/site-map.ts";
import { activationSchema, registerAccountSchema } from "~/validation/account.ts";

const registration: FlowSpec<"register"> = {
  name: "register",
  path: (locale) => localizePath(PATHS.registration, locale),
  limit: LIMITS.registerPerAddress,
  captcha: "register",
  scene: "register",
  account: "new",
};

/** The registration page: the step, its notice and a new image code. */
export function registrationLoader(args: Pick<FlowArgs, "request" | "context">) {
  return flowPage(registration, args, { extra: { demoMode: env().demoMode } });
}

/** Where the visitor stands, for the step page of the same flow. */
export async function registrationStep(args: Pick<FlowArgs, "request" | "context">) {
  const { step, started } = (await openFlow(registration, args)).pageState();
  return { step, started };
}

export async function registrationAction(args: Pick<FlowArgs, "request" | "context">) {
  const { context } = args;
  const { formData, intent, flow, toStep, confirmEmail, sendCode } = await postToFlow(
    registration,
    args,
  );

  if (intent === "account") {
    // Step 1: e-mail, password and image code; the e-mail must be free.
    return confirmEmail(formData, {
      schema: registerAccountSchema,
      secretFields: ["password", "checkPass"],
      next: ({ email, password }) => ({ step: 2, email, password }),
    });
  }
  if (intent === "restart") return toStep({ flow: null });
  // Anything else belongs to step 2; a stale form (expired flow, other tab) just shows the current step.
  if (flow?.step !== 2) return toStep();

  const submission = parseWithZod(formData, { schema: activationSchema });
  if (submission.status !== "success") return data(submission.reply());

  switch (submission.value.intent) {
    case "back":
      return toStep({ flow: { step: 1, email: flow.email, password: "" } });

    case "send":
      return sendCode(flow, submission);

    case "activate": {
      if (!flow.captchaId) {
        return data(
          submission.reply({ fieldErrors: { activationCode: ["account.errors.sendFirst"] } }),
        );
      }
      const result = await context.get(apiContext).attempt("register", {
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
      return toStep({
        flow: { step: 3, email: flow.email, password: "" },
        notice: { kind: "success", message: getT(context)("account.messages.activated") },
      });
    }
  }
}
