import type { TFunction } from "i18next";
import {
  type FocusEvent,
  Fragment,
  type ReactElement,
  type RefObject,
  useEffect,
  useRef,
} from "react";
import { Link, useLocation } from "react-router";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { keptBy } from "~/utils/kept.ts";
import { localizePath, stripLocale } from "~/utils/locale-path.ts";
import { type MenuItem, menuPathOf } from "~/utils/permissions.ts";
import { useLinkClicks } from "~/utils/use-link-clicks.ts";
import { Popover, PopoverButton, PopoverPanel } from "./headless.tsx";
import { iconElement, MENU_ICONS } from "./icons.tsx";
import { keptMarkupOf, keptOrDrawn, writesKeptMarkup } from "./kept-markup.ts";

function isActive(item: MenuItem, path: string): boolean {
  return path === item.path || path.startsWith(`${item.path}/`);
}

export const SIDE_MENU_ID = "side-menu";

/**
 * The side menu: brand title, groups, submenus; 205 px open, 64 px collapsed.
 * In a narrow window (below 1024 px: a 1280 px screen zoomed to 200 %) it
 * leaves the page's flow and opens over the page, under the header, as a
 * drawer from the header's toggle (`drawerOpen`); without JavaScript, which
 * the toggle needs, it stands above the page. The layout is in app.css
 * ("Narrow windows").
 */
