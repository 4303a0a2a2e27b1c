import type { Resource } from "i18next";
import type { Locale } from "./index.ts";

/**
 * The translations of one locale, as a chunk of its own: the browser only
 * loads the language of the page (switching language reloads the page).
 */
export async function loadTranslations(locale: Locale): Promise<Resource[string]> {
  const module = locale === "en" ? await import("./en/index.ts") : await import("./zh/index.ts");
  return module.default;
}
