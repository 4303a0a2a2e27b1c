/**
 * One title per page, "<page> · <product name>", in the page's language. The
 * page is known by its route id (the English copies carry an `en/` prefix),
 * so route modules need no code of their own for it.
 */
import type zhTitles from "~/locales/zh/titles.ts";

export type TitleKey = Exclude<keyof typeof zhTitles, "separator" | "navigatedTo">;

const TITLE_OF_ROUTE: Record<string, TitleKey> = {
  "routes/login": "login",
  "routes/login.callback": "login",
  "routes/forge-password": "forgePassword",
  "routes/error.404": "notFound",
  "routes/error.500": "serverError",
  "routes/error.403": "forbidden",
  "routes/error.405": "methodNotAllowed",
  "routes/notifications": "notifications",
  "routes/not-found": "notFound",
  "routes/register/account-registration": "registration",
  "routes/register/account-registration-step": "registration",
  "routes/register/residence-process": "residenceProcess",
  "routes/register/privacy-policy": "privacyPolicy",
  "routes/server/services": "services",
  "routes/server/pallets": "pallets",
  "routes/order/orders": "orders",
  "routes/inventory/index": "inventory",
  "routes/inventory/inventory": "inventory",
  "routes/inventory/detail": "inventoryDetail",
  "routes/inventory/arrival-report": "arrivalReport",
  "routes/qualificat": "qualificat",
  "routes/setting/index": "settingCenter",
  "routes/setting/center": "settingCenter",
  "routes/setting/account": "settingAccount",
  "routes/sub-account": "subAccount",
  "routes/explain": "explain",
  "routes/demo-mailbox": "mailbox",
};

/** The title key of the deepest matched route that has one. */
export function titleKeyOf(routeIds: readonly string[]): TitleKey | undefined {
  for (const id of [...routeIds].reverse()) {
    const key = TITLE_OF_ROUTE[id.replace(/^en\//, "")];
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

/** "订单管理 · 跨境电商保税物流平台"; the product name alone for a page without a title. */
export function pageTitle(t: Translate, key: TitleKey | undefined): string {
  const product = t("common.appName");
  return key ? `${t(`titles.${key}`)}${t("titles.separator")}${product}` : product;
}
