import "~/locales/areas/account.ts";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { lastResultOf, StepPanel } from "~/components/account/flow-parts.tsx";
import {
  ForgotAccountStep,
  ForgotDone,
  ForgotResetStep,
  ForgotSteps,
  ForgotVerifyStep,
  SYSTEM_COLORS,
} from "~/components/account/forgot-password.tsx";
import { currentCaptchaNonce } from "~/components/captcha.tsx";
import { LanguageSwitcher } from "~/components/language-switcher.tsx";
import type { Locale } from "~/locales/index.ts";
import { sendSignedInHome } from "~/utils/auth.server.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import type { Route } from "./+types/forgot-password";
import { forgotAction, forgotLoader } from "./forgot-password.server.ts";

export async function loader(args: Route.LoaderArgs) {
  await sendSignedInHome(args.context);
  return forgotLoader(args);
}

export async function action(args: Route.ActionArgs) {
  await sendSignedInHome(args.context);
  return forgotAction(args);
}

/** Forgot password in four steps, for the system named by `?system=` (cba by default). */
export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { system, step, email, notice } = loaderData;
  const lastResult = lastResultOf(actionData);

  return (
    <div
      className="flex min-h-screen flex-col bg-gray-50"
      style={{ "--accent": SYSTEM_COLORS[system] } as CSSProperties}
      data-system={system}
    >
      <header className="flex min-h-header items-center justify-between gap-3 bg-(--accent) px-4 py-2 text-white sm:px-8">
        <Link
          to={localizePath("/", locale)}
          className="flex items-center gap-3 text-lg font-semibold"
        >
          <img src="/logo.svg" alt="" className="size-8" />
          <span data-testid="system-name">{t(`account.forgot.systems.${system}`)}</span>
        </Link>
        <LanguageSwitcher tone="dark" />
      </header>
      <main className="flex-1 px-3 py-6 sm:px-8 sm:py-10">
        <section className="card mx-auto max-w-3xl p-5 sm:p-10">
          <h1 className="mb-8 text-center text-2xl font-semibold text-gray-900">
            {t("account.forgot.title")}
          </h1>
          <ForgotSteps step={step} />
          <StepPanel step={step} testId="forgot-step" notice={notice}>
            {loaderData.demoMode && step < 3 ? (
              <p
                className="mb-4 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-800"
                data-testid="demo-accounts-notice"
              >
                {t("account.forgot.demoAccounts")}
              </p>
            ) : null}
            {step === 1 ? (
              <ForgotAccountStep
                lastResult={lastResult}
                defaultEmail={email}
                captchaNonce={currentCaptchaNonce(loaderData.captchaNonce, actionData)}
              />
            ) : step === 2 ? (
              <ForgotVerifyStep
                key={loaderData.sentAt}
                lastResult={lastResult}
                email={email}
                resendIn={loaderData.resendIn}
                sentBefore={loaderData.sentBefore}
              />
            ) : step === 3 ? (
              <ForgotResetStep lastResult={lastResult} email={email} />
            ) : (
              <ForgotDone />
            )}
          </StepPanel>
          {step < 4 ? (
            <p className="mt-8 text-center">
              <Link to={localizePath("/", locale)} className="btn-link text-(--accent)">
                {t("account.forgot.backToLogin")}
              </Link>
            </p>
          ) : null}
        </section>
      </main>
    </div>
  );
}
