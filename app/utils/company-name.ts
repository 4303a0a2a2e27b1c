import type { Locale } from "~/locales/index.ts";

/**
 * A company's name in the page's language: its English name on an English
 * page when it gave one (the English name is optional in the qualification
 * form), else its Chinese name, which every company has.
 */
export function companyNameIn(
  locale: Locale,
  company: { readonly nameZh: string; readonly nameEn: string },
): string {
  return locale === "en" && company.nameEn.trim() !== "" ? company.nameEn : company.nameZh;
}
