/**
 * Who may see what (docs/product.md, Roles). The rules are the menu's entries,
 * declared with the pages in `app/utils/site-map.ts`: the side menu is drawn
 * from them and every loader and action checks the same entries on the
 * server (a page belongs to the most specific entry whose path, or one of its
 * `pages`, starts its path), so a menu item is shown exactly when its page opens.
 */
import type { HomePageChoice, Role } from "~/contract/index.ts";
import { keptBy } from "~/utils/kept.ts";
import {
  GUEST_HOME,
  HOME_CHOICE_PATHS,
  MENU,
  type MenuItem,
  OPEN_SIGNED_IN_PAGES,
  type Permission,
  STAFF_HOME,
} from "~/utils/site-map.ts";

export type { MenuItem, Permission };

/**
 * Who is asking: a scope (a company's main account), or the current user,
 * whose `subAccount` flag closes the entries marked `primaryOnly` and whose
 * `homePage` is the page they chose to land on.
 */
export type Viewer =
  | readonly Role[]
  | {
      readonly scope: readonly Role[];
      readonly subAccount?: boolean;
      readonly homePage?: HomePageChoice;
    };

/** The viewer's roles. */
function scopeOf(viewer: Viewer): readonly Role[] {
  return Array.isArray(viewer)
    ? (viewer as readonly Role[])
    : (viewer as Exclude<Viewer, readonly Role[]>).scope;
}

function viewerOf(viewer: Viewer): { scope: readonly Role[]; subAccount: boolean } {
  const subAccount =
    !Array.isArray(viewer) && (viewer as Exclude<Viewer, readonly Role[]>).subAccount === true;
  return { scope: scopeOf(viewer), subAccount };
}

export function isAllowed(scope: readonly Role[], allow: readonly Permission[]): boolean {
  // Everybody has "GUEST", and each role of the scope: asked without making
  // that list (the menu and every page's check ask it for each entry, on every request).
  for (const permission of allow) {
    if (permission === "GUEST" || (scope as readonly Permission[]).includes(permission)) {
      return true;
    }
  }
  return false;
}

/** Whether `viewer` may use the menu entry `item` (its children aside). */
export function mayUse(viewer: Viewer, item: MenuItem): boolean {
  // The roles alone first: most entries are decided without the viewer's other fields.
  if (!isAllowed(scopeOf(viewer), item.allow)) return false;
  return !(item.primaryOnly && viewerOf(viewer).subAccount);
}

const covers = (prefix: string, path: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Every path or page prefix of the menu with its entry, the longest first
 * and, among prefixes of the same length, in the menu's order (depth first):
 * made once, so that finding a path's entry makes nothing.
 */
const PREFIXES: readonly (readonly [prefix: string, item: MenuItem])[] = (() => {
  const found: (readonly [string, MenuItem])[] = [];
  const visit = (items: readonly MenuItem[]) => {
    for (const item of items) {
      for (const prefix of [item.path, ...(item.pages ?? [])]) found.push([prefix, item]);
      if (item.children) visit(item.children);
    }
  };
  visit(MENU);
  // A stable sort: the first of the menu's order wins among equal lengths.
  return found.sort((a, b) => b[0].length - a[0].length);
})();

/** The menu entry that rules `path`: the most specific one whose path or pages cover it. */
export function entryFor(path: string): MenuItem | undefined {
  for (const [prefix, item] of PREFIXES) if (covers(prefix, path)) return item;
  return undefined;
}

/**
 * Whether `viewer` may open the page at `path` (locale prefix removed). Fails
 * closed: a path that no menu entry rules and no declaration opens to every
 * signed-in user is refused, so a page added without a rule opens for nobody.
 */
export function canOpen(viewer: Viewer, path: string): boolean {
  const entry = entryFor(path);
  if (entry) return mayUse(viewer, entry);
  return OPEN_SIGNED_IN_PAGES.some((page) => covers(page, path));
}

/**
 * The menu as this user sees it: forbidden items and empty submenus removed.
 * Made once for each set of roles (and main or sub-account) and kept: every
 * signed-in page draws it. Not to be changed by its callers.
 */
export function menuFor(viewer: Viewer): readonly MenuItem[] {
  const { scope, subAccount } = viewerOf(viewer);
  const key = `${subAccount ? "sub" : "main"}:${scope.join(",")}`;
  return menus(key, () =>
    MENU.filter((item) => mayUse(viewer, item)).flatMap((item) => {
      if (!item.children) return [item];
      const children = item.children.filter((child) => mayUse(viewer, child));
      return children.length ? [{ ...item, children }] : [];
    }),
  );
}

/** The roles' combinations are few. */
const menus = keptBy<readonly MenuItem[]>(64);

/** Where a user lands after login when no path was remembered: the chosen page if it opens, else the default. */
export function homePathFor(viewer: Viewer): string {
  const choice = Array.isArray(viewer)
    ? undefined
    : (viewer as { homePage?: HomePageChoice }).homePage;
  const chosen = choice ? HOME_CHOICE_PATHS[choice] : undefined;
  if (chosen && canOpen(viewer, chosen)) return chosen;
  if (canOpen(viewer, STAFF_HOME)) return STAFF_HOME;
  const first = menuFor(viewer)[0];
  return first?.children?.[0]?.path ?? first?.path ?? GUEST_HOME;
}

/** The path of the menu entry that stays highlighted on `path` (orders highlight services). */
export function menuPathOf(path: string): string | undefined {
  return entryFor(path)?.path;
}
