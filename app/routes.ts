import {
  index,
  layout,
  prefix,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from "@react-router/dev/routes";

/**
 * Every page exists twice: Chinese without prefix and English under `/en`.
 * The English copies get ids of their own ("en/..."), else React Router would
 * see the same file twice under one id.
 */
function pages(lang: "zh" | "en"): RouteConfigEntry[] {
  const id = (file: string) => (lang === "en" ? { id: `en/${file.replace(/\.tsx?$/, "")}` } : {});
  const page = (path: string, file: string) => route(path, file, id(file));

  return [
    index("routes/login.tsx", id("routes/login.tsx")),
    page("login", "routes/login.callback.tsx"),
    page("forge_password", "routes/forge-password.tsx"),
    page("error/404", "routes/error.404.tsx"),
    page("error/500", "routes/error.500.tsx"),
    page("error/403", "routes/error.403.tsx"),
    page("error/405", "routes/error.405.tsx"),
    page("demo/mailbox", "routes/demo-mailbox.tsx"),

    layout("routes/layouts/register.tsx", id("routes/layouts/register.tsx"), [
      page("register/accountRegistration", "routes/register/account-registration.tsx"),
      page(
        "register/components/accountRegistrationStep",
        "routes/register/account-registration-step.tsx",
      ),
      page("register/residence_process", "routes/register/residence-process.tsx"),
      page("register/privacyPolicy", "routes/register/privacy-policy.tsx"),
    ]),

    layout("routes/layouts/home.tsx", id("routes/layouts/home.tsx"), [
      page("server", "routes/server/services.tsx"),
      page("server/salver", "routes/server/pallets.tsx"),
      page("order", "routes/order/orders.tsx"),
      page("inventory_system", "routes/inventory/index.tsx"),
      page("inventory_system/inventory", "routes/inventory/inventory.tsx"),
      page("inventory_system/detail", "routes/inventory/detail.tsx"),
      page("inventory_system/arrival_report", "routes/inventory/arrival-report.tsx"),
      page("qualificat", "routes/qualificat.tsx"),
      page("setting", "routes/setting/index.tsx"),
      page("setting/center", "routes/setting/center.tsx"),
      page("setting/account", "routes/setting/account.tsx"),
      page("sub_account", "routes/sub-account.tsx"),
      page("explain", "routes/explain.tsx"),
      page("notifications", "routes/notifications.tsx"),
    ]),
  ];
}

export default [
  ...pages("zh"),
  ...prefix("en", pages("en")),
  // Resource routes: one language-independent copy each.
  route("logout", "routes/resources/logout.ts"),
  route("language", "routes/resources/language.ts"),
  route("captcha", "routes/resources/captcha.ts"),
  route("order/download", "routes/resources/order-download.ts"),
  route("order/import-template", "routes/resources/order-import-template.ts"),
  route("order/import-report", "routes/resources/order-import-report.ts"),
  route("inventory/download", "routes/resources/inventory-download.ts"),
  route("notice/read", "routes/resources/notice-read.ts"),
  route("table-columns", "routes/resources/table-columns.ts"),
  route("image", "routes/resources/image.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
