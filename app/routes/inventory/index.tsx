import { redirect } from "react-router";
import { getLocale } from "~/middleware/i18next.ts";
import { localizePath } from "~/utils/locale-path.ts";
import type { Route } from "./+types/index";

/** The submenu's own path opens its first page. */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(localizePath("/inventory_system/inventory", getLocale(context)));
}
