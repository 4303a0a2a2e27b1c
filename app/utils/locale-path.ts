import { DEFAULT_LOCALE, isLocale, type Locale } from "~/locales/index.ts";

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
  const search = params.toString();
  if (!search) return pathname;
  return `${pathname.endsWith("/") ? pathname : `${pathname}/`}?${search}`;
}

export function parseLocale(value: string | null | undefined): Locale | undefined {
  const short = value?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(short) ? short : undefined;
}

/** Picks en or zh from an Accept-Language header by quality; zh when neither is named. */
export function localeFromAcceptLanguage(header: string | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(",")
    .map((part, position) => {
      const [tag = "", ...rest] = part.trim().split(";");
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { locale: parseLocale(tag), quality: Number.isNaN(quality) ? 0 : quality, position };
    })
    .filter((entry) => entry.locale !== undefined && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  return ranked[0]?.locale ?? DEFAULT_LOCALE;
}
