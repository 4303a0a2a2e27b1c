/**
 * The title key of each page by its route id (without the `en/` of the
 * English copies and the `routes/` every page's id starts with), from the
 * site map's declared pages.
 *
 * The browser build replaces this module by its value, worked out at build
 * time (`pageTitles` in vite.config.ts), so the site map, which every page's
 * title would otherwise carry into the shell, stays out of the browser. The
 * server and the tests run it as written. A plain data module with relative
 * imports: the build configuration loads it outside the application bundle.
 */
import {
  HOME_PAGES,
  NOT_FOUND_PAGE,
  PUBLIC_PAGES,
  REGISTER_PAGES,
  routeIdOf,
  type TitleKey,
} from "./site-map.ts";

export const TITLE_OF_ROUTE: Readonly<Record<string, TitleKey>> = Object.fromEntries(
  [...PUBLIC_PAGES, ...REGISTER_PAGES, ...HOME_PAGES, NOT_FOUND_PAGE].flatMap((page) =>
    page.title ? [[routeIdOf(page.file).replace(/^routes\//, ""), page.title] as const] : [],
  ),
);
