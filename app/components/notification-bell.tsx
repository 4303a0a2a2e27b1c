import { Form, Link, useLocation } from "react-router";
import type { Locale } from "~/locales/index.ts";
import { formatChinaTime } from "~/utils/china-time.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { useHydrated } from "~/utils/use-hydrated.ts";
import { Popover, PopoverButton, PopoverPanel } from "./headless.tsx";
import { BellIcon } from "./icons.tsx";

/** The page of all notifications (home layout). */
export const NOTIFICATIONS_PATH = "/notifications";

export interface BellNotice {
  id: string;
  title: string;
  content: string;
  read: boolean;
  createdOn: { seconds: number };
}

/** One notification with its "mark as read" form; the bell's panel and the notifications page share it. */
export function NoticeItem({ notice, returnTo }: { notice: BellNotice; returnTo: string }) {
  const { t } = useTranslation();
  return (
    <li className={`px-4 py-3 ${notice.read ? "" : "bg-brand-50/60"}`} data-testid="notice">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-gray-900">{notice.title}</p>
        {notice.read ? null : (
          <Form method="post" action="/notice/read" className="shrink-0">
            <input type="hidden" name="returnTo" value={returnTo} />
            <input type="hidden" name="id" value={notice.id} />
            <button type="submit" className="btn-link text-xs">
              {t("notice.markRead")}
            </button>
          </Form>
        )}
      </div>
      <p className="mt-1 text-xs leading-5 text-gray-600">{notice.content}</p>
      <p className="mt-1 text-[11px] text-gray-500" data-testid="notice-time">
        {formatChinaTime(notice.createdOn)}
      </p>
    </li>
  );
}

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
  const { t, i18n } = useTranslation();
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
        <div className="flex items-center justify-between border-b border-gray-100 px-4 py-2.5">
          <p className="text-sm font-semibold text-gray-900">{t("common.notifications")}</p>
          {unread ? (
            <Form method="post" action="/notice/read">
              <input type="hidden" name="returnTo" value={returnTo} />
              <button type="submit" className="btn-link text-xs">
                {t("notice.markAllRead")}
              </button>
            </Form>
          ) : null}
        </div>
        {notices.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-gray-500">{t("notice.none")}</p>
        ) : (
          <ul className="max-h-96 divide-y divide-gray-100 overflow-y-auto">
            {notices.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} returnTo={returnTo} />
            ))}
          </ul>
        )}
        <div className="border-t border-gray-100 px-4 py-2 text-center">
          <Link to={pagePath} className="btn-link text-xs" data-testid="all-notifications">
            {t("account.notifications.viewAll")}
          </Link>
        </div>
      </PopoverPanel>
    </Popover>
  );
}
