import "~/locales/areas/account.ts";
import { lastResultOf, StepPanel } from "~/components/account/flow-parts.tsx";
import {
  AccountStep,
  ActivationStep,
  DoneStep,
  RegistrationSteps,
} from "~/components/account/registration.tsx";
import { currentCaptchaNonce } from "~/components/captcha.tsx";
import { sendSignedInHome } from "~/utils/auth.server.ts";
import { useTranslation } from "~/utils/i18n.ts";
import type { Route } from "./+types/account-registration";
import { registrationAction, registrationLoader } from "./registration.server.ts";

export async function loader(args: Route.LoaderArgs) {
  await sendSignedInHome(args.context);
  return registrationLoader(args);
}

export async function action(args: Route.ActionArgs) {
  await sendSignedInHome(args.context);
  return registrationAction(args);
}

/** Registration in three steps; the server keeps the step (docs/product.md, Registration). */
export default function AccountRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { step, email, notice } = loaderData;
  const lastResult = lastResultOf(actionData);

  return (
    <section className="card mx-auto max-w-3xl p-10 [--accent:var(--color-brand-600)]">
      <h1 className="mb-8 text-center text-2xl font-semibold text-gray-900">
        {t("account.register.title")}
      </h1>
      <RegistrationSteps step={step} />
      <StepPanel step={step} testId="registration-step" notice={notice}>
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
      </StepPanel>
    </section>
  );
}
