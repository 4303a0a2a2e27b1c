/**
 * The title key of each page by its route id (without the `routes/` every
 * page's id starts with), from the site map's declared pages.
 *
 * The browser build replaces this module by its value, worked out at build
 * time (`pageTitles` in vite.config.ts), so the site map, which every page's
 * title would otherwise carry into the shell, stays out of the browser. The
 * server and the tests run it as written. A plain data module with relative
 * imports: the build configuration loads it outside the application bundle.
 */
import {
  HOME_PAGES,
  MENU,
  type MenuEntry,
  type MenuItem,
  NOT_FOUND_PAGE,
  type OwnTitleKey,
  PUBLIC_PAGES,
  REGISTER_PAGES,
  routeIdOf,
  type TitleKey,
} from "./site-map.ts";

const PAGES = [...PUBLIC_PAGES, ...REGISTER_PAGES, ...HOME_PAGES, NOT_FOUND_PAGE];
const idOf = (page: { file: string }) => routeIdOf(page.file).replace(/^routes\//, "");

export const TITLE_OF_ROUTE: Readonly<Record<string, TitleKey>> = Object.fromEntries(
  PAGES.flatMap((page) => (page.title ? [[idOf(page), page.title] as const] : [])),
);

/**
 * The map the browser build bakes: without the pages that only send the
 * user on (`redirectsTo`), whose loaders always redirect, so the browser
 * never draws them.
 */
export function drawnTitleOfRoute(): Record<string, TitleKey> {
  const neverDrawn = new Set(
    PAGES.filter((page) => "redirectsTo" in page && page.redirectsTo).map(idOf),
  );
  return Object.fromEntries(Object.entries(TITLE_OF_ROUTE).filter(([id]) => !neverDrawn.has(id)));
}

const labelsOf = (entries: readonly (MenuEntry | MenuItem)[]): string[] =>
  entries.flatMap((entry) => [
    entry.label,
    ...("group" in entry && entry.group ? [entry.group] : []),
    ...("children" in entry ? labelsOf(entry.children ?? []) : []),
  ]);

/**
 * The menu's labels that are the title in a page's own texts (the audit log's).
 * The side menu draws them on every signed-in page, where that page's texts
 * (an area, app/locales/areas.ts) are not loaded: the browser build adds
 * these titles to each language's chunk (`pageTitles` in vite.config.ts),
 * and the rest of the page's texts stay in its area.
 */
export const MENU_OWN_TITLES = [
  ...new Set(labelsOf(MENU).filter((label) => /^(?!menu\.|titles\.)\w+\.title$/.test(label))),
] as OwnTitleKey[];

/**
 * The texts of `MENU_OWN_TITLES` in one language, by group (`{ audit: { title:
 * "操作记录" } }`), read from that language's every text, for the build to add
 * to the language's chunk. A title the texts lack throws: the build fails.
 */
export function menuOwnTitleTexts(
  translation: Readonly<Record<string, unknown>>,
): Record<string, { title: string }> {
  return Object.fromEntries(
    MENU_OWN_TITLES.map((key) => {
      const group = key.slice(0, -".title".length);
      const title = (translation[group] as { title?: unknown } | undefined)?.title;
      if (typeof title !== "string") throw new Error(`The menu's label ${key} names no text`);
      return [group, { title }];
    }),
  );
}
