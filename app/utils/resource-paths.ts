import { DEFAULT_LOCALE, type Locale } from "~/locales/index.ts";
import { LANG_COOKIE, readCookie } from "~/utils/cookies.ts";
import { localeOfPath, parseLocale, stripLocale } from "~/utils/locale-path.ts";

/**
 * Resource routes (form posts, downloads, images): one copy each, no language
 * of their own in the URL, never redirected by the language rules.
 */
const RESOURCE_PATHS = new Set([
  "/logout",
  "/language",
  "/captcha",
  "/order/download",
  "/order/import-template",
  "/order/import-report",
  "/inventory/download",
  "/notice/read",
  "/image",
  "/table-columns",
]);

export function isResourcePath(pathname: string): boolean {
  return RESOURCE_PATHS.has(stripLocale(pathname).replace(/\/$/, "") || "/");
}

/**
 * The language a request is answered in. Pages: their URL. Resource routes:
 * the page that sent the request (its Referer, same host only), else the
 * `lang` cookie — so a download started on `/en/order` has English headers
 * and an error from it English text.
 */
export function localeOfRequest(request: Request): Locale {
  const url = new URL(request.url);
  if (!isResourcePath(url.pathname)) return localeOfPath(url.pathname);
  if (url.pathname.startsWith("/en/")) return "en";
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.host === url.host) return localeOfPath(from.pathname);
    } catch {
      // An unreadable Referer says nothing about the language.
    }
  }
  return parseLocale(readCookie(request.headers.get("Cookie"), LANG_COOKIE)) ?? DEFAULT_LOCALE;
}
