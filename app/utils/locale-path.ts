// Relative: the fake backend runs this module under plain Node (mocks/i18n.ts).
import { DEFAULT_LOCALE, isLocale, type Locale } from "../locales/index.ts";

/** The locale a path is rendered in: `/en` and `/en/...` are English, the rest Chinese. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return first === "en" ? "en" : DEFAULT_LOCALE;
}

/** The path without its locale prefix: `/en/order` → `/order`, `/en` → `/`. */
export function stripLocale(pathname: string): string {
  if (pathname === "/en") return "/";
  if (pathname.startsWith("/en/")) return pathname.slice(3);
  return pathname;
}

/** The same page in `locale`: `localizePath("/order", "en")` → `/en/order`. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === "/" ? `/${locale}` : `/${locale}${bare}`;
}

/**
 * A link with a query must already end its path in `/` (the portal redirects
 * `/order?x=1` to `/order/?x=1`), so every link the portal emits is built here.
 */
export function hrefWithQuery(
  pathname: string,
  query?: URLSearchParams | Record<string, string | number | undefined | null>,
): string {
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query ?? {})
            .filter(([, value]) => value !== undefined && value !== null && value !== "")
            .map(([key, value]) => [key, String(value)]),
        );
  return hrefWithSearch(pathname, params.toString());
}

/** `pathname` with an encoded query (`a=1&b=2`), as `hrefWithQuery` writes it. */
export function hrefWithSearch(pathname: string, search: string): string {
  if (!search) return pathname;
  return `${pathname.endsWith("/") ? pathname : `${pathname}/`}?${search}`;
}

export function parseLocale(value: string | null | undefined): Locale | undefined {
  const short = value?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(short) ? short : undefined;
}

/** A weight as RFC 9110 writes it: 0 to 1, at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Picks en or zh from an Accept-Language header by weight, the first named
 * winning a tie; zh when neither is named. The one reading of the header:
 * the portal's first-visit redirect and the fake backend's messages both use
 * it. A range counts by its first subtag (`en-US`, and `en_US` as some
 * clients send it); a weight that is not a valid `q` (RFC 9110: 0 to 1, at
 * most three decimals) drops its range, and `q=0` means "not this one".
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: { locale: Locale; quality: number } | undefined;
  for (const part of header.split(",")) {
    const [range = "", ...params] = part.split(";");
    const locale = parseLocale(range);
    if (!locale) continue;
    let quality = 1;
    const weight = params.find((param) => param.split("=")[0]?.trim().toLowerCase() === "q");
    if (weight !== undefined) {
      const value = weight.slice(weight.indexOf("=") + 1).trim();
      if (!QVALUE.test(value)) continue;
      quality = Number(value);
    }
    if (quality > 0 && (!best || quality > best.quality)) best = { locale, quality };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
