import { type ReactNode, useCallback, useRef, useState } from "react";
import { data, isRouteErrorResponse, Outlet, useLocation } from "react-router";
import { AppHeader } from "~/components/app-header.tsx";
import { ErrorPage } from "~/components/deferred-error-page.tsx";
import { Notice } from "~/components/form-messages.tsx";
import { NotificationBell } from "~/components/notification-bell.tsx";
import { SIDE_MENU_ID, SideMenu } from "~/components/side-menu.tsx";
import { getLocale } from "~/middleware/i18next.ts";
import { apiContext, sessionContext } from "~/middleware/session.server.ts";
import { getUser, requireUserMiddleware } from "~/utils/auth.server.ts";
import { readCookie } from "~/utils/cookies.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { keepDataOnSelection } from "~/utils/order-selection.ts";
import { canOpen, menuFor } from "~/utils/permissions.ts";
import { commitSession } from "~/utils/session.server.ts";
import { PATHS } from "~/utils/site-map.ts";
import { useWideWindow } from "~/utils/use-wide-window.ts";
import type { Route } from "./+types/home";

export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

const MENU_COOKIE = "menu_collapsed";

/** Choosing orders in a list changes only its selection in the URL: nothing to reload. */
export const shouldRevalidate = keepDataOnSelection;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  const notices = await context
    .get(apiContext)
    .call("notices", { query: { current: 1, pageSize: 10 } });
  // A message a download left for the page it sent the user back to (refusal.server.ts).
  const session = context.get(sessionContext);
  const flash = session.get("notice") ?? null;
  return data(
    {
      flash,
      unread: notices.unread,
      notices: notices.list,
      locale: getLocale(context),
      username: user.username,
      menu: menuFor(user),
      canOpenSettings: canOpen(user, PATHS.settingCenter),
      collapsed: readCookie(request.headers.get("Cookie"), MENU_COOKIE) === "1",
    },
    flash ? { headers: { "Set-Cookie": await commitSession(session) } } : undefined,
  );
}

type ShellData = Route.ComponentProps["loaderData"];

/** Side menu, header and the page (or, after a page's failure, its error). */
function Shell({ data, children }: { data: ShellData; children: ReactNode }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(data.collapsed);
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
        items={data.menu}
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
          canOpenSettings={data.canOpenSettings}
          bell={<NotificationBell unread={data.unread} notices={data.notices} />}
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

/** The home layout: side menu, header and the page. */
export default function HomeLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell data={loaderData}>
      <Outlet />
    </Shell>
  );
}

/**
 * A page that fails (a coded error of its loader or action, a refusal, an
 * unreachable backend) shows the error page inside the menu and header, so
 * the user can go on elsewhere. When the layout itself failed (not signed in
 * any more, not allowed here, its own data missing) there is no menu to keep:
 * the error page stands alone, as the root's does.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  const payload = isRouteErrorResponse(error) ? error.data : undefined;
  if (!loaderData) return <ErrorPage status={status} payload={payload} />;
  return (
    <Shell data={loaderData}>
      <ErrorPage status={status} payload={payload} inShell />
    </Shell>
  );
}
