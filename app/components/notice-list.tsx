/**
 * The notifications as the bell's panel and the notifications page list
 * them. The panel's part comes after the first paint (./notification-bell.tsx):
 * the panel is drawn only when it is opened.
 */
import { Form, Link } from "react-router";
import { formatChinaTime } from "~/utils/china-time.ts";
import { useTranslation } from "~/utils/i18n.ts";

export interface BellNotice {
  id: string;
  title: string;
  content: string;
  read: boolean;
  createdOn: { seconds: number };
}

/** One notification with its "mark as read" form; the bell's panel and the notifications page share it. */
export function NoticeItem({ notice, returnTo }: { notice: BellNotice; returnTo: string }) {
  return (
    <li className={`px-4 py-3 ${notice.read ? "" : "bg-brand-50/60"}`} data-testid="notice">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-gray-900">{notice.title}</p>
        {notice.read ? null : <MarkRead returnTo={returnTo} id={notice.id} size="text-xs" />}
      </div>
      <p className="mt-1 text-xs leading-5 text-gray-600">{notice.content}</p>
      <p className="mt-1 text-[11px] text-gray-500" data-testid="notice-time">
        {formatChinaTime(notice.createdOn)}
      </p>
    </li>
  );
}

/**
 * "Mark as read", a post to `/notice/read`: the notification `id`, or
 * without one "mark all as read" (see that route).
 */
export function MarkRead({
  returnTo,
  id,
  size,
}: {
  returnTo: string;
  id?: string;
  size: "text-xs" | "text-sm";
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/notice/read" className="shrink-0">
      <input type="hidden" name="returnTo" value={returnTo} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <button type="submit" className={`btn-link ${size}`}>
        {t(id ? "notice.markRead" : "notice.markAllRead")}
      </button>
    </Form>
  );
}

/**
 * The open bell panel: "mark all as read", the latest notifications (`null`
 * while they are asked for), the link to all of them.
 */
export function NoticePanelBody({
  unread,
  notices,
  returnTo,
  pagePath,
}: {
  unread: number;
  notices: BellNotice[] | null;
  returnTo: string;
  pagePath: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex items-center justify-between border-b border-gray-100 px-4 py-2.5">
        <p className="text-sm font-semibold text-gray-900">{t("common.notifications")}</p>
        {unread ? <MarkRead returnTo={returnTo} size="text-xs" /> : null}
      </div>
      {notices === null ? (
        <p className="px-4 py-6 text-center text-sm text-gray-500" aria-busy="true">
          {t("common.loading")}
        </p>
      ) : notices.length === 0 ? (
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
    </>
  );
}
