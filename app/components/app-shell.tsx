import { type ReactNode, useCallback, useRef, useState } from "react";
import { useLocation } from "react-router";
import { AppHeader } from "~/components/app-header.tsx";
import { Notice } from "~/components/form-messages.tsx";
import { SIDE_MENU_ID, SideMenu } from "~/components/side-menu.tsx";
import { useTranslation } from "~/utils/i18n.ts";
import { canOpen, menuFor } from "~/utils/permissions.ts";
import { MENU_COOKIE, type ShellData } from "~/utils/shell-data.ts";
import { PATHS } from "~/utils/site-map.ts";
import { useWideWindow } from "~/utils/use-wide-window.ts";

/** Side menu, header and the page (or, after a page's failure, its error). */
export function Shell({ data, children }: { data: ShellData; children: ReactNode }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(data.collapsed === true);
  const wide = useWideWindow();
  // A narrow window's drawer is open on the page it was opened on: going to
  // another page, or widening the window, closes it.
  const { key } = useLocation();
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = !wide && drawerOpenOn === key;
  const closeDrawer = useCallback(() => setDrawerOpenOn(null), []);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const toggle = () => {
    if (!wide) {
      setDrawerOpenOn(drawerOpen ? null : key);
      return;
    }
    const next = !collapsed;
    setCollapsed(next);
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the loader for the first paint
    document.cookie = `${MENU_COOKIE}=${next ? 1 : 0}; Path=/; Max-Age=31536000; SameSite=Lax`;
  };

  return (
    // A narrow window's layout is in app.css ("Narrow windows").
    <div className="flex h-screen overflow-hidden" data-shell>
      {/* The first Tab stop of every page: past the menu and the header, to the page. */}
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white text-sm font-medium text-brand-700 shadow-lg outline-2 outline-brand-600 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2"
        data-testid="skip-link"
      >
        {t("common.skipToContent")}
      </a>
      <SideMenu
        items={menuFor(data.viewer)}
        collapsed={collapsed && wide}
        locale={data.locale}
        drawerOpen={drawerOpen}
        onCloseDrawer={closeDrawer}
        toggle={toggleButton}
      />
      {drawerOpen ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the open drawer closes it; the keyboard has Escape and the toggle
        // biome-ignore lint/a11y/useKeyWithClickEvents: as above
        <div data-drawer-backdrop onClick={closeDrawer} />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader
          username={data.username}
          locale={data.locale}
          menuExpanded={wide ? !collapsed : drawerOpen}
          menuId={SIDE_MENU_ID}
          toggleRef={toggleButton}
          onToggleMenu={toggle}
          canOpenSettings={canOpen(data.viewer, PATHS.settingCenter)}
          unread={data.unread}
        />
        <main
          id="main"
          tabIndex={-1}
          className="min-h-0 flex-1 overflow-auto p-3 outline-none sm:p-5"
        >
          {data.flash ? (
            <div className="mb-4" data-testid="page-notice">
              <Notice kind={data.flash.kind}>{data.flash.message}</Notice>
            </div>
          ) : null}
          {children}
        </main>
      </div>
    </div>
  );
}
