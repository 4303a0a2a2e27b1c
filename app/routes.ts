import { layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import {
  HOME_LAYOUT,
  HOME_PAGES,
  NOT_FOUND_PAGE,
  type PageDeclaration,
  PUBLIC_PAGES,
  REGISTER_LAYOUT,
  REGISTER_PAGES,
  RESOURCES,
} from "./utils/site-map.ts";

/**
 * The route config, drawn from the one declaration of the portal's
 * addresses (`app/utils/site-map.ts`). Each page is declared once, with the
 * language as an optional first segment (`en?/order` answers `/order` and
 * `/en/order`; `en?` alone is `/` and `/en`): one route id per page in both
 * languages, and half the routes React Router rebuilds from its manifest
 * for every render (docs/decisions/2026-11-26-one-route-per-page.md).
 * The language itself is read from the address (`app/utils/locale-path.ts`).
 */
const page = ({ path, file }: PageDeclaration): RouteConfigEntry =>
  route(path === "/" ? "en?" : `en?${path}`, file);

export default [
  ...PUBLIC_PAGES.map(page),
  layout(REGISTER_LAYOUT, REGISTER_PAGES.map(page)),
  layout(HOME_LAYOUT, HOME_PAGES.map(page)),
  // Resource routes: one language-independent route each, without the optional segment.
  ...RESOURCES.map(({ path, file }) => route(path.slice(1), file)),
  route("*", NOT_FOUND_PAGE.file),
] satisfies RouteConfig;
