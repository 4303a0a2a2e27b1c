import { redirect } from "react-router";
import { localizePath } from "~/utils/locale-path.ts";
import { getLocale } from "~/utils/request-context.server.ts";
import type { Route } from "./+types/pc";

/**
 * The error pages under `/pc` send "back to home" here: it leads to the
 * visitor's home (the login page, which sends a signed-in user on to theirs).
 */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(localizePath("/", getLocale(context)));
}

/** Never rendered (the loader always redirects); a page, so errors render as pages. */
export default function PcHome() {
  return null;
}
