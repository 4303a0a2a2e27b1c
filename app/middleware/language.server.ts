import { type MiddlewareFunction, redirect } from "react-router";
import { env } from "~/config/env.server.ts";
import { I18N_REDIRECTED_COOKIE, LANG_COOKIE, plainCookie, readCookie } from "~/utils/cookies.ts";
import { localeFromAcceptLanguage, localeOfPath, localizePath } from "~/utils/locale-path.ts";
import { isResourcePath } from "~/utils/resource-paths.ts";
import { localRedirectTarget } from "~/utils/same-origin.server.ts";

/**
 * The routing rules of docs/product.md, Languages and addresses, for page
 * requests typed or bookmarked by a person (client navigations already use
 * the right URLs):
 * 1. `/path?query` → `/path/?query`;
 * 2. cookie `lang=en` on an unprefixed path → `/en/path`, query kept;
 * 3. a first visit (no `i18n_redirected`, no `lang`) takes the language from
 *    Accept-Language, remembers it for 365 days, and English goes to `/en`.
 */
export const languageMiddleware: MiddlewareFunction<Response> = async ({ request, url }, next) => {
  const isDocument = request.method === "GET" && !pathOf(request.url).endsWith(".data");
  if (!isDocument || isResourcePath(url.pathname)) return next();

  const cookies = request.headers.get("Cookie");
  const lang = readCookie(cookies, LANG_COOKIE);
  const firstVisit = !readCookie(cookies, I18N_REDIRECTED_COOKIE) && !lang;
  const pathLocale = localeOfPath(url.pathname);

  let target = url.pathname;
  const setCookies: string[] = [];
  if (firstVisit) {
    const detected = localeFromAcceptLanguage(request.headers.get("Accept-Language"));
    setCookies.push(plainCookie(I18N_REDIRECTED_COOKIE, detected, { secure: env().cookieSecure }));
    if (detected === "en" && pathLocale !== "en") target = localizePath(target, "en");
  } else if (lang === "en" && pathLocale !== "en") {
    target = localizePath(target, "en");
  }
  if (url.search && !target.endsWith("/")) target = `${target}/`;

  if (target !== url.pathname) {
    const headers = new Headers();
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
    // The target echoes the typed path: it must never name another host (`//evil.test`).
    throw redirect(localRedirectTarget(`${target}${url.search}`), { headers });
  }
  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

/**
 * The path of an absolute URL as the client sent it (`url` is React Router's,
 * without `.data`): read from the string, which every page request would
 * otherwise parse a second time.
 */
function pathOf(href: string): string {
  const start = href.indexOf("/", href.indexOf("//") + 2);
  if (start < 0) return "/";
  let end = href.length;
  for (const mark of ["?", "#"]) {
    const at = href.indexOf(mark, start);
    if (at >= 0 && at < end) end = at;
  }
  return href.slice(start, end);
}
