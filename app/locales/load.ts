import { registeredAreas, withAreas } from "./areas.ts";
import type { Locale } from "./index.ts";

/** More texts a language needs once a module asked for them (./signed-in-texts.ts). */
const extraTexts: ((locale: Locale) => Promise<object>)[] = [];

/** Adds texts that `loadTranslations` loads with every language from now on (once each). */
export function loadAlways(texts: (locale: Locale) => Promise<object>): void {
  extraTexts.push(texts);
}

/**
 * The translations of one locale, as a chunk of its own: the browser only
 * loads the language of the page (switching language reloads the page), and
 * of it the texts every page may show, with the areas the page's modules
 * registered (areas.ts) and the texts they asked for (`loadAlways`).
 */
export async function loadTranslations(locale: Locale): Promise<{ translation: object }> {
  const module = locale === "en" ? await import("./en/base.ts") : await import("./zh/base.ts");
  // Asked after the chunk's wait, as the areas are: the route modules of a
  // first load run after the entry's start but before this (their chunks are
  // preloaded beside this one, so the wait is not longer).
  const extra = await Promise.all(extraTexts.map((texts) => texts(locale)));
  return {
    translation: withAreas(
      Object.assign({}, module.default.translation, ...extra),
      registeredAreas(locale),
    ),
  };
}
