import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { LOCALES, type Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localeOfPath } from "~/utils/locale-path.ts";

/**
 * Lists every locale but the current one. Choosing one posts to `/language`,
 * which sets the `lang` and `i18n_redirected` cookies and returns to the same
 * page in that language.
 *
 * A disclosure (`<details>`) of plain form buttons, not a menu component: it
 * opens and posts without JavaScript, the keyboard reaches it as any button,
 * and the login page loads no menu code for it
 * (docs/decisions/2026-11-26-browser-translator.md). With JavaScript, Escape
 * and a click or focus elsewhere close it, as a menu would.
 */
export function LanguageSwitcher({ tone = "light" }: { tone?: "light" | "dark" }) {
  const { t } = useTranslation();
  const location = useLocation();
  const current = localeOfPath(location.pathname);
  const others = LOCALES.filter((locale) => locale !== current);
  const returnTo = `${location.pathname}${location.search}`;
  const disclosure = useClosingDisclosure();

  return (
    <details ref={disclosure} className="relative shrink-0">
      <summary
        className={`flex h-9 cursor-pointer list-none items-center gap-1 rounded-md px-2 text-sm whitespace-nowrap ${tone === "dark" ? "text-white hover:bg-white/10" : "text-gray-700 hover:bg-gray-100"}`}
        data-testid="language-switcher"
      >
        <GlobeIcon />
        {/* The name starts with the visible text (WCAG 2.5.3) and says what the button does. */}
        <span>{t("common.languageName")}</span>
        <span className="sr-only">{t("common.switchLanguageSuffix")}</span>
      </summary>
      <div
        className="absolute right-0 z-40 mt-1 min-w-32 rounded-md border border-gray-200 bg-white p-1 shadow-lg"
        data-testid="language-choices"
      >
        {others.map((locale) => (
          <button
            key={locale}
            type="submit"
            form={`language-${locale}`}
            lang={locale}
            className="block w-full rounded px-3 py-1.5 text-left text-sm text-gray-700 hover:bg-brand-50 focus-visible:bg-brand-50"
          >
            {languageName(locale)}
          </button>
        ))}
      </div>
      {/* The forms stand apart from their buttons, as before: a page's own post form stays the only one with a submit button in it. */}
      {/* Plain forms: a post that reloads the document, as `<Form reloadDocument>` left it to the browser, without its hooks on every page; marked as `<Form>` marks them. */}
      {others.map((locale) => (
        <form
          key={locale}
          id={`language-${locale}`}
          hidden
          data-discover="true"
          action="/language"
          method="post"
        >
          <input type="hidden" name="lang" value={locale} />
          <input type="hidden" name="returnTo" value={returnTo} />
        </form>
      ))}
    </details>
  );
}

/** Closes an open `<details>` on Escape (focus back on its summary) and on a click or focus outside it. */
function useClosingDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const closeOutside = (event: Event) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("click", closeOutside);
    document.addEventListener("focusin", closeOutside);
    details.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("click", closeOutside);
      document.removeEventListener("focusin", closeOutside);
      details.removeEventListener("keydown", closeOnEscape);
    };
  }, []);
  return ref;
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
