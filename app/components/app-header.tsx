import type { ReactNode, RefObject } from "react";
import { Form, Link } from "react-router";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { useHydrated } from "~/utils/use-hydrated.ts";
import { Menu, MenuButton, MenuItem, MenuItems } from "./headless.tsx";
import { LogoutIcon, MenuFoldIcon, MenuUnfoldIcon, SettingsIcon } from "./icons.tsx";
import { LanguageSwitcher, submitForm } from "./language-switcher.tsx";

interface AppHeaderProps {
  username: string;
  locale: Locale;
  /** The side menu is shown: beside the page and not collapsed, or open as a narrow window's drawer. */
  menuExpanded: boolean;
  menuId: string;
  toggleRef: RefObject<HTMLButtonElement | null>;
  onToggleMenu: () => void;
  canOpenSettings: boolean;
  bell: ReactNode;
}

/** The 60 px header of the home layout. */
export function AppHeader({
  username,
  locale,
  menuExpanded,
  menuId,
  toggleRef,
  onToggleMenu,
  canOpenSettings,
  bell,
}: AppHeaderProps) {
  const { t } = useTranslation();

  return (
    <header className="flex h-header shrink-0 items-center gap-1 border-b border-gray-200 bg-white px-2 sm:gap-2 sm:px-4">
      <button
        ref={toggleRef}
        type="button"
        onClick={onToggleMenu}
        className="rounded-md p-2 text-gray-600 hover:bg-gray-100"
        aria-label={menuExpanded ? t("common.collapseMenu") : t("common.expandMenu")}
        aria-expanded={menuExpanded}
        aria-controls={menuId}
        data-testid="menu-toggle"
        data-needs-js
      >
        {menuExpanded ? <MenuFoldIcon /> : <MenuUnfoldIcon />}
      </button>
      <div className="flex-1" />
      {bell}
      {canOpenSettings ? (
        <Link
          to={localizePath("/setting/center", locale)}
          className="rounded-md p-2 text-gray-600 hover:bg-gray-100"
          aria-label={t("common.settings")}
          title={t("common.settings")}
        >
          <SettingsIcon />
        </Link>
      ) : null}
      <LanguageSwitcher />
      <UserMenu username={username} />
      <Form id="logout-form" method="post" action="/logout" reloadDocument hidden>
        <input type="hidden" name="lang" value={locale} />
      </Form>
    </header>
  );
}

const USER_MENU_ITEM =
  "flex w-full items-center gap-2 rounded px-3 py-1.5 text-left text-sm text-gray-700";

/**
 * The user's name and the menu with the logout. The server draws a plain
 * `<details>` (it opens without JavaScript, and costs no menu component on
 * every page); once the page runs, Headless UI's menu takes its place.
 */
function UserMenu({ username }: { username: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const face = (
    <>
      <span
        className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
        aria-hidden="true"
      >
        {username.slice(0, 1).toUpperCase()}
      </span>
      <span
        className="max-w-48 truncate text-sm text-gray-700 max-sm:sr-only"
        data-testid="user-name"
      >
        {username}
      </span>
      <span className="sr-only">{t("common.userMenuSuffix")}</span>
    </>
  );
  const buttonClass = "flex items-center gap-2 rounded-md px-2 py-1 hover:bg-gray-100";
  if (!hydrated) {
    return (
      <details className="relative">
        <summary className={`${buttonClass} cursor-pointer list-none`} data-testid="user-menu">
          {face}
        </summary>
        <div className="absolute right-0 z-40 mt-1 min-w-40 rounded-md border border-gray-200 bg-white p-1 shadow-lg">
          <button
            type="submit"
            form="logout-form"
            className={`${USER_MENU_ITEM} hover:bg-brand-50`}
            data-testid="logout"
          >
            <LogoutIcon className="size-4" />
            {t("common.logout")}
          </button>
        </div>
      </details>
    );
  }
  return (
    <Menu as="div" className="relative">
      <MenuButton className={buttonClass} data-testid="user-menu">
        {face}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-1 min-w-40 rounded-md border border-gray-200 bg-white p-1 shadow-lg focus:outline-none"
      >
        {/* The form lives outside the menu, which unmounts its items on click. */}
        <MenuItem
          as="button"
          type="button"
          onClick={() => submitForm("logout-form")}
          className={`${USER_MENU_ITEM} data-focus:bg-brand-50`}
          data-testid="logout"
        >
          <LogoutIcon className="size-4" />
          {t("common.logout")}
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
