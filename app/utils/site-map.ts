/**
 * The portal's addresses, declared once: every page (its path, module and
 * title), the side menu with the rule of who may open each entry, and the
 * resource routes with the page whose rule they share.
 *
 * Read by `app/routes.ts` (the route config), `app/utils/permissions.ts` (the
 * page rules and the menu), `app/utils/resource-paths.ts` (language rules of
 * resource routes), `app/utils/route-titles.ts` (titles: the browser build
 * receives its map worked out, so this module stays out of the first load) and the access matrix
 * of the end-to-end tests. The roles come from the contract
 * (`app/contract/roles.ts`): a staff page opens for exactly the roles its
 * backend calls require.
 *
 * A plain data module with relative imports: the route config and the tests
 * load it outside the application bundle.
 */
import { LOGISTICS_ROLES, type Role, SETTINGS_ROLES } from "../contract/roles.ts";
import type { HomePageChoice } from "../contract/workbench.ts";
import type zhTexts from "../locales/zh/index.ts";
import type zhMenu from "../locales/zh/menu.ts";
import type zhTitles from "../locales/zh/titles.ts";

/** Everybody signed in is a Guest; a user's scope roles come on top. */
export type Permission = Role | "GUEST";

/** The staff pages: the roles of the logistics calls behind them. */
export const STAFF: readonly Permission[] = LOGISTICS_ROLES;
/** The settings pages: the roles of the account calls behind them. */
export const SETTINGS: readonly Permission[] = SETTINGS_ROLES;
/** Every signed-in user. */
export const EVERYONE: readonly Permission[] = ["GUEST"];

type ZhTexts = (typeof zhTexts)["translation"];
/**
 * The title of a page that has texts of its own: the `title` of its texts'
 * group (audit.title), a full translation key. A group without a `title`
 * fails the typecheck.
 */
export type OwnTitleKey = {
  [Group in keyof ZhTexts]: ZhTexts[Group] extends { title: string } ? `${Group}.title` : never;
}[keyof ZhTexts];
/**
 * A page's title (the browser tab: "<page> · <product name>"): the title in
 * the page's own texts (`OwnTitleKey`, with a dot), or a key of `titles.*`
 * ("orders", without one) for a page whose texts are shared with others or
 * that every page may need (the public and error pages). A new page with
 * texts of its own names its `title` there, and `titles.*` needs no line.
 */
export type TitleKey = Exclude<keyof typeof zhTitles, "separator" | "navigatedTo"> | OwnTitleKey;
/**
 * Translation keys of the menu's labels and group headings: a label of its
 * own (`menu.*`), or the title of the entry's page (`titles.*`, or the
 * title in the page's own texts, which the browser build adds to every
 * page's texts: `pageTitles` in vite.config.ts), so a new page's entry needs
 * no text of its own.
 */
export type MenuKey =
  | `menu.${keyof typeof zhMenu}`
  | `titles.${Exclude<TitleKey, OwnTitleKey>}`
  | OwnTitleKey;

/** Page paths without locale prefix (each page answers in English under `/en` too). */
export const PATHS = {
  login: "/",
  loginForm: "/login",
  forgotPassword: "/forge_password",
  notFoundPage: "/error/404",
  serverErrorPage: "/error/500",
  forbiddenPage: "/error/403",
  methodNotAllowedPage: "/error/405",
  demoMailbox: "/demo/mailbox",
  /** The home of the error pages' "back to home" under `/pc`: leads to the visitor's home. */
  pcHome: "/pc",

  registration: "/register/accountRegistration",
  registrationStep: "/register/components/accountRegistrationStep",
  residenceProcess: "/register/residence_process",
  privacyPolicy: "/register/privacyPolicy",

  workbench: "/workbench",
  services: "/server",
  pallets: "/server/salver",
  palletLabels: "/server/salver/label",
  palletManifest: "/server/salver/manifest",
  orders: "/order",
  inventorySystem: "/inventory_system",
  inventory: "/inventory_system/inventory",
  inventoryDetail: "/inventory_system/detail",
  arrivalReport: "/inventory_system/arrival_report",
  audit: "/audit",
  qualification: "/qualificat",
  settings: "/setting",
  settingCenter: "/setting/center",
  settingAccount: "/setting/account",
  subAccount: "/sub_account",
  explain: "/explain",
  notifications: "/notifications",
} as const;

export interface PageDeclaration {
  path: string;
  /** The route module, relative to `app/`. */
  file: string;
  title?: TitleKey;
  /** A page that only sends the user on (a submenu's own address). */
  redirectsTo?: string;
  /**
   * A signed-in page under no menu entry opens for every signed-in user only
   * when it says so here; any other page without an entry is refused to all.
   */
  openToEverySignedInUser?: true;
}

