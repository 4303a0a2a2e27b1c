import {
  type AnchorHTMLAttributes,
  type FocusEvent,
  Fragment,
  type RefObject,
  useEffect,
  useRef,
} from "react";
import { Link, useLocation } from "react-router";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath, stripLocale } from "~/utils/locale-path.ts";
import { type MenuItem, menuPathOf } from "~/utils/permissions.ts";
import { useLinkClicks } from "~/utils/use-link-clicks.ts";
import { Popover, PopoverButton, PopoverPanel } from "./headless.tsx";
import { ChevronIcon, MENU_ICONS } from "./icons.tsx";

function isActive(item: MenuItem, path: string): boolean {
  return path === item.path || path.startsWith(`${item.path}/`);
}

export const SIDE_MENU_ID = "side-menu";

/**
 * A link of the menu: a plain anchor, which the menu's one click handler
 * (`useLinkClicks`) follows inside the app as `<Link>` would; a `<Link>` runs
 * its hooks for each of the menu's links on every page the server draws.
 * `data-discover` is `<Link>`'s mark for React Router's route discovery,
 * which fetches the routes of the links it finds on the page in advance.
 */
function MenuLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a href={href} data-discover="true" {...rest} />;
}

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
  items: MenuItem[];
  collapsed: boolean;
  locale: Locale;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
  /** The header's toggle: focus returns there when the drawer closes by Escape. */
  toggle: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
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
      <ul className="menu-entries">
        {items.map((item) => {
          const IconComponent = item.icon ? MENU_ICONS[item.icon] : null;
          const icon = IconComponent ? <IconComponent /> : null;
          const label = t(item.label);
          const group =
            item.group && !collapsed ? <li className="menu-heading">{t(item.group)}</li> : null;

          const children = item.children;
          if (!children) {
            return (
              <Fragment key={item.path}>
                {group}
                <li>
                  <MenuLink
                    href={localizePath(item.path, locale)}
                    title={collapsed ? label : undefined}
                    className="menu-item"
                    aria-current={isActive(item, currentPath) ? "page" : undefined}
                  >
                    {icon}
                    {collapsed ? <span className="sr-only">{label}</span> : <span>{label}</span>}
                  </MenuLink>
                </li>
              </Fragment>
            );
          }
          const open = isActive(item, currentPath);
          // The flyout's panel is drawn outside the menu (a portal, opened in
          // the browser only): its links are `<Link>`s, which follow themselves.
          const childLinks = (className: "menu-sub" | "menu-sub-flyout") =>
            children.map((child) => {
              const linkProps = {
                className,
                "aria-current": isActive(child, currentPath) ? ("page" as const) : undefined,
                children: <span>{t(child.label)}</span>,
              };
              const href = localizePath(child.path, locale);
              return (
                <li key={child.path}>
                  {className === "menu-sub-flyout" ? (
                    <Link to={href} {...linkProps} />
                  ) : (
                    <MenuLink href={href} {...linkProps} />
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
                    <ChevronIcon className="size-4" />
                  </summary>
                  <ul className="menu-subs">{childLinks("menu-sub")}</ul>
                </details>
              </li>
            </Fragment>
          );
        })}
      </ul>
    </nav>
  );
}
