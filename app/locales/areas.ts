// Relative imports: the build configuration reads every text (resources.ts) outside the bundle.
import { browserTranslator } from "../utils/translator.ts";
import type { areas as enAreas } from "./en/index.ts";
import type { Locale } from "./index.ts";
import type { areas as zhAreas } from "./zh/index.ts";

/**
 * Texts of a part of the portal that most pages never show: the account
 * pages, the usage instructions, the inventory pages, the qualification
 * forms. They are not in a language's translation chunk (`load.ts`, the
 * same on every page; an area may leave a few of its texts there, as the
 * account area does for the bell and the login page) but
 * travel with the modules that show them: each such module registers them
 * when it loads, which is before the page that uses it renders, on the first
 * load (route modules load before the entry) and after a navigation alike.
 * The server holds every text (`resources.ts`): registering is for the
 * browser only. The areas are those the language indexes name
 * (`areas` of `./zh/index.ts` and `./en/index.ts`: an area one of them
 * lacks cannot be registered). `tests/unit/translation-areas.test.ts` checks
 * that every module using an area's keys registers it.
 */
/** An area both languages name. */
export type Area = keyof typeof zhAreas & keyof typeof enAreas;

const registered = new Map<Area, Record<Locale, object>>();

export function registerArea(area: Area, texts: Record<Locale, object>): void {
  // Not in a browser (the server, tests): every text is there already.
  if (typeof document === "undefined" || registered.has(area)) return;
  registered.set(area, texts);
  // Before the start, the entry adds them with the language's chunk.
  if (!browserTranslator.isInitialized) return;
  for (const [locale, translation] of Object.entries(texts)) {
    if (browserTranslator.hasResourceBundle(locale, "translation")) {
      browserTranslator.addResourceBundle(locale, "translation", { [area]: translation });
    }
  }
}

/** A language's chunk with areas' texts added, each to the chunk's group of its name. */
type WithAreas<Chunk, Areas> = Omit<Chunk, keyof Areas> & {
  [K in keyof Areas]: (K extends keyof Chunk ? Chunk[K] : unknown) & Areas[K];
};

/**
 * Adds areas' texts to a language's chunk (the account area to the few
 * account texts the chunk keeps): the server's every text, and the
 * browser's chunk with what its modules registered.
 */
export function withAreas<Chunk extends object, Areas extends Record<string, object>>(
  chunk: Chunk,
  areas: Areas,
): WithAreas<Chunk, Areas> {
  const merged = { ...chunk } as Record<string, object>;
  for (const [area, texts] of Object.entries(areas)) merged[area] = { ...merged[area], ...texts };
  return merged as WithAreas<Chunk, Areas>;
}

/** The registered areas' texts in one language, to go with that language's chunk. */
export function registeredAreas(locale: Locale): Record<string, object> {
  return Object.fromEntries([...registered].map(([area, texts]) => [area, texts[locale]]));
}
