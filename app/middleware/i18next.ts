import { createInstance, type i18n as I18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/locales/index.ts";
import { resources } from "~/locales/resources.ts";
import { localeOfRequest } from "~/utils/resource-paths.ts";

/**
 * The request's language: the URL decides the language a page is rendered in
 * (docs/product.md, Languages and addresses); resource routes follow the
 * page that called them (`localeOfRequest`). No value until the middleware
 * ran, so a failure before it asks the URL instead (entry.server.tsx).
 */
const localeContext = createContext<Locale>();

/**
 * One translator per language, made once: a server instance never changes
 * its language or its resources, so every request in that language shares
 * it. No react-i18next plugin: it would make an instance the process-wide
 * one; components translate through the request's (app/utils/i18n.ts).
 */
const translators = new Map<Locale, I18n>(
  LOCALES.map((locale) => {
    const instance = createInstance();
    void instance.init({
      resources,
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    return [locale, instance];
  }),
);

type Context = Readonly<RouterContextProvider>;

export const i18nextMiddleware: MiddlewareFunction<Response> = (
  { request, context, url },
  next,
) => {
  context.set(localeContext, localeOfRequest(request, url));
  return next();
};

/** The locale of the request (throws when the middleware has not run). */
export function getLocale(context: Context): Locale {
  return context.get(localeContext);
}

/** The translator of the request's language. */
export function getInstance(context: Context): I18n {
  return translators.get(getLocale(context)) as I18n;
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: (typeof resources)["zh"];
  }
}
