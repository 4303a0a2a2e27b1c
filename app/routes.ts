import {
  index,
  layout,
  prefix,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from "@react-router/dev/routes";
import {
  HOME_LAYOUT,
  HOME_PAGES,
  NOT_FOUND_PAGE,
  type PageDeclaration,
  PUBLIC_PAGES,
  REGISTER_LAYOUT,
  REGISTER_PAGES,
  RESOURCES,
  routeIdOf,
} from "./utils/site-map.ts";

/**
 * The route config, drawn from the one declaration of the portal's
 * addresses (`app/utils/site-map.ts`). Every page exists twice: Chinese
 * without prefix and English under `/en`. The English copies get ids of their
 * own ("en/..."), else React Router would see the same file twice under one id.
 */
function pages(lang: "zh" | "en"): RouteConfigEntry[] {
  const id = (file: string) => (lang === "en" ? { id: `en/${routeIdOf(file)}` } : {});
  const page = ({ path, file }: PageDeclaration) =>
    path === "/" ? index(file, id(file)) : route(path.slice(1), file, id(file));

  return [
    ...PUBLIC_PAGES.map(page),
    layout(REGISTER_LAYOUT, id(REGISTER_LAYOUT), REGISTER_PAGES.map(page)),
    layout(HOME_LAYOUT, id(HOME_LAYOUT), HOME_PAGES.map(page)),
  ];
}

export default [
  ...pages("zh"),
  ...prefix("en", pages("en")),
  // Resource routes: one language-independent copy each.
  ...RESOURCES.map(({ path, file }) => route(path.slice(1), file)),
  route("*", NOT_FOUND_PAGE.file),
] satisfies RouteConfig;