/** Pages for everybody: login, forgot password, error pages, the demo mailbox. */
export const PUBLIC_PAGES: readonly PageDeclaration[] = [
  { path: PATHS.login, file: "routes/login.tsx", title: "login" },
  { path: PATHS.loginForm, file: "routes/login-form.tsx", title: "login" },
  { path: PATHS.forgotPassword, file: "routes/forgot-password.tsx", title: "forgotPassword" },
  { path: PATHS.notFoundPage, file: "routes/error.404.tsx", title: "notFound" },
  { path: PATHS.serverErrorPage, file: "routes/error.500.tsx", title: "serverError" },
  { path: PATHS.forbiddenPage, file: "routes/error.403.tsx", title: "forbidden" },
  { path: PATHS.methodNotAllowedPage, file: "routes/error.405.tsx", title: "methodNotAllowed" },
  { path: PATHS.demoMailbox, file: "routes/demo-mailbox.tsx", title: "mailbox" },
  { path: PATHS.pcHome, file: "routes/pc.tsx", title: "login", redirectsTo: PATHS.login },
];

/** The registration steps, in the registration layout. */
export const REGISTER_LAYOUT = "routes/layouts/register.tsx";
export const REGISTER_PAGES: readonly PageDeclaration[] = [
  {
    path: PATHS.registration,
    file: "routes/register/account-registration.tsx",
    title: "registration",
  },
  {
    path: PATHS.registrationStep,
    file: "routes/register/account-registration-step.tsx",
    title: "registration",
  },
  {
    path: PATHS.residenceProcess,
    file: "routes/register/residence-process.tsx",
    title: "residenceProcess",
  },
  { path: PATHS.privacyPolicy, file: "routes/register/privacy-policy.tsx", title: "privacyPolicy" },
];

/** The signed-in pages, in the home layout (menu and header); each opens by its menu entry's rule. */
export const HOME_LAYOUT = "routes/layouts/home.tsx";
export const HOME_PAGES: readonly PageDeclaration[] = [
  { path: PATHS.workbench, file: "routes/workbench.tsx", title: "workbench.title" },
  { path: PATHS.services, file: "routes/services/services.tsx", title: "services" },
  { path: PATHS.pallets, file: "routes/services/pallets.tsx", title: "pallets" },
  { path: PATHS.palletLabels, file: "routes/services/pallet-labels.tsx", title: "palletLabels" },
  {
    path: PATHS.palletManifest,
    file: "routes/services/pallet-manifest.tsx",
    title: "palletManifest",
  },
  { path: PATHS.orders, file: "routes/order/orders.tsx", title: "orders" },
  {
    path: PATHS.inventorySystem,
    file: "routes/inventory/index.tsx",
    title: "inventory",
    redirectsTo: PATHS.inventory,
  },
  { path: PATHS.inventory, file: "routes/inventory/inventory.tsx", title: "inventory" },
  { path: PATHS.inventoryDetail, file: "routes/inventory/detail.tsx", title: "inventoryDetail" },
  {
    path: PATHS.arrivalReport,
    file: "routes/inventory/arrival-report.tsx",
    title: "arrivalReport",
  },
  { path: PATHS.audit, file: "routes/audit.tsx", title: "audit.title" },
  { path: PATHS.qualification, file: "routes/qualificat.tsx", title: "qualification.title" },
  {
    path: PATHS.settings,
    file: "routes/setting/index.tsx",
    title: "settingCenter",
    redirectsTo: PATHS.settingCenter,
  },
  { path: PATHS.settingCenter, file: "routes/setting/center.tsx", title: "settingCenter" },
  { path: PATHS.settingAccount, file: "routes/setting/account.tsx", title: "settingAccount" },
  { path: PATHS.subAccount, file: "routes/sub-account.tsx", title: "subAccount" },
  { path: PATHS.explain, file: "routes/explain.tsx", title: "explain.title" },
  {
    path: PATHS.notifications,
    file: "routes/notifications.tsx",
    title: "notifications",
    openToEverySignedInUser: true,
  },
];

/** The signed-in pages that every signed-in user may open, whatever the menu says. */
export const OPEN_SIGNED_IN_PAGES: readonly string[] = HOME_PAGES.filter(
  (page) => page.openToEverySignedInUser,
).map((page) => page.path);

/** Any other address: the 404 page. */
export const NOT_FOUND_PAGE = { file: "routes/not-found.tsx", title: "notFound" } as const;

export interface ResourceDeclaration {
  path: string;
  /** The route module, relative to `app/`. */
  file: string;
  /** How a page calls it. */
  method: "GET" | "POST";
  /**
   * The page whose rule it shares: a user who may not open that page may not
   * use it either (the login page for a visitor, else 403). Absent: open to
   * everybody, or checked by the backend alone.
   */
  page?: string;
}

/**
 * Resource routes (form posts, downloads, images): one language-independent
 * copy each, never redirected by the language rules; they answer in the
 * language of the page that called them.
 */
