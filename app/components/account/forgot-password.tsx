import "~/locales/areas/account.ts";
import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { Form, Link, useNavigate } from "react-router";
import { IntentForm } from "~/components/account/email-code-field.tsx";
import {
  DoneMark,
  EmailAndImageCodeForm,
  EmailCodeForm,
  FlowSteps,
  intentFormId,
  type LastResult,
} from "~/components/account/flow-parts.tsx";
import { NewPasswordFields } from "~/components/account/new-password-fields.tsx";
import { FormErrors, laterValidation, useZodForm } from "~/components/form.tsx";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import type { ForgotSystem } from "~/validation/account.ts";

// The checks bring zod and the schemas: they come after the first paint.
const schemas = () => import("~/validation/account.ts");
const accountValidation = laterValidation(() => schemas().then((s) => s.forgotAccountSchema));
const verifyValidation = laterValidation(() => schemas().then((s) => s.forgotVerifySchema));
const resetValidation = laterValidation(() => schemas().then((s) => s.forgotResetSchema));

/** The steps of the recovery, the current one highlighted. */
export function ForgotSteps({ step }: { step: number }) {
  return <FlowSteps flow="forgot" step={step} />;
}

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
  const [form, fields] = useZodForm(accountValidation, {
    id: "forgot-account",
    lastResult,
    defaultValue: { email: defaultEmail },
  });
  return (
    <EmailAndImageCodeForm
      form={form}
      email={fields.email}
      code={fields.code}
      purpose="forgot"
      captchaNonce={captchaNonce}
      emailAutoComplete="username"
      intro={<p className="mb-4 text-sm text-gray-600">{t("account.forgot.accountIntro")}</p>}
      submit={{ label: t("account.forgot.next"), className: `${accentButton} w-full` }}
    />
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
  const [form, fields] = useZodForm(verifyValidation, {
    id: "forgot-verify",
    lastResult,
  });
  return (
    <EmailCodeForm
      flow="forgot"
      form={form}
      field={fields.emailCode}
      label={t("account.fields.emailCode")}
      placeholder={t("account.fields.emailCodePlaceholder")}
      resendIn={resendIn}
      sentBefore={sentBefore}
      header={
        <p className="mb-4 text-sm text-gray-600">{t("account.forgot.verifyIntro", { email })}</p>
      }
    >
      <PreviousAndNext next={{ value: "next", label: t("account.forgot.next") }} />
    </EmailCodeForm>
  );
}

/**
 * "Previous", then "next" (or "confirm"), in reading and tab order.
 * "Previous" posts the flow's intent form, so Enter in a field goes on, not back.
 */
function PreviousAndNext({ next }: { next: { value: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-3">
      <button
        type="submit"
        form={intentFormId("forgot")}
        name="intent"
        value="previous"
        formNoValidate
        className="btn-secondary flex-1"
      >
        {t("account.forgot.previous")}
      </button>
      <button type="submit" name="intent" value={next.value} className={`${accentButton} flex-1`}>
        {next.label}
      </button>
    </div>
  );
}

/** Step 3: the new password twice; previous and confirm. */
export function ForgotResetStep({ lastResult, email }: { lastResult: LastResult; email: string }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(resetValidation, {
    id: "forgot-reset",
    lastResult,
  });
  return (
    <>
      <IntentForm id={intentFormId("forgot")} />
      <Form method="post" {...getFormProps(form)} className="space-y-1">
        <p className="mb-4 text-sm text-gray-600">{t("account.forgot.resetIntro", { email })}</p>
        <FormErrors id={form.errorId} errors={form.errors} />
        <NewPasswordFields password={fields.password} checkPass={fields.checkPass} />
        <PreviousAndNext next={{ value: "confirm", label: t("account.forgot.confirm") }} />
      </Form>
    </>
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
      <DoneMark className="bg-(--accent) text-white" title={t("account.forgot.doneTitle")} />
      <p className="mt-3 text-sm text-gray-600">{t("account.forgot.doneText")}</p>
      <Link to={home} className={`${accentButton} mt-6 px-8`}>
        {t("account.forgot.goLogin")}
      </Link>
    </div>
  );
}
