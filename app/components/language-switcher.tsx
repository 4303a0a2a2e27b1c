import { Form, useLocation } from "react-router";
import { LOCALES, type Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localeOfPath } from "~/utils/locale-path.ts";
import { Menu, MenuButton, MenuItem, MenuItems } from "./headless.tsx";

/**
 * Lists every locale but the current one. Choosing one posts to `/language`,
 * which sets the `lang` and `i18n_redirected` cookies and returns to the same
 * page in that language; a plain form post, so it works without JavaScript.
 */
export function LanguageSwitcher({ tone = "light" }: { tone?: "light" | "dark" }) {
  const { t } = useTranslation();
  const location = useLocation();
  const current = localeOfPath(location.pathname);
  const others = LOCALES.filter((locale) => locale !== current);
  const returnTo = `${location.pathname}${location.search}`;

  return (
    <Menu as="div" className="relative shrink-0">
      <MenuButton
        className={`flex h-9 items-center gap-1 rounded-md px-2 text-sm whitespace-nowrap ${tone === "dark" ? "text-white hover:bg-white/10" : "text-gray-700 hover:bg-gray-100"}`}
        data-testid="language-switcher"
      >
        <GlobeIcon />
        {/* The name starts with the visible text (WCAG 2.5.3) and says what the button does. */}
        <span>{t("common.languageName")}</span>
        <span className="sr-only">{t("common.switchLanguageSuffix")}</span>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-1 min-w-32 rounded-md border border-gray-200 bg-white p-1 shadow-lg focus:outline-none"
      >
        {others.map((locale) => (
          // The form lives outside the menu, which unmounts its items on click.
          <MenuItem
            key={locale}
            as="button"
            type="button"
            onClick={() => submitForm(`language-${locale}`)}
            lang={locale}
            className="block w-full rounded px-3 py-1.5 text-left text-sm text-gray-700 data-focus:bg-brand-50"
          >
            {languageName(locale)}
          </MenuItem>
        ))}
      </MenuItems>
      {others.map((locale) => (
        <Form
          key={locale}
          id={`language-${locale}`}
          method="post"
          action="/language"
          reloadDocument
          hidden
        >
          <input type="hidden" name="lang" value={locale} />
          <input type="hidden" name="returnTo" value={returnTo} />
        </Form>
      ))}
      {/* Without JavaScript the menu cannot open: the same choices as plain buttons. */}
      <noscript>
        {others.map((locale) => (
          <button
            key={locale}
            type="submit"
            form={`language-${locale}`}
            lang={locale}
            className="px-2 text-sm underline"
          >
            {languageName(locale)}
          </button>
        ))}
      </noscript>
    </Menu>
  );
}

/** Submits a form by id; menu items use it because the menu closes (and unmounts them) on click. */
export function submitForm(id: string) {
  (document.getElementById(id) as HTMLFormElement | null)?.requestSubmit();
}

/** Each language's name in itself (`common.languageName` of its translations; a unit test keeps them equal). */
export const LANGUAGE_NAMES: Record<Locale, string> = { zh: "中文", en: "English" };

function languageName(locale: Locale): string {
  return LANGUAGE_NAMES[locale];
}

function GlobeIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </svg>
  );
}
