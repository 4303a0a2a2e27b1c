import { useLocation } from "react-router";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { useHydrated } from "~/utils/use-hydrated.ts";
import { deferredModule } from "./deferred.tsx";
import { Popover, PopoverButton, PopoverPanel } from "./headless.tsx";
import { BellIcon } from "./icons.tsx";
import type { BellNotice } from "./notice-list.tsx";

// The panel's contents are drawn only once it is opened: their code comes after the first paint.
const noticeList = deferredModule(
  import.meta.env.SSR ? await import("./notice-list.tsx") : undefined,
  () => import("./notice-list.tsx"),
);
const NoticePanelBody = noticeList.component("NoticePanelBody");

/** The page of all notifications (home layout). */
export const NOTIFICATIONS_PATH = "/notifications";

/** The bell's name is its text, "Notifications 3 unread", of which the badge is the visible part. */
function BellBadge({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const name = <span className="sr-only">{t("common.notifications")} </span>;
  if (!unread) return name;
  return (
    <>
      {name}
      <span
        className="absolute top-1 right-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white"
        data-testid="notification-badge"
      >
        {unread > 99 ? "99+" : String(unread)}
      </span>
      <span className="sr-only"> {t("common.unreadSuffix")}</span>
    </>
  );
}

/**
 * The header bell: unread badge, the latest notifications, mark as read.
 * Before JavaScript runs (or without it) the bell is a link to the
 * notifications page; then it opens a panel that also links there.
 */
export function NotificationBell({ unread, notices }: { unread: number; notices: BellNotice[] }) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const returnTo = `${location.pathname}${location.search}`;
  const pagePath = localizePath(NOTIFICATIONS_PATH, i18n.language as Locale);

  if (!hydrated) {
    return (
      <a
        href={pagePath}
        className="relative rounded-md p-2 text-gray-600 hover:bg-gray-100"
        data-testid="notification-bell"
      >
        <BellIcon />
        <BellBadge unread={unread} />
      </a>
    );
  }

  return (
    <Popover className="relative">
      <PopoverButton
        className="relative rounded-md p-2 text-gray-600 hover:bg-gray-100"
        data-testid="notification-bell"
      >
        <BellIcon />
        <BellBadge unread={unread} />
      </PopoverButton>
      <PopoverPanel
        className="absolute top-full right-0 z-40 mt-1 w-96 rounded-lg border border-gray-200 bg-white shadow-xl focus:outline-none"
        data-testid="notification-panel"
        data-bell-panel
      >
        <NoticePanelBody
          unread={unread}
          notices={notices}
          returnTo={returnTo}
          pagePath={pagePath}
        />
      </PopoverPanel>
    </Popover>
  );
}
