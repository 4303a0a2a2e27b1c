/**
 * The login page's forms and demo box, whose code comes after the first
 * paint (app/components/deferred.tsx, the pattern of the order list's
 * forms): the sign-in with the image code, the sign-in by e-mail code for a
 * person who cannot read the image code (`?code=email`), and the demo
 * accounts' box. The server draws them with the page as any other part; in
 * the browser the page keeps the server's markup of them until their chunk
 * is there (it is fetched as the page starts, and the page is marked as
 * running only once it is), then they hydrate and behave as before; until
 * then a form posts itself as without JavaScript. The login page is every
 * visitor's first load: its first-load JavaScript has a target of its own
 * (docs/performance.md), and the route manifest every page imports takes
 * 2.5 KB of it (docs/decisions/2026-11-27-route-manifest-as-a-file.md).
 */
import { Form, Link } from "react-router";
import { DemoMailboxLink } from "~/components/account/demo-mailbox-link.tsx";
import { EmailCodeField } from "~/components/account/email-code-field.tsx";
import { UsernameField } from "~/components/account/username-field.tsx";
import { CaptchaField, currentCaptchaNonce } from "~/components/captcha.tsx";
import { FormErrors } from "~/components/form-messages.tsx";
import { InputField } from "~/components/input-field.tsx";
import { type PostedResult, usePlainForm } from "~/components/plain-form.ts";
import { SIGN_IN_DEMO_ACCOUNTS } from "~/config/demo-accounts.ts";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { hrefWithQuery, localizePath } from "~/utils/locale-path.ts";
import {
  checkEmailLogin,
  checkLogin,
  checkLoginCodeRequest,
  EMAIL_CODE_PATTERN,
  EMAIL_MAX,
  IMAGE_CODE_PATTERN,
} from "~/validation/auth-checks.ts";

const DEMO_PASSWORD = "Demo1234!";

/** What the page passes the parts: the action's last answer, and whether a sign-in post is under way. */
interface PartProps {
  lastResult: PostedResult | undefined;
  submitting: boolean;
}

/**
 * The sign-in with the image code, and the way round it for who cannot read
 * it. The browser checks the three fields by hand (no zod, no Conform on
 * this page: it is every visitor's first load); the action checks them with zod.
 */