export function SideMenu({
  items,
  collapsed,
  locale,
  drawerOpen,
  onCloseDrawer,
  toggle,
}: {
  items: readonly MenuItem[];
  collapsed: boolean;
  locale: Locale;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
  /** The header's toggle: focus returns there when the drawer closes by Escape. */
  toggle: RefObject<HTMLButtonElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const path = stripLocale(useLocation().pathname);
  // Pages under a menu entry (pallets and orders under services) keep it highlighted.
  const currentPath = menuPathOf(path) ?? path;
  const nav = useRef<HTMLElement>(null);
  const followLink = useLinkClicks();

  useEffect(() => {
    if (!drawerOpen) return;
    // Opened from the toggle: the keyboard goes on in the menu, at the current page's item.
    const current = nav.current?.querySelector<HTMLElement>("[aria-current=page]");
    (current ?? nav.current?.querySelector<HTMLElement>("a, summary"))?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onCloseDrawer();
      toggle.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [drawerOpen, onCloseDrawer, toggle]);

  // The drawer covers the page: once the focus is elsewhere (the page behind,
  // the header, a click beside it), it closes. The toggle closes it itself.
  const closeWhenLeft = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (!drawerOpen || next === toggle.current) return;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    onCloseDrawer();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks of the menu's links; Enter on a link is a click
    <nav
      ref={nav}
      id={SIDE_MENU_ID}
      aria-label={t("common.appName")}
      onBlur={closeWhenLeft}
      onClick={followLink}
      className={`side-menu ${collapsed ? "w-menu-collapsed" : "w-menu"}`}
      data-testid="side-menu"
      data-side-menu
      data-collapsed={collapsed}
      data-drawer={drawerOpen ? "open" : undefined}
    >
      <div className="menu-brand">
        <img src="/logo.svg" alt="" className="size-8 shrink-0" />
        {collapsed ? null : <span>{t("common.appName")}</span>}
      </div>
      {menuEntries(items, { locale, collapsed, currentPath, t, language: i18n.language })}
    </nav>
  );
}

interface EntriesOf {
  locale: Locale;
  collapsed: boolean;
  currentPath: string;
  t: TFunction;
  language: string;
}

/**
 * The menu's entries, made once for each menu, language, width and current
 * entry and kept (docs/decisions/2026-11-27-menu-entries-kept.md): the same
 * elements for every page of the same entry, instead of some 60 elements,
 * a dozen texts and links made again for every page the server draws. They
 * hold no handler: the menu's one click handler is on the `<nav>`, and the
 * flyout's `<Link>`s are drawn in the browser only. A link of the menu is a
 * plain anchor, which that handler (`useLinkClicks`) follows inside the app
 * as `<Link>` would; `data-discover` is `<Link>`'s mark for React Router's
 * route discovery, which fetches the routes of the links it finds on the page
 * in advance.
 */
function menuEntries(items: readonly MenuItem[], of: EntriesOf): ReactElement {
  // The key names what the entries show: the items (and so the viewer's
  // rights), the language, the width, and which entries are current.
  let key = `${writesKeptMarkup() ? "html" : "elements"}|${of.language}|${of.locale}|${of.collapsed ? 1 : 0}|`;
  for (const item of items) {
    key += `${item.path}${isActive(item, of.currentPath) ? "*" : ""}`;
    if (item.children) {
      key += "(";
      for (const child of item.children)
        key += `${child.path}${isActive(child, of.currentPath) ? "*" : ""},`;
      key += ")";
    }
    key += ";";
  }
  return keptEntries(key, () => drawEntries(items, of));
}

/** A bounded number of menus: roles × languages × widths × current entries. */
const keptEntries = keptBy<ReactElement>(500);

function drawEntries(
  items: readonly MenuItem[],
  { locale, collapsed, currentPath, t }: EntriesOf,
): ReactElement {
  const entries = items.map((item) => {
    const icon = item.icon ? MENU_ICONS[item.icon] : null;
    const label = t(item.label);
    const group =
      item.group && !collapsed ? <li className="menu-heading">{t(item.group)}</li> : null;

    const children = item.children;
    if (!children) {
      return (
        <Fragment key={item.path}>
          {group}
          <li>
            <a
              href={localizePath(item.path, locale)}
              data-discover="true"
              title={collapsed ? label : undefined}
              className="menu-item"
              aria-current={isActive(item, currentPath) ? "page" : undefined}
            >
              {icon}
              {collapsed ? <span className="sr-only">{label}</span> : <span>{label}</span>}
            </a>
          </li>
        </Fragment>
      );
    }
    const open = isActive(item, currentPath);
    // The flyout's panel is drawn outside the menu (a portal, opened in
    // the browser only): its links are `<Link>`s, which follow themselves.
    const childLinks = (className: "menu-sub" | "menu-sub-flyout") =>
      children.map((child) => {
        const current = isActive(child, currentPath) ? ("page" as const) : undefined;
        const text = <span>{t(child.label)}</span>;
        const href = localizePath(child.path, locale);
        return (
          <li key={child.path}>
            {className === "menu-sub-flyout" ? (
              <Link to={href} className={className} aria-current={current}>
                {text}
              </Link>
            ) : (
              <a href={href} data-discover="true" className={className} aria-current={current}>
                {text}
              </a>
            )}
          </li>
        );
      });
    if (collapsed) {
      // Collapsed: the submenu flies out beside the icon.
      return (
        <Fragment key={item.path}>
          {group}
          <li>
            <Popover>
              <PopoverButton
                title={label}
                className={`mx-2 flex h-10 w-[calc(100%-1rem)] items-center gap-3 rounded-md px-3 text-sm hover:bg-white/10 hover:text-white ${open ? "bg-white/10 text-white" : ""}`}
              >
                {icon}
                <span className="sr-only">{label}</span>
              </PopoverButton>
              <PopoverPanel
                anchor="right start"
                className="z-40 ml-1 w-48 rounded-md bg-gray-900 p-1 text-gray-300 shadow-xl"
              >
                <p className="px-3 py-2 text-xs text-gray-400">{label}</p>
                <ul className="space-y-0.5">{childLinks("menu-sub-flyout")}</ul>
              </PopoverPanel>
            </Popover>
          </li>
        </Fragment>
      );
    }
    // Expanded: a native disclosure; submenus start open, so every page is
    // reachable, and they open and close without JavaScript too.
    return (
      <Fragment key={item.path}>
        {group}
        <li>
          <details open>
            <summary className={open ? "menu-group text-white" : "menu-group"}>
              {icon}
              <span>{label}</span>
              {CHEVRON}
            </summary>
            <ul className="menu-subs">{childLinks("menu-sub")}</ul>
          </details>
        </li>
      </Fragment>
    );
  });
  // Open, the entries are plain markup (the collapsed menu's flyouts are
  // components with state and ids): on the server, their HTML written once.
  const html = collapsed ? null : keptMarkupOf(entries);
  return <ul className="menu-entries" {...keptOrDrawn(html, () => entries)} />;
}

const CHEVRON = iconElement("chevron", "size-4");
