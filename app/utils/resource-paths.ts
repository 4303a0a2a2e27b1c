import { DEFAULT_LOCALE, type Locale } from "~/locales/index.ts";
import { LANG_COOKIE, readCookie } from "~/utils/cookies.ts";
import { localeOfPath, parseLocale, stripLocale } from "~/utils/locale-path.ts";
import { RESOURCES, type ResourceDeclaration } from "~/utils/site-map.ts";

/**
 * Resource routes (form posts, downloads, images), declared in
 * `app/utils/site-map.ts`: one copy each, no language of their own in the
 * URL, never redirected by the language rules.
 */
const RESOURCE_BY_PATH = new Map(RESOURCES.map((resource) => [resource.path, resource]));

function resourceOf(pathname: string): ResourceDeclaration | undefined {
  return RESOURCE_BY_PATH.get(stripLocale(pathname).replace(/\/$/, "") || "/");
}

export function isResourcePath(pathname: string): boolean {
  return resourceOf(pathname) !== undefined;
}

/**
 * The page whose rule a resource route shares (its declaration's `page`):
 * `requireAccess(context, resourcePage(request))` refuses whom that page refuses.
 */
export function resourcePage(request: Request): string {
  const page = resourceOf(new URL(request.url).pathname)?.page;
  if (!page) throw new Error(`${new URL(request.url).pathname} belongs to no page`);
  return page;
}

/**
 * The language a request is answered in. Pages: their URL. Resource routes:
 * the page that sent the request (its Referer, same host only), else the
 * `lang` cookie — so a download started on `/en/order` has English headers
 * and an error from it English text.
 *
 * `url` is React Router's normalized URL of the request (the `url` of a
 * middleware's or loader's arguments), not `request.url`: a page's data
 * request names another path (`/en.data` for `/en`, `/en/order/_.data` for
 * `/en/order/`).
 */
export function localeOfRequest(request: Request, url: URL): Locale {
  if (!isResourcePath(url.pathname)) return localeOfPath(url.pathname);
  if (url.pathname.startsWith("/en/")) return "en";
  const from = refererOnThisHost(request);
  if (from) return localeOfPath(from.pathname);
  return parseLocale(readCookie(request.headers.get("Cookie"), LANG_COOKIE)) ?? DEFAULT_LOCALE;
}

/** The page that sent the request (its Referer), when it is one of this host; another site's, or an unreadable one, says nothing. */
export function refererOnThisHost(request: Request): URL | undefined {
  const referer = request.headers.get("Referer");
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    return from.host === new URL(request.url).host ? from : undefined;
  } catch {
    return undefined;
  }
}