export function ImageCodeSignIn({
  loaderNonce,
  actionData,
  lastResult,
  submitting,
}: PartProps & {
  /** The image code's nonce the loader made. */
  loaderNonce: string;
  /** The action's last answer as it came (a refused sign-in brings a new image code). */
  actionData: unknown;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const captchaNonce = currentCaptchaNonce(loaderNonce, actionData);
  const [form, fields, formProps] = usePlainForm(["username", "password", "code"], checkLogin, {
    lastResult,
    constraints: {
      username: { required: true },
      password: { required: true },
      code: { required: true, pattern: IMAGE_CODE_PATTERN },
    },
  });
  return (
    <>
      <Form
        method="post"
        action={localizePath("/login", locale)}
        {...formProps}
        className="space-y-1"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <UsernameField field={fields.username} />
        <InputField
          label={t("auth.password")}
          field={fields.password}
          type="password"
          autoComplete="current-password"
          placeholder={t("auth.passwordPlaceholder")}
        />
        <CaptchaField field={fields.code} purpose="login" nonce={captchaNonce} />
        <button type="submit" className="btn-primary mt-2 w-full" disabled={submitting}>
          {t("auth.signIn")}
        </button>
      </Form>
      <p className="mt-3 text-sm">
        <Link
          to={hrefWithQuery(localizePath("/", locale), { code: "email" })}
          className="btn-link"
          data-testid="sign-in-by-email"
        >
          {t("auth.byEmailOffer")}
        </Link>
      </p>
    </>
  );
}

/** The e-mail-code sign-in, step 1: the account's address gets a code. */
export function EmailCodeRequest({ lastResult, submitting }: PartProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [form, fields, formProps] = usePlainForm(["username"], checkLoginCodeRequest, {
    lastResult,
    constraints: { username: { required: true, maxLength: EMAIL_MAX } },
  });
  return (
    <section aria-labelledby="by-email-title" data-testid="email-code-request">
      <h3 id="by-email-title" className="mb-1 text-base font-medium text-gray-900">
        {t("auth.byEmailTitle")}
      </h3>
      <p className="mb-3 text-sm text-gray-600">{t("auth.byEmailHelp")}</p>
      <Form
        method="post"
        action={hrefWithQuery(localizePath("/login", locale), { code: "email" })}
        {...formProps}
        className="space-y-1"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <UsernameField field={fields.username} />
        <button
          type="submit"
          name="intent"
          value="send"
          className="btn-primary mt-2 w-full"
          disabled={submitting}
        >
          {t("auth.byEmailSend")}
        </button>
      </Form>
      <BackToImageCode />
    </section>
  );
}

/** The e-mail-code sign-in, step 2: the password and the code the mail brought. */
export function EmailCodeSignIn({
  lastResult,
  submitting,
  email,
  resendIn,
}: PartProps & {
  /** Where the code went. */
  email: string;
  /** Seconds before the code may be sent again. */
  resendIn: number;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [form, fields, formProps] = usePlainForm(["password", "emailCode"], checkEmailLogin, {
    lastResult,
    constraints: {
      password: { required: true },
      emailCode: { required: true, pattern: EMAIL_CODE_PATTERN },
    },
  });
  return (
    <section aria-labelledby="by-email-title" data-testid="email-code-sign-in">
      <h3 id="by-email-title" className="mb-1 text-base font-medium text-gray-900">
        {t("auth.byEmailTitle")}
      </h3>
      <p className="mb-3 text-sm text-gray-600">
        {t("auth.byEmailSentTo", { email })}{" "}
        <Link
          to={hrefWithQuery(localizePath("/", locale), { code: "email", step: "address" })}
          className="btn-link"
        >
          {t("auth.byEmailOtherAddress")}
        </Link>
      </p>
      {/* "Send again" posts this form: the address only. */}
      <Form
        method="post"
        action={hrefWithQuery(localizePath("/login", locale), { code: "email" })}
        id={SEND_AGAIN_FORM}
      >
        <input type="hidden" name="username" value={email} />
      </Form>
      <Form
        method="post"
        action={hrefWithQuery(localizePath("/login", locale), { code: "email" })}
        {...formProps}
        className="space-y-1"
      >
        <input type="hidden" name="method" value="email" />
        <UsernameField known={email} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <InputField
          label={t("auth.password")}
          field={fields.password}
          type="password"
          autoComplete="current-password"
          placeholder={t("auth.passwordPlaceholder")}
        />
        <EmailCodeField
          field={fields.emailCode}
          label={t("auth.byEmailCode")}
          placeholder={t("auth.byEmailCodePlaceholder")}
          sendFormId={SEND_AGAIN_FORM}
          resendIn={resendIn}
          sentBefore
          labels={{
            send: t("auth.byEmailSend"),
            resend: t("auth.byEmailResend"),
            wait: (seconds) => t("auth.byEmailResendIn", { seconds }),
          }}
        />
        <button type="submit" className="btn-primary mt-2 w-full" disabled={submitting}>
          {t("auth.signIn")}
        </button>
      </Form>
      <BackToImageCode />
    </section>
  );
}

const SEND_AGAIN_FORM = "login-send-again";

function BackToImageCode() {
  const { t, i18n } = useTranslation();
  return (
    <p className="mt-3 text-sm">
      <Link to={localizePath("/", i18n.language as Locale)} className="btn-link">
        {t("auth.byEmailBack")}
      </Link>
    </p>
  );
}

/** Demo mode: the published accounts, their password and the demo mailbox. */
export function DemoAccounts() {
  const { t } = useTranslation();
  return (
    <div
      className="mt-8 rounded-md border border-dashed border-brand-300 bg-brand-50 p-3 text-xs text-gray-700"
      data-testid="demo-accounts"
    >
      <p className="font-medium text-brand-800">{t("auth.demoAccounts")}</p>
      <dl className="mt-1 space-y-1">
        {SIGN_IN_DEMO_ACCOUNTS.map(({ username, about }) => (
          <div key={username}>
            <dt className="font-mono">{username}</dt>
            <dd className="text-gray-600">{t(`auth.${about}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1">
        {t("auth.demoPassword")} <span className="font-mono">{DEMO_PASSWORD}</span>
      </p>
      <div className="mt-2">
        <DemoMailboxLink />
      </div>
    </div>
  );
}
