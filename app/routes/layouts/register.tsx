import { Link, Outlet } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher.tsx";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";

/** The register layout: a header titled with the product name, back to `/`; at least 1200 px wide. */
export default function RegisterLayout() {
  const { t, i18n } = useTranslation();
  return (
    <div className="min-h-screen min-w-[1200px] bg-gray-50">
      <header className="flex h-header items-center justify-between bg-gray-900 px-8 text-white">
        <Link
          to={localizePath("/", i18n.language as Locale)}
          className="flex items-center gap-3 text-lg font-semibold"
        >
          <img src="/logo.svg" alt="" className="size-8" />
          {t("common.appName")}
        </Link>
        <LanguageSwitcher tone="dark" />
      </header>
      <main className="mx-auto max-w-5xl px-8 py-10">
        <Outlet />
      </main>
    </div>
  );
}
