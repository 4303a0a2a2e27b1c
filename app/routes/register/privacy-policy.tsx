import "~/locales/areas/account.ts";
import { Link } from "react-router";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";

const SECTIONS = ["collect", "use", "cookies", "share", "storage", "rights", "contact"] as const;

/** The privacy policy, linked from the registration form and the residence process. */
export default function PrivacyPolicy() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;

  return (
    <article className="card mx-auto max-w-3xl p-10">
      <h1 className="text-2xl font-semibold text-gray-900">{t("account.privacy.title")}</h1>
      <p className="mt-1 text-xs text-gray-500">{t("account.privacy.updated")}</p>
      <p className="mt-6 text-sm leading-7 text-gray-700">{t("account.privacy.intro")}</p>
      {SECTIONS.map((section) => (
        <section key={section} className="mt-6">
          <h2 className="text-base font-semibold text-gray-900">
            {t(`account.privacy.sections.${section}Title`)}
          </h2>
          <p className="mt-2 text-sm leading-7 text-gray-700">
            {t(`account.privacy.sections.${section}`)}
          </p>
        </section>
      ))}
      <div className="mt-10 flex gap-6">
        <Link to={localizePath("/register/accountRegistration", locale)} className="btn-secondary">
          {t("account.residence.register")}
        </Link>
        <Link
          to={localizePath("/register/residence_process", locale)}
          className="btn-link self-center"
        >
          {t("account.privacy.back")}
        </Link>
      </div>
    </article>
  );
}
