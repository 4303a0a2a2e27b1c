import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, resources } from "~/locales/index.ts";
import { localeOfPath } from "~/utils/locale-path.ts";

/** The URL alone decides the language a page is rendered in (PRODUCT.md section 2). */
const [i18nextMiddleware, getDetectedLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    findLocale: async ({ request }) => localeOfPath(new URL(request.url).pathname),
  },
  i18next: { resources, interpolation: { escapeValue: false } },
  plugins: [initReactI18next],
});

export { getInstance, i18nextMiddleware };

/** The locale of the request (always one of LOCALES: the detection only answers those). */
export function getLocale(context: Parameters<typeof getDetectedLocale>[0]): Locale {
  const locale = getDetectedLocale(context);
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: (typeof resources)["zh"];
  }
}
