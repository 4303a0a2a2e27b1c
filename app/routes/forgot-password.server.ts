/**
 * The forgot-password flow (docs/product.md, Forgot password): 1 confirm the account (e-mail
 * and image code), 2 security check (e-mail code, 60 s resend), 3 new
 * password, 4 done. The code of step 2 is only checked by the backend with
 * the new password in step 3. The steps are those of the shared account-flow
 * machine; the system (`?system=`) decides the colour and, for seller and is,
 * the prefixed API calls.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { env } from "~/config/env.server.ts";
import { ApiCode } from "~/contract/index.ts";
import type { Locale } from "~/locales/index.ts";
import { type FlowArgs, type FlowSpec, flowPage, postToFlow } from "~/utils/account-flow.server.ts";
import { hrefWithQuery, localizePath } from "~/utils/locale-path.ts";
import { LIMITS } from "~/utils/rate-limit.server.ts";
import { apiContext } from "~/utils/request-context.server.ts";
import { PATHS } from "~/utils/site-map.ts";
import {
  apiPrefixOf,
  DEFAULT_SYSTEM,
  type ForgotSystem,
  forgotAccountSchema,
  forgotResetSchema,
  forgotVerifySchema,
  systemFromQuery,
} from "~/validation/account.ts";

/** The page of a system: `/forge_password`, or `/forge_password/?system=seller`. */
export function forgotPath(system: ForgotSystem, locale: Locale): string {
  return hrefWithQuery(
    localizePath(PATHS.forgotPassword, locale),
    system === DEFAULT_SYSTEM ? {} : { system },
  );
}

/** The recovery of the system the URL names; a flow started for another system does not count. */
function recoveryOf(url: URL): FlowSpec<"forgot"> & { system: ForgotSystem } {
  const system = systemFromQuery(url.searchParams.get("system"));
  return {
    name: "forgot",
    system,
    path: (locale) => forgotPath(system, locale),
    limit: LIMITS.resetPerAddress,
    captcha: "forgot",
    scene: "forgot",
    prefix: apiPrefixOf(system),
    account: "existing",
    owns: (flow) => flow.system === system,
  };
}

/** The page of the system; "done" is shown once: the flow ends with it. */
export function forgotLoader(args: FlowArgs) {
  const recovery = recoveryOf(args.url);
  return flowPage(recovery, args, {
    endAt: 4,
    // The demo says which accounts cannot be reset (the backend refuses them).
    extra: { system: recovery.system, demoMode: env().demoMode },
  });
}

export async function forgotAction(args: FlowArgs) {
  const { context } = args;
  const recovery = recoveryOf(args.url);
  const { system, prefix } = recovery;
  const { formData, intent, flow, toStep, confirmEmail, sendCode } = await postToFlow(
    recovery,
    args,
  );

  if (intent === "account") {
    // Step 1: the e-mail and image code; the account must exist.
    return confirmEmail(formData, {
      schema: forgotAccountSchema,
      next: ({ email }) => ({ system, step: 2, email }),
    });
  }
  if (!flow) return toStep();

  if (flow.step === 2) {
    const submission = parseWithZod(formData, { schema: forgotVerifySchema });
    if (submission.status !== "success") return data(submission.reply());
    const { value } = submission;
    if (value.intent === "previous") {
      return toStep({ flow: { ...flow, step: 1, emailCode: undefined } });
    }
    if (value.intent === "send") return sendCode(flow, submission);
    if (!flow.captchaId) {
      return data(submission.reply({ fieldErrors: { emailCode: ["account.errors.sendFirst"] } }));
    }
    return toStep({ flow: { ...flow, step: 3, emailCode: value.emailCode } });
  }

  if (flow.step === 3) {
    const submission = parseWithZod(formData, { schema: forgotResetSchema });
    if (submission.status !== "success") {
      return data(submission.reply({ hideFields: ["password", "checkPass"] }));
    }
    const { value } = submission;
    if (value.intent === "previous") return toStep({ flow: { ...flow, step: 2 } });
    const result = await context.get(apiContext).attempt("forgotPassword", {
      body: {
        password: value.password,
        checkPass: value.checkPass,
        captcha_id: flow.captchaId ?? "",
        captcha_code: flow.emailCode ?? "",
      },
      prefix,
      // Nobody is signed in: the audit line names the account being reset.
      actor: flow.email,
    });
    if (!result.ok) {
      // A wrong or spent code is only found out here: back to step 2 to enter it again.
      if (result.code === ApiCode.wrongEmailCode || result.code === ApiCode.tooManyAttempts) {
        return toStep({
          flow: { ...flow, step: 2, emailCode: undefined },
          notice: { kind: "error", message: result.message },
        });
      }
      return data(
        submission.reply({ formErrors: [result.message], hideFields: ["password", "checkPass"] }),
      );
    }
    return toStep({ flow: { system, step: 4, email: flow.email } });
  }

  return toStep();
}