export const RESOURCES: readonly ResourceDeclaration[] = [
  { path: "/logout", file: "routes/resources/logout.ts", method: "POST" },
  { path: "/language", file: "routes/resources/language.ts", method: "POST" },
  { path: "/captcha", file: "routes/resources/captcha.ts", method: "GET" },
  {
    path: "/order/download",
    file: "routes/resources/order-download.ts",
    method: "POST",
    page: PATHS.orders,
  },
  {
    path: "/order/import-template",
    file: "routes/resources/order-import-template.ts",
    method: "GET",
    page: PATHS.orders,
  },
  {
    path: "/order/import-report",
    file: "routes/resources/order-import-report.ts",
    method: "POST",
    page: PATHS.orders,
  },
  {
    path: "/inventory/download",
    file: "routes/resources/inventory-download.ts",
    method: "POST",
    page: PATHS.inventorySystem,
  },
  {
    path: "/audit/download",
    file: "routes/resources/audit-download.ts",
    method: "POST",
    page: PATHS.audit,
  },
  { path: "/notice/read", file: "routes/resources/notice-read.ts", method: "POST" },
  { path: "/table-columns", file: "routes/resources/table-columns.ts", method: "POST" },
  { path: "/saved-views", file: "routes/resources/saved-views.ts", method: "POST" },
  { path: "/image", file: "routes/resources/image.ts", method: "GET" },
];

/** An entry of the menu: a page and the rule of who may open it. */
export interface MenuEntry {
  /** Translation key of the label. */
  label: MenuKey;
  /** Path without locale prefix. */
  path: string;
  allow: readonly Permission[];
  /** Only a company's main account, not its sub-accounts (the backend's rule too). */
  primaryOnly?: boolean;
  /** Other pages (path prefixes) reached from this entry: same rule, and the entry stays highlighted. */
  pages?: readonly string[];
}

/** A top-level entry: with an icon, a group heading, or one level of submenu. */
export interface MenuItem extends MenuEntry {
  icon?: "workbench" | "server" | "inventory" | "audit" | "qualification" | "settings" | "explain";
  /** The submenu: entries without a level of their own (docs/decisions/2026-11-25-menu-depth-and-flag.md). */
  children?: readonly MenuEntry[];
  /** Item group heading (translation key) shown above the item. */
  group?: MenuKey;
}

/**
 * The side menu, and the rule of every page: a page belongs to the most
 * specific entry whose path, or one of its `pages`, starts its path; a page
 * under no entry is refused to everybody unless its declaration opens it to
 * every signed-in user (notifications).
 */
export const MENU: readonly MenuItem[] = [
  {
    label: "menu.workbench",
    path: PATHS.workbench,
    icon: "workbench",
    allow: STAFF,
    group: "menu.groupOperations",
  },
  {
    label: "menu.server",
    path: PATHS.services,
    icon: "server",
    allow: STAFF,
    // The pallet list, its labels and manifests are under the entry's own path.
    pages: [PATHS.orders],
  },
  {
    label: "menu.inventorySystem",
    path: PATHS.inventorySystem,
    icon: "inventory",
    allow: STAFF,
    children: [
      { label: "menu.inventory", path: PATHS.inventory, allow: STAFF },
      { label: "menu.inventoryDetail", path: PATHS.inventoryDetail, allow: STAFF },
      { label: "menu.arrivalReport", path: PATHS.arrivalReport, allow: STAFF },
    ],
  },
  // Sub-accounts too: they already see each order's history in the order list.
  { label: "audit.title", path: PATHS.audit, icon: "audit", allow: STAFF },
  {
    label: "menu.qualificat",
    path: PATHS.qualification,
    icon: "qualification",
    allow: EVERYONE,
    group: "menu.groupAccount",
  },
  {
    label: "menu.setting",
    path: PATHS.settings,
    icon: "settings",
    allow: SETTINGS,
    children: [
      { label: "menu.settingCenter", path: PATHS.settingCenter, allow: SETTINGS },
      { label: "menu.settingAccount", path: PATHS.settingAccount, allow: SETTINGS },
      { label: "menu.subAccount", path: PATHS.subAccount, allow: STAFF, primaryOnly: true },
    ],
  },
  { label: "menu.explain", path: PATHS.explain, icon: "explain", allow: STAFF },
];

/** Where a user who may open the logistics pages lands after login. */
export const STAFF_HOME = PATHS.services;
/** The pages a staff user may choose to land on instead (login settings). */
export const HOME_CHOICE_PATHS: Record<HomePageChoice, string> = {
  services: PATHS.services,
  workbench: PATHS.workbench,
};
/** Where anybody else lands: the only page every signed-in user has in the menu. */
export const GUEST_HOME = PATHS.qualification;

/** The route id of a page module ("routes/order/orders"), the same in both languages. */
export function routeIdOf(file: string): string {
  return file.replace(/\.tsx?$/, "");
}
