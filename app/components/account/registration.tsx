import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { EmailCodeField, EmailCodeSendForm } from "~/components/account/email-code-field.tsx";
import { Steps } from "~/components/account/steps.tsx";
import { CaptchaField } from "~/components/captcha.tsx";
import { FormErrors, InputField, useZodForm } from "~/components/form.tsx";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { activationSchema, registerAccountSchema } from "~/validation/account.ts";
import { DemoMailboxLink } from "./demo-mailbox-link.tsx";

type LastResult = SubmissionResult<string[]> | undefined;

/** The three steps of the registration, the current one highlighted. */
export function RegistrationSteps({ step }: { step: number }) {
  const { t } = useTranslation();
  return (
    <Steps
      current={step}
      labels={[
        t("account.register.steps.account"),
        t("account.register.steps.activate"),
        t("account.register.steps.done"),
      ]}
    />
  );
}

/** Step 1: e-mail, password, confirmation and image code. */
export function AccountStep({
  lastResult,
  defaultEmail,
  captchaNonce,
}: {
  lastResult: LastResult;
  defaultEmail: string;
  captchaNonce: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [form, fields] = useZodForm(registerAccountSchema, {
    id: "register-account",
    lastResult,
    defaultValue: { email: defaultEmail },
  });

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1">
      <input type="hidden" name="intent" value="account" />
      <p className="mb-4 text-sm text-gray-600" data-testid="one-account-hint">
        {t("account.register.oneAccountHint")}
      </p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField
        label={t("account.fields.email")}
        field={fields.email}
        type="email"
        autoComplete="email"
        placeholder={t("account.fields.emailPlaceholder")}
      />
      <InputField
        label={t("account.fields.password")}
        field={fields.password}
        type="password"
        autoComplete="new-password"
        placeholder={t("account.fields.passwordPlaceholder")}
      />
      <InputField
        label={t("account.fields.checkPass")}
        field={fields.checkPass}
        type="password"
        autoComplete="new-password"
        placeholder={t("account.fields.checkPassPlaceholder")}
      />
      <CaptchaField field={fields.code} purpose="register" nonce={captchaNonce} />
      <p className="pb-3 text-xs leading-5 text-gray-500">{t("account.passwordRules")}</p>
      <button type="submit" className="btn-primary w-full">
        {t("account.register.next")}
      </button>
      <p className="pt-3 text-xs text-gray-500">
        {t("account.register.agreement")}{" "}
        <Link
          to={localizePath("/register/privacyPolicy", locale)}
          className="btn-link text-xs underline"
        >
          {t("account.register.privacyLink")}
        </Link>
      </p>
      <p className="pt-1 text-sm text-gray-600">
        {t("account.register.haveAccount")}{" "}
        <Link to={localizePath("/", locale)} className="btn-link underline">
          {t("account.register.loginLink")}
        </Link>
      </p>
    </Form>
  );
}

/** Step 2: send the activation code (60 s countdown), enter it, or go back to step 1. */
export function ActivationStep({
  lastResult,
  email,
  resendIn,
  sentBefore,
  demoMode = false,
}: {
  lastResult: LastResult;
  email: string;
  resendIn: number;
  sentBefore: boolean;
  /** Demo mode: point to the demo mailbox, where the code arrives. */
  demoMode?: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(activationSchema, {
    id: "register-activate",
    lastResult,
  });

  return (
    <div>
      <h2 className="mb-2 text-base font-semibold text-gray-900">
        {t("account.register.activateTitle")}
      </h2>
      <p className="mb-4 text-sm text-gray-600">{t("account.register.activateIntro", { email })}</p>
      {demoMode ? (
        <div className="mb-4">
          <DemoMailboxLink email={email} />
        </div>
      ) : null}
      <EmailCodeSendForm id="register-send" />
      <Form method="post" {...getFormProps(form)} className="space-y-1">
        <FormErrors id={form.errorId} errors={form.errors} />
        <EmailCodeField
          field={fields.activationCode}
          label={t("account.fields.activationCode")}
          placeholder={t("account.fields.activationCodePlaceholder")}
          sendFormId="register-send"
          resendIn={resendIn}
          sentBefore={sentBefore}
          labels={{
            send: t("account.register.send"),
            resend: t("account.register.resend"),
            wait: (seconds) => t("account.register.resendIn", { seconds }),
          }}
        />
        <button type="submit" name="intent" value="activate" className="btn-primary w-full">
          {t("account.register.confirm")}
        </button>
        <div className="mt-6 rounded-md bg-gray-50 p-4 text-sm text-gray-600">
          <p className="mb-1 font-medium text-gray-800">{t("account.register.helpTitle")}</p>
          <ol className="list-decimal space-y-0.5 pl-5">
            <li>{t("account.register.helpCheckAddress", { email })}</li>
            <li>{t("account.register.helpSpam")}</li>
            <li>{t("account.register.helpResend")}</li>
            <li>
              {t("account.register.helpReenter")}
              <button
                type="submit"
                name="intent"
                value="back"
                formNoValidate
                className="btn-link cursor-pointer"
                data-testid="reenter"
              >
                {t("account.register.reenter")}
              </button>
            </li>
          </ol>
        </div>
      </Form>
    </div>
  );
}

/** Step 3: welcome, log in with the e-mail, complete the qualification. */
export function DoneStep({ email }: { email: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  return (
    <div className="text-center" data-testid="registration-done">
      <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-brand-100 text-2xl text-brand-700">
        ✓
      </div>
      <h2 className="text-xl font-semibold text-gray-900">{t("account.register.doneTitle")}</h2>
      <p className="mt-3 text-sm text-gray-700">{t("account.register.doneText", { email })}</p>
      <p className="mx-auto mt-2 max-w-md text-sm leading-6 text-gray-600">
        {t("account.register.doneNext")}
      </p>
      <div className="mt-6 flex items-center justify-center gap-4">
        <Link to={localizePath("/", locale)} className="btn-primary px-8">
          {t("account.register.goLogin")}
        </Link>
        <Form method="post">
          <button type="submit" name="intent" value="restart" className="btn-link">
            {t("account.register.restart")}
          </button>
        </Form>
      </div>
    </div>
  );
}
