/**
 * One title per page, "<page> · <product name>", in the page's language. The
 * page is known by its route id (one route serves both languages), so route
 * modules need no code of their own for it.
 */
import { TITLE_OF_ROUTE } from "~/utils/route-titles.ts";
import type { TitleKey } from "~/utils/site-map.ts";

export type { TitleKey };

/** The title key of the deepest matched route that has one. */
export function titleKeyOf(routeIds: readonly string[]): TitleKey | undefined {
  for (const id of [...routeIds].reverse()) {
    const key = TITLE_OF_ROUTE[id.replace(/^routes\//, "")];
    if (key) return key;
  }
  return undefined;
}

/** The title key of an error page by its HTTP status. */
export function errorTitleKey(status: number): TitleKey {
  if (status === 404) return "notFound";
  if (status === 403) return "forbidden";
  if (status === 405) return "methodNotAllowed";
  if (status === 429) return "tooManyAttempts";
  return "serverError";
}

type Translate = (key: string) => string;

/**
 * "订单管理 · 跨境电商保税物流平台"; the product name alone for a page without a
 * title. A title key with a dot is a key of the page's own texts, any other
 * one of `titles.*`.
 */
export function pageTitle(t: Translate, key: TitleKey | undefined): string {
  const product = t("common.appName");
  return key
    ? `${t(key.includes(".") ? key : `titles.${key}`)}${t("titles.separator")}${product}`
    : product;
}
