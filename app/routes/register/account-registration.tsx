import { data } from "react-router";
import {
  AccountStep,
  ActivationStep,
  DoneStep,
  RegistrationSteps,
} from "~/components/account/registration.tsx";
import { currentCaptchaNonce } from "~/components/captcha.tsx";
import { Notice } from "~/components/form.tsx";
import { env } from "~/config/env.server.ts";
import { sendSignedInHome } from "~/utils/auth.server.ts";
import { newCaptchaNonce } from "~/utils/captcha-session.server.ts";
import { useTranslation } from "~/utils/i18n.ts";
import type { Route } from "./+types/account-registration";
import { registrationAction, registrationState, takeNotice } from "./registration.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await sendSignedInHome(context);
  const state = await registrationState(request);
  const { notice, cookie } = await takeNotice(context);
  return data(
    { ...state, notice, captchaNonce: newCaptchaNonce(), demoMode: env().demoMode },
    { headers: cookie ? { "Set-Cookie": cookie } : undefined },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await sendSignedInHome(context);
  return registrationAction(request, context);
}

/** Registration in three steps; the server keeps the step (SPEC.md section 2). */
export default function AccountRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { step, email, notice } = loaderData;
  const lastResult = actionData && "status" in actionData ? actionData : undefined;

  return (
    <section className="card mx-auto max-w-3xl p-10 [--accent:var(--color-brand-600)]">
      <h1 className="mb-8 text-center text-2xl font-semibold text-gray-900">
        {t("account.register.title")}
      </h1>
      <RegistrationSteps step={step} />
      <div className="mx-auto mt-10 max-w-md" data-step={step} data-testid="registration-step">
        {notice ? (
          <div className="mb-4" data-testid="flow-notice">
            <Notice kind={notice.kind}>{notice.message}</Notice>
          </div>
        ) : null}
        {step === 1 ? (
          <AccountStep
            lastResult={lastResult}
            defaultEmail={email}
            captchaNonce={currentCaptchaNonce(loaderData.captchaNonce, actionData)}
          />
        ) : step === 2 ? (
          <ActivationStep
            key={loaderData.sentAt}
            lastResult={lastResult}
            email={email}
            resendIn={loaderData.resendIn}
            sentBefore={loaderData.sentBefore}
            demoMode={loaderData.demoMode}
          />
        ) : (
          <DoneStep email={email} />
        )}
      </div>
    </section>
  );
}
