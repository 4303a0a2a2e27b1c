/**
 * Who may see what (SPEC.md section 6). The side menu is drawn from this table
 * and every loader and action checks the same table on the server, so a
 * forbidden page answers 403 whether or not its menu item is shown.
 */
import type { Role } from "~/contract/index.ts";

/** Everybody is a Guest; a user's scope roles come on top. */
export type Permission = Role | "GUEST";

const STAFF: readonly Permission[] = ["CBA_MANAGER", "SYSTEM_ADMINISTRATOR"];
const EVERYONE: readonly Permission[] = ["GUEST"];

export interface MenuItem {
  /** Translation key of the label. */
  label: string;
  /** Path without locale prefix. */
  path: string;
  icon?: "server" | "inventory" | "qualification" | "settings" | "explain";
  allow: readonly Permission[];
  children?: readonly MenuItem[];
  /** Item group heading (translation key) shown above the item. */
  group?: string;
}

export const MENU: readonly MenuItem[] = [
  {
    label: "menu.server",
    path: "/server",
    icon: "server",
    allow: STAFF,
    group: "menu.groupOperations",
  },
  {
    label: "menu.inventorySystem",
    path: "/inventory_system",
    icon: "inventory",
    allow: STAFF,
    children: [
      { label: "menu.inventory", path: "/inventory_system/inventory", allow: STAFF },
      { label: "menu.inventoryDetail", path: "/inventory_system/detail", allow: STAFF },
      { label: "menu.arrivalReport", path: "/inventory_system/arrival_report", allow: STAFF },
    ],
  },
  {
    label: "menu.qualificat",
    path: "/qualificat",
    icon: "qualification",
    allow: EVERYONE,
    group: "menu.groupAccount",
  },
  {
    label: "menu.setting",
    path: "/setting",
    icon: "settings",
    allow: STAFF,
    children: [
      { label: "menu.settingCenter", path: "/setting/center", allow: STAFF },
      { label: "menu.settingAccount", path: "/setting/account", allow: STAFF },
      { label: "menu.subAccount", path: "/sub_account", allow: STAFF },
    ],
  },
  { label: "menu.explain", path: "/explain", icon: "explain", allow: STAFF },
];

/**
 * Pages of the home layout and who may open them. Pages reached from a menu
 * entry share its rule; /sub_account belongs to company administrators.
 */
const PAGE_RULES: readonly { prefix: string; allow: readonly Permission[] }[] = [
  { prefix: "/server", allow: STAFF },
  { prefix: "/order", allow: STAFF },
  { prefix: "/inventory_system", allow: STAFF },
  { prefix: "/qualificat", allow: EVERYONE },
  { prefix: "/setting", allow: STAFF },
  { prefix: "/explain", allow: STAFF },
  { prefix: "/sub_account", allow: STAFF },
];

export function permissionsOf(scope: readonly Role[]): Permission[] {
  return ["GUEST", ...scope];
}

export function isAllowed(scope: readonly Role[], allow: readonly Permission[]): boolean {
  const mine = permissionsOf(scope);
  return allow.some((permission) => mine.includes(permission));
}

/** Whether a user with `scope` may open the page at `path` (locale prefix removed). */
export function canOpen(scope: readonly Role[], path: string): boolean {
  const rule = PAGE_RULES.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  return rule ? isAllowed(scope, rule.allow) : true;
}

/** The menu as this user sees it: forbidden items and empty submenus removed. */
export function menuFor(scope: readonly Role[]): MenuItem[] {
  return MENU.filter((item) => isAllowed(scope, item.allow)).flatMap((item) => {
    if (!item.children) return [item];
    const children = item.children.filter((child) => isAllowed(scope, child.allow));
    return children.length ? [{ ...item, children }] : [];
  });
}

/** Where a user lands after login when no path was remembered. */
export function homePathFor(scope: readonly Role[]): string {
  if (canOpen(scope, "/server")) return "/server";
  const first = menuFor(scope)[0];
  return first?.children?.[0]?.path ?? first?.path ?? "/qualificat";
}
