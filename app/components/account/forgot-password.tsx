import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { Form, Link, useNavigate } from "react-router";
import { EmailCodeField, EmailCodeSendForm } from "~/components/account/email-code-field.tsx";
import { NewPasswordFields } from "~/components/account/new-password-fields.tsx";
import { CaptchaField } from "~/components/captcha.tsx";
import { FormErrors, InputField, useZodForm } from "~/components/form.tsx";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import {
  type ForgotSystem,
  forgotAccountSchema,
  forgotResetSchema,
  forgotVerifySchema,
} from "~/validation/account.ts";

type LastResult = SubmissionResult<string[]> | undefined;

/** Each system keeps its own colour on the shared forgot-password screen. */
export const SYSTEM_COLORS: Record<ForgotSystem, string> = {
  // Each passes 4.5:1 with white text and as text on white.
  cba: "#4d7c0f",
  seller: "#c2410c",
  is: "#2563eb",
  admin: "#475569",
  clearance: "#0f766e",
  corecloud: "#7c3aed",
  supplier: "#be123c",
};

const accentButton =
  "btn bg-(--accent) text-white hover:brightness-110 focus-visible:outline-(--accent)";

/** Step 1: the account's e-mail and the image code. */
export function ForgotAccountStep({
  lastResult,
  defaultEmail,
  captchaNonce,
}: {
  lastResult: LastResult;
  defaultEmail: string;
  captchaNonce: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(forgotAccountSchema, {
    id: "forgot-account",
    lastResult,
    defaultValue: { email: defaultEmail },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1">
      <input type="hidden" name="intent" value="account" />
      <p className="mb-4 text-sm text-gray-600">{t("account.forgot.accountIntro")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField
        label={t("account.fields.email")}
        field={fields.email}
        type="email"
        autoComplete="username"
        placeholder={t("account.fields.emailPlaceholder")}
      />
      <CaptchaField field={fields.code} purpose="forgot" nonce={captchaNonce} />
      <button type="submit" className={`${accentButton} w-full`}>
        {t("account.forgot.next")}
      </button>
    </Form>
  );
}

/** Step 2: send the e-mail code (60 s countdown), enter it; previous and next. */
export function ForgotVerifyStep({
  lastResult,
  email,
  resendIn,
  sentBefore,
}: {
  lastResult: LastResult;
  email: string;
  resendIn: number;
  sentBefore: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(forgotVerifySchema, {
    id: "forgot-verify",
    lastResult,
  });
  return (
    <div>
      <p className="mb-4 text-sm text-gray-600">{t("account.forgot.verifyIntro", { email })}</p>
      <EmailCodeSendForm id="forgot-send" />
      <Form method="post" {...getFormProps(form)} className="space-y-1">
        <FormErrors id={form.errorId} errors={form.errors} />
        <EmailCodeField
          field={fields.emailCode}
          label={t("account.fields.emailCode")}
          placeholder={t("account.fields.emailCodePlaceholder")}
          sendFormId="forgot-send"
          resendIn={resendIn}
          sentBefore={sentBefore}
          labels={{
            send: t("account.forgot.send"),
            resend: t("account.forgot.resend"),
            wait: (seconds) => t("account.forgot.resendIn", { seconds }),
          }}
        />
        {/* "Next" first: Enter in the code input goes on, it does not go back. */}
        <div className="flex flex-row-reverse gap-3">
          <button type="submit" name="intent" value="next" className={`${accentButton} flex-1`}>
            {t("account.forgot.next")}
          </button>
          <button type="submit" name="intent" value="previous" className="btn-secondary flex-1">
            {t("account.forgot.previous")}
          </button>
        </div>
      </Form>
    </div>
  );
}

/** Step 3: the new password twice; previous and confirm. */
export function ForgotResetStep({ lastResult, email }: { lastResult: LastResult; email: string }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(forgotResetSchema, {
    id: "forgot-reset",
    lastResult,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1">
      <p className="mb-4 text-sm text-gray-600">{t("account.forgot.resetIntro", { email })}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <NewPasswordFields password={fields.password} checkPass={fields.checkPass} />
      <div className="flex flex-row-reverse gap-3">
        <button type="submit" name="intent" value="confirm" className={`${accentButton} flex-1`}>
          {t("account.forgot.confirm")}
        </button>
        <button type="submit" name="intent" value="previous" className="btn-secondary flex-1">
          {t("account.forgot.previous")}
        </button>
      </div>
    </Form>
  );
}

/** Step 4: done; back to the login page after 2 s (a meta refresh without JavaScript). */
export function ForgotDone() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const home = localizePath("/", i18n.language as Locale);
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(home), 2000);
    return () => window.clearTimeout(timer);
  }, [home, navigate]);
  return (
    <div className="text-center" data-testid="forgot-done">
      <noscript>
        <meta httpEquiv="refresh" content={`2;url=${home}`} />
      </noscript>
      <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-(--accent) text-2xl text-white">
        ✓
      </div>
      <h2 className="text-xl font-semibold text-gray-900">{t("account.forgot.doneTitle")}</h2>
      <p className="mt-3 text-sm text-gray-600">{t("account.forgot.doneText")}</p>
      <Link to={home} className={`${accentButton} mt-6 px-8`}>
        {t("account.forgot.goLogin")}
      </Link>
    </div>
  );
}
