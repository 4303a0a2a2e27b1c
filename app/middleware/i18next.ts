import { createI18nextMiddleware } from "remix-i18next";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "~/locales/index.ts";
import { resources } from "~/locales/resources.ts";
import { localeOfRequest } from "~/utils/resource-paths.ts";

/** The URL decides the language a page is rendered in (docs/product.md, Languages and addresses); resource routes follow the page that called them. */
const [i18nextMiddleware, getDetectedLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    findLocale: async ({ request, url }) => localeOfRequest(request, url),
  },
  i18next: { resources, interpolation: { escapeValue: false } },
  // No react-i18next plugin: on the server components translate through the
  // request's own instance (app/utils/i18n.ts, given by entry.server.tsx),
  // and the plugin would make each request's instance the process-wide one.
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
