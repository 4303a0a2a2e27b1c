import "~/locales/areas/account.ts";
import { Link } from "react-router";
import { Steps } from "~/components/account/steps.tsx";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";

const STAGES = ["submit", "review", "done", "open"] as const;

/** The four stages of joining the platform; the login page's "create an account" lands here. */
export default function ResidenceProcess() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;

  return (
    <section className="card mx-auto max-w-4xl p-10 [--accent:var(--color-brand-600)]">
      <h1 className="mb-2 text-center text-2xl font-semibold text-gray-900">
        {t("account.residence.title")}
      </h1>
      <p className="mb-10 text-center text-sm text-gray-600">{t("account.residence.intro")}</p>
      <Steps current={1} labels={STAGES.map((stage) => t(`account.residence.stages.${stage}`))} />
      <ol className="mt-8 grid grid-cols-4 gap-4" data-testid="residence-stages">
        {STAGES.map((stage, index) => (
          <li key={stage} className="rounded-lg border border-gray-200 bg-gray-50 p-4">
            <p className="text-sm font-semibold text-gray-900">
              {index + 1}. {t(`account.residence.stages.${stage}`)}
            </p>
            <p className="mt-2 text-sm leading-6 text-gray-600">
              {t(`account.residence.stages.${stage}Text`)}
            </p>
          </li>
        ))}
      </ol>
      <div className="mt-8 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-gray-700">
        <p className="font-medium text-brand-800">{t("account.residence.materialsTitle")}</p>
        <p className="mt-1 leading-6">{t("account.residence.materials")}</p>
      </div>
      <div className="mt-10 flex items-center justify-center gap-6">
        <Link
          to={localizePath("/register/accountRegistration", locale)}
          className="btn-primary px-10"
        >
          {t("account.residence.register")}
        </Link>
        <Link to={localizePath("/", locale)} className="btn-link">
          {t("account.residence.backToLogin")}
        </Link>
        <Link to={localizePath("/register/privacyPolicy", locale)} className="btn-link">
          {t("account.residence.privacy")}
        </Link>
      </div>
    </section>
  );
}
