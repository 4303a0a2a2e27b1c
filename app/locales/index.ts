/**
 * The locales of the portal. The translations themselves live in
 * `resources.ts` (the server's, both languages) and reach the browser through
 * `load.ts` (one language, a chunk of its own): importing this module brings
 * no translations along.
 */
export const LOCALES = ["zh", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "zh";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** BCP 47 tags for Intl and `<html lang>`. */
export const LOCALE_TAGS: Record<Locale, string> = { zh: "zh-CN", en: "en" };
