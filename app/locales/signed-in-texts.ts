import { browserTranslator } from "~/utils/translator.ts";
import type { Locale } from "./index.ts";
import { loadAlways } from "./load.ts";

/** The signed-in pages' texts of each language (`./zh/signed-in.ts`), each a chunk of its own. */
const CHUNKS: Record<Locale, () => Promise<{ default: object }>> = {
  zh: () => import("./zh/signed-in.ts"),
  en: () => import("./en/signed-in.ts"),
};
const loads = new Map<Locale, Promise<object>>();
/** The languages of the translator that have them (each navigation into the layout asks again). */
const added = new Set<Locale>();

function signedInTexts(locale: Locale): Promise<object> {
  let load = loads.get(locale);
  if (!load) {
    load = CHUNKS[locale]().then((module) => module.default);
    loads.set(locale, load);
  }
  return load;
}
// Once this module runs (the signed-in layout's), every language loads with them.
loadAlways(signedInTexts);

/**
 * The texts only signed-in pages show (lists, orders, saved views), which the
 * login page does not load. The signed-in layout asks for them when its
 * module loads, which on a first load is before the entry starts (the
 * entry's `loadTranslations` then waits for them), and before each
 * navigation into it (signing in navigates without a reload), so no page
 * draws their keys. Another language loaded later comes with them too.
 */
export async function loadSignedInTexts(locale: Locale): Promise<void> {
  const texts = await signedInTexts(locale);
  // Before the start, the entry adds them with the language's chunk.
  if (!browserTranslator.isInitialized || added.has(locale)) return;
  if (browserTranslator.hasResourceBundle(locale, "translation")) {
    browserTranslator.addResourceBundle(locale, "translation", texts);
    added.add(locale);
  }
}
