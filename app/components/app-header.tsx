import type { RefObject } from "react";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { useLinkClicks } from "~/utils/use-link-clicks.ts";
import { Menu, MenuButton, MenuItem, MenuItems, useMenusReady } from "./headless.tsx";
import { iconElement } from "./icons.tsx";
import { keptOrDrawn, useKeptPart } from "./kept-markup.ts";
import { LanguageSwitcher, submitForm } from "./language-switcher.tsx";
import { NotificationBell } from "./notification-bell.tsx";

interface AppHeaderProps {
  username: string;
  locale: Locale;
  /** The side menu is shown: beside the page and not collapsed, or open as a narrow window's drawer. */
  menuExpanded: boolean;
  menuId: string;
  toggleRef: RefObject<HTMLButtonElement | null>;
  onToggleMenu: () => void;
  canOpenSettings: boolean;
  /** Unread notifications: the bell's badge. */
  unread: number;
}

// The header's icons never change: one element each, made once.
const FOLD_ICON = iconElement("menu-fold");
const UNFOLD_ICON = iconElement("menu-unfold");
const SETTINGS_ICON = iconElement("settings");
const LOGOUT_ICON = iconElement("logout", "size-4");

/**
 * The 60 px header of the home layout. On the server, for a page asked for
 * again, its contents are written once as HTML and kept (./kept-markup.ts,
 * `useKeptPart`): they show the address (the language switcher's return),
 * the language and what `shows` names; the browser draws them as elements,
 * which hydrate against that HTML (the toggle's handler and ref among them).
 */
export function AppHeader({
  username,
  locale,
  menuExpanded,
  menuId,
  toggleRef,
  onToggleMenu,
  canOpenSettings,
  unread,
}: AppHeaderProps) {
  const { t } = useTranslation();
  const followLink = useLinkClicks();
  // Made only where it is drawn as elements, or written once as the kept HTML.
  const drawContents = () => (
    <>
      <button
        ref={toggleRef}
        type="button"
        onClick={onToggleMenu}
        className="header-button"
        aria-label={menuExpanded ? t("common.collapseMenu") : t("common.expandMenu")}
        aria-expanded={menuExpanded}
        aria-controls={menuId}
        data-testid="menu-toggle"
        data-needs-js
      >
        {menuExpanded ? FOLD_ICON : UNFOLD_ICON}
      </button>
      <div className="flex-1" />
      <NotificationBell unread={unread} />
      {canOpenSettings ? (
        // A plain anchor followed inside the app by its handler, as `<Link>` would
        // be, without `<Link>`'s hooks on every page the server draws; marked
        // for React Router's route discovery as `<Link>` marks it.
        <a
          className="header-button"
          aria-label={t("common.settings")}
          title={t("common.settings")}
          href={localizePath("/setting/center", locale)}
          data-discover="true"
          onClick={followLink}
        >
          {SETTINGS_ICON}
        </a>
      ) : null}
      <LanguageSwitcher />
      <UserMenu username={username} />
      {/* A plain form (it reloads the document, which `<Form reloadDocument>` left to the browser too), marked as `<Form>` marks it. */}
      <form id="logout-form" hidden data-discover="true" action="/logout" method="post">
        <input type="hidden" name="lang" value={locale} />
      </form>
    </>
  );
  // Everything the contents show besides the address and the language. The
  // component's last hook (./kept-markup.ts, `useKeptPart`).
  const html = useKeptPart(
    "header",
    `${locale}|${menuExpanded ? 1 : 0}|${canOpenSettings ? 1 : 0}|${unread}|${username}`,
    drawContents,
  );
  return <header className="app-header" {...keptOrDrawn(html, drawContents)} />;
}

/**
 * The user's name and the menu with the logout. The server draws a plain
 * `<details>` (it opens without JavaScript, and costs no menu component on
 * every page); once the page runs, Headless UI's menu takes its place.
 */
function UserMenu({ username }: { username: string }) {
  const { t } = useTranslation();
  const menuReady = useMenusReady();
  const face = (
    <>
      <span className="user-initial" aria-hidden="true">
        {username.slice(0, 1).toUpperCase()}
      </span>
      <span className="user-name" data-testid="user-name">
        {username}
      </span>
      <span className="sr-only">{t("common.userMenuSuffix")}</span>
    </>
  );
  if (!menuReady) {
    return (
      <details className="relative">
        <summary className="user-button cursor-pointer list-none" data-testid="user-menu">
          {face}
        </summary>
        <div className="user-panel absolute right-0">
          <button
            type="submit"
            form="logout-form"
            className="user-menu-item hover:bg-brand-50"
            data-testid="logout"
          >
            {LOGOUT_ICON}
            {t("common.logout")}
          </button>
        </div>
      </details>
    );
  }
  return (
    <Menu as="div" className="relative">
      <MenuButton className="user-button" data-testid="user-menu">
        {face}
      </MenuButton>
      <MenuItems anchor="bottom end" className="user-panel focus:outline-none">
        {/* The form lives outside the menu, which unmounts its items on click. */}
        <MenuItem
          as="button"
          type="button"
          onClick={() => submitForm("logout-form")}
          className="user-menu-item data-focus:bg-brand-50"
          data-testid="logout"
        >
          {LOGOUT_ICON}
          {t("common.logout")}
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
