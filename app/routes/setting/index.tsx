import { redirect } from "react-router";
import { localizePath } from "~/utils/locale-path.ts";
import { getLocale } from "~/utils/request-context.server.ts";
import type { Route } from "./+types/index";

/** The submenu's own path opens its first page. */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(localizePath("/setting/center", getLocale(context)));
}

/**
 * Never rendered (the loader always redirects), but it makes this a page: a
 * refusal by the layout shows the translated error page, not a resource answer.
 */
export default function SubmenuIndex() {
  return null;
}
