import type { Resource } from "i18next";
import { registeredAreas } from "./areas.ts";
import type { Locale } from "./index.ts";

/**
 * The translations of one locale, as a chunk of its own: the browser only
 * loads the language of the page (switching language reloads the page), and
 * of it the texts every page may show, with the areas the page's modules
 * registered (areas.ts).
 */
export async function loadTranslations(locale: Locale): Promise<Resource[string]> {
  const module = locale === "en" ? await import("./en/base.ts") : await import("./zh/base.ts");
  const translation: Record<string, object> = { ...module.default.translation };
  // An area may add to a group the chunk has a few texts of (the account's).
  for (const [area, texts] of Object.entries(registeredAreas(locale))) {
    translation[area] = { ...translation[area], ...texts };
  }
  return { translation };
}
