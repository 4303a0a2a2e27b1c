/**
 * What a request carries, in one place: every value the server and the
 * middleware put into React Router's context for the request, with the small
 * helpers loaders, actions and the other `*.server.ts` helpers read them by.
 * Who sets each value:
 *
 * - the HTTP server (`server/app.ts`): the client's address and the
 *   Content-Security-Policy nonce (`requestInfoContext`);
 * - the locale middleware: the language (`getLocale`, `getInstance`);
 * - the form-body middleware: a post's form, parsed once (`postedForm`);
 * - the session middleware: the session and the API client bound to it
 *   (`sessionContext`, `apiContext`);
 * - the retry-after middleware: the wait a limit asks for (`retryAfterContext`);
 * - the home layout's middleware: the signed-in user (`getUser`, awaited).
 *
 * A value is read only after its middleware ran: `context.get` throws
 * otherwise, so a helper used in the wrong place fails loudly.
 */
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { createContext, type RouterContextProvider } from "react-router";
import type { CurrentUser } from "~/contract/index.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/locales/index.ts";
import { resources } from "~/locales/resources.ts";
import type { Api } from "~/utils/api.server.ts";
import { serverTranslation } from "~/utils/i18n.ts";
import type { AppSession } from "~/utils/session.server.ts";

type Context = Readonly<RouterContextProvider>;

/** What the HTTP server knows of a request that a Fetch `Request` does not carry. */
export interface RequestInfo {
  /** The client's address (express's `req.ip`, see TRUST_PROXY). */
  clientIp: string;
  /** The Content-Security-Policy nonce of this answer, when the server set one. */
  cspNonce?: string;
}

export const requestInfoContext = createContext<RequestInfo>({ clientIp: "" });

/** The nonce of this response, if the server set one. */
export function cspNonceOf(context: Context): string | undefined {
  return context.get(requestInfoContext).cspNonce;
}

/**
 * The request's language: the URL decides the language a page is rendered in
 * (docs/product.md, Languages and addresses); resource routes follow the
 * page that called them. No value until the locale middleware ran, so a
 * failure before it asks the URL instead (entry.server.tsx).
 */
export const localeContext = createContext<Locale>();

/** The locale of the request (throws when the locale middleware has not run). */
export function getLocale(context: Context): Locale {
  return context.get(localeContext);
}

/**
 * One translator per language, made once: a server instance never changes
 * its language or its resources, so every request in that language shares
 * it. None of them is made process-wide: components translate through the
 * request's (`RequestI18n` in app/utils/i18n.ts).
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

/** The translator of the request's language. */
export function getInstance(context: Context): I18n {
  return translatorOf(getLocale(context));
}

/** The server's translator of `locale` (the one every request in that language shares). */
export function translatorOf(locale: Locale): I18n {
  return translators.get(locale) as I18n;
}

/**
 * The `t` of the request's language for loaders, actions and middleware: the
 * components' translator (`serverTranslation`), which remembers plain
 * lookups, so the server's code and its pages translate one way. i18next's
 * own `t` resolves a key afresh on each call, and the order list's loader
 * asks for one per row.
 */
export function getT(context: Context): TFunction {
  return serverTranslation(getInstance(context)).t;
}

/**
 * The form a post sent, parsed once by the form-body middleware
 * (`app/middleware/request-body.server.ts`) before any action runs: the
 * request's body is read then and never again, so actions and helpers read
 * the form from here, never from the request itself.
 */
export const postedFormContext = createContext<FormData>();

/** The posted form of this request (throws for a request that posted none, e.g. a GET). */
export function postedForm(context: Context): FormData {
  return context.get(postedFormContext);
}

/** The visitor's cookie session, read once per request. */
export const sessionContext = createContext<AppSession>();

/** The API client bound to the session's token, the language and the client. */
export const apiContext = createContext<Api>();

/**
 * The signed-in user of a home-layout page, read from the backend by its
 * middleware: a promise, as a page's loaders start beside that read
 * (docs/decisions/2026-11-27-reads-beside-the-user.md). It resolves once the
 * user is known and allowed on the page; for one who is not, it never
 * resolves before the refusal has been answered, and then rejects.
 */
export const userContext = createContext<Promise<CurrentUser>>();

/** The signed-in user, once the home layout's middleware let them open the page. */
export function getUser(context: Context): Promise<CurrentUser> {
  return context.get(userContext);
}

/**
 * The `Retry-After` of a request refused by a limit: the page an action
 * throws loses the headers of its error, so the retry-after middleware puts
 * the wait on the rendered page.
 */
export const retryAfterContext = createContext<{ seconds: number | null }>();

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: (typeof resources)["zh"];
  }
}
