/**
 * Who may see what (SPEC.md section 6). One table, `MENU`: the side menu is
 * drawn from it and every loader and action checks the same entries on the
 * server (a page belongs to the most specific entry whose path, or one of its
 * `pages`, starts its path), so a menu item is shown exactly when its page opens.
 */
import type { Role } from "~/contract/index.ts";

/** Everybody is a Guest; a user's scope roles come on top. */
export type Permission = Role | "GUEST";

/**
 * Who is asking: a scope (a company's main account), or the current user,
 * whose `subAccount` flag closes the entries marked `primaryOnly`.
 */
export type Viewer =
  | readonly Role[]
  | { readonly scope: readonly Role[]; readonly subAccount?: boolean };

const STAFF: readonly Permission[] = ["CBA_MANAGER", "SYSTEM_ADMINISTRATOR"];
const EVERYONE: readonly Permission[] = ["GUEST"];

export interface MenuItem {
  /** Translation key of the label. */
  label: string;
  /** Path without locale prefix. */
  path: string;
  icon?: "server" | "inventory" | "qualification" | "settings" | "explain";
  allow: readonly Permission[];
  /** Only a company's main account, not its sub-accounts (the backend's rule too). */
  primaryOnly?: boolean;
  /** Other pages (path prefixes) reached from this entry, under the same rule. */
  pages?: readonly string[];
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
    pages: ["/order"],
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
      { label: "menu.subAccount", path: "/sub_account", allow: STAFF, primaryOnly: true },
    ],
  },
  { label: "menu.explain", path: "/explain", icon: "explain", allow: STAFF },
];

function viewerOf(viewer: Viewer): { scope: readonly Role[]; subAccount: boolean } {
  if (Array.isArray(viewer)) return { scope: viewer as readonly Role[], subAccount: false };
  const user = viewer as Exclude<Viewer, readonly Role[]>;
  return { scope: user.scope, subAccount: user.subAccount === true };
}

export function permissionsOf(scope: readonly Role[]): Permission[] {
  return ["GUEST", ...scope];
}

export function isAllowed(scope: readonly Role[], allow: readonly Permission[]): boolean {
  const mine = permissionsOf(scope);
  return allow.some((permission) => mine.includes(permission));
}

/** Whether `viewer` may use the menu entry `item` (its children aside). */
export function mayUse(viewer: Viewer, item: MenuItem): boolean {
  const { scope, subAccount } = viewerOf(viewer);
  return isAllowed(scope, item.allow) && !(item.primaryOnly && subAccount);
}

const covers = (prefix: string, path: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The menu entry that rules `path`: the most specific one whose path or pages cover it. */
export function entryFor(path: string): MenuItem | undefined {
  let best: { item: MenuItem; length: number } | undefined;
  const visit = (items: readonly MenuItem[]) => {
    for (const item of items) {
      for (const prefix of [item.path, ...(item.pages ?? [])]) {
        if (covers(prefix, path) && (!best || prefix.length > best.length)) {
          best = { item, length: prefix.length };
        }
      }
      if (item.children) visit(item.children);
    }
  };
  visit(MENU);
  return best?.item;
}

/** Whether `viewer` may open the page at `path` (locale prefix removed). */
export function canOpen(viewer: Viewer, path: string): boolean {
  const entry = entryFor(path);
  return entry ? mayUse(viewer, entry) : true;
}

/** The menu as this user sees it: forbidden items and empty submenus removed. */
export function menuFor(viewer: Viewer): MenuItem[] {
  return MENU.filter((item) => mayUse(viewer, item)).flatMap((item) => {
    if (!item.children) return [item];
    const children = item.children.filter((child) => mayUse(viewer, child));
    return children.length ? [{ ...item, children }] : [];
  });
}

/** Where a user lands after login when no path was remembered. */
export function homePathFor(viewer: Viewer): string {
  if (canOpen(viewer, "/server")) return "/server";
  const first = menuFor(viewer)[0];
  return first?.children?.[0]?.path ?? first?.path ?? "/qualificat";
}
