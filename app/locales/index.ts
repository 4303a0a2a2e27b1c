import type { Resource } from "i18next";
import en from "./en/index.ts";
import zh from "./zh/index.ts";

export const LOCALES = ["zh", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "zh";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** BCP 47 tags for Intl and `<html lang>`. */
export const LOCALE_TAGS: Record<Locale, string> = { zh: "zh-CN", en: "en" };

export const resources = { zh, en } satisfies Resource;
