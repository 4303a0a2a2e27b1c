import { registeredAreas, withAreas } from "./areas.ts";
import type { Locale } from "./index.ts";

/**
 * The translations of one locale, as a chunk of its own: the browser only
 * loads the language of the page (switching language reloads the page), and
 * of it the texts every page may show, with the areas the page's modules
 * registered (areas.ts).
 */
export async function loadTranslations(locale: Locale): Promise<{ translation: object }> {
  const module = locale === "en" ? await import("./en/base.ts") : await import("./zh/base.ts");
  return { translation: withAreas(module.default.translation, registeredAreas(locale)) };
}
