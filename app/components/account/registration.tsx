import "~/locales/areas/account.ts";
import { Form, Link } from "react-router";
import {
  DoneMark,
  EmailAndImageCodeForm,
  EmailCodeForm,
  FlowSteps,
  type LastResult,
} from "~/components/account/flow-parts.tsx";
import { InputField, laterValidation, useZodForm } from "~/components/form.tsx";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { DemoMailboxLink } from "./demo-mailbox-link.tsx";

// The checks bring zod and the schemas: they come after the first paint.
const schemas = () => import("~/validation/account.ts");
const accountValidation = laterValidation(() => schemas().then((s) => s.registerAccountSchema));
const activationValidation = laterValidation(() => schemas().then((s) => s.activationSchema));

/** The three steps of the registration, the current one highlighted. */
export function RegistrationSteps({ step }: { step: number }) {
  return <FlowSteps flow="register" step={step} />;
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
  const [form, fields] = useZodForm(accountValidation, {
    id: "register-account",
    lastResult,
    defaultValue: { email: defaultEmail },
  });

  return (
    <EmailAndImageCodeForm
      form={form}
      email={fields.email}
      code={fields.code}
      purpose="register"
      captchaNonce={captchaNonce}
      emailAutoComplete="email"
      intro={
        <p className="mb-4 text-sm text-gray-600" data-testid="one-account-hint">
          {t("account.register.oneAccountHint")}
        </p>
      }
      afterCode={
        <p className="pb-3 text-xs leading-5 text-gray-500">{t("account.passwordRules")}</p>
      }
      submit={{ label: t("account.register.next"), className: "btn-primary w-full" }}
      footer={
        <>
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
        </>
      }
    >
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
    </EmailAndImageCodeForm>
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
  const [form, fields] = useZodForm(activationValidation, {
    id: "register-activate",
    lastResult,
  });

  return (
    <EmailCodeForm
      flow="register"
      form={form}
      field={fields.activationCode}
      label={t("account.fields.activationCode")}
      placeholder={t("account.fields.activationCodePlaceholder")}
      resendIn={resendIn}
      sentBefore={sentBefore}
      header={
        <>
          <h2 className="mb-2 text-base font-semibold text-gray-900">
            {t("account.register.activateTitle")}
          </h2>
          <p className="mb-4 text-sm text-gray-600">
            {t("account.register.activateIntro", { email })}
          </p>
          {demoMode ? (
            <div className="mb-4">
              <DemoMailboxLink email={email} />
            </div>
          ) : null}
        </>
      }
    >
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
    </EmailCodeForm>
  );
}

/** Step 3: welcome, log in with the e-mail, complete the qualification. */
export function DoneStep({ email }: { email: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  return (
    <div className="text-center" data-testid="registration-done">
      <DoneMark className="bg-brand-100 text-brand-700" title={t("account.register.doneTitle")} />
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
