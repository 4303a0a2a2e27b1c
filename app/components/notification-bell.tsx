import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import type { Notice } from "~/contract/notice.ts";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { deferredModule } from "./deferred.tsx";
import { Popover, PopoverButton, PopoverPanel, useMenusReady } from "./headless.tsx";
import { iconElement } from "./icons.tsx";

// The panel's contents are drawn only once it is opened: their code comes after the first paint.
const noticeList = deferredModule(
  import.meta.env.SSR ? await import("./notice-list.tsx") : undefined,
  () => import("./notice-list.tsx"),
);
const NoticePanelBody = noticeList.component("NoticePanelBody");

/** The page of all notifications (home layout). */
export const NOTIFICATIONS_PATH = "/notifications";

/** The bell never changes: one element, made once. */
const BELL_ICON = iconElement("bell");

/** The bell's name is its text, "Notifications 3 unread", of which the badge is the visible part. */
function BellBadge({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const name = <span className="sr-only">{t("common.notifications")} </span>;
  if (!unread) return name;
  return (
    <>
      {name}
      <span className="bell-badge" data-testid="notification-badge">
        {unread > 99 ? "99+" : String(unread)}
      </span>
      <span className="sr-only"> {t("common.unreadSuffix")}</span>
    </>
  );
}

/** What the notifications page's loader answers, of which the panel shows the first page. */
interface NoticePage {
  list: Notice[];
  unread: number;
}

/**
 * The latest notifications, asked for each time the panel opens (the
 * notifications page's own loader): the page's data carries only the
 * unread count, which every signed-in page shows.
 */
function LatestNotices({
  unread,
  returnTo,
  pagePath,
}: {
  unread: number;
  returnTo: string;
  pagePath: string;
}) {
  const fetcher = useFetcher<NoticePage>();
  const { load } = fetcher;
  useEffect(() => {
    void load(pagePath);
  }, [load, pagePath]);
  // Meanwhile the panel has its heading and its link to every notification.
  return (
    <NoticePanelBody
      unread={fetcher.data?.unread ?? unread}
      notices={fetcher.data?.list ?? null}
      returnTo={returnTo}
      pagePath={pagePath}
    />
  );
}

/**
 * The header bell: unread badge, the latest notifications, mark as read.
 * Before JavaScript runs (or without it) the bell is a link to the
 * notifications page; then it opens a panel that also links there.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const panelReady = useMenusReady();
  const returnTo = `${location.pathname}${location.search}`;
  const pagePath = localizePath(NOTIFICATIONS_PATH, i18n.language as Locale);

  if (!panelReady) {
    return (
      <a href={pagePath} className="header-button relative" data-testid="notification-bell">
        {BELL_ICON}
        <BellBadge unread={unread} />
      </a>
    );
  }

  return (
    <Popover className="relative">
      <PopoverButton className="header-button relative" data-testid="notification-bell">
        {BELL_ICON}
        <BellBadge unread={unread} />
      </PopoverButton>
      <PopoverPanel
        className="absolute top-full right-0 z-40 mt-1 w-96 rounded-lg border border-gray-200 bg-white shadow-xl focus:outline-none"
        data-testid="notification-panel"
        data-bell-panel
      >
        <LatestNotices unread={unread} returnTo={returnTo} pagePath={pagePath} />
      </PopoverPanel>
    </Popover>
  );
}
