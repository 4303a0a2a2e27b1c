import "~/locales/areas/account.ts";
import { Link } from "react-router";
import { RegistrationSteps } from "~/components/account/registration.tsx";
import type { Locale } from "~/locales/index.ts";
import { sendSignedInHome } from "~/utils/auth.server.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { PATHS } from "~/utils/site-map.ts";
import type { Route } from "./+types/account-registration-step";
import { registrationStep } from "./registration.server.ts";

/** Where the visitor stands in the registration: the step indicator of the same flow. */
export async function loader(args: Route.LoaderArgs) {
  await sendSignedInHome(args.context);
  return registrationStep(args);
}

export default function AccountRegistrationStep({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { step, started } = loaderData;
  const names = [
    t("account.register.steps.account"),
    t("account.register.steps.activate"),
    t("account.register.steps.done"),
  ];

  return (
    <section className="card mx-auto max-w-3xl p-10 [--accent:var(--color-brand-600)]">
      <h1 className="mb-2 text-center text-2xl font-semibold text-gray-900">
        {t("account.registrationStep.title")}
      </h1>
      <p className="mb-8 text-center text-sm text-gray-600">
        {t("account.registrationStep.intro")}
      </p>
      <RegistrationSteps step={started ? step : 0} />
      <div className="mt-10 text-center">
        <p className="text-sm text-gray-700" data-testid="current-step">
          {started
            ? t("account.registrationStep.current", { step, name: names[step - 1] })
            : t("account.registrationStep.notStarted")}
        </p>
        <Link to={localizePath(PATHS.registration, locale)} className="btn-primary mt-6 px-8">
          {started ? t("account.registrationStep.continue") : t("account.registrationStep.start")}
        </Link>
      </div>
    </section>
  );
}
