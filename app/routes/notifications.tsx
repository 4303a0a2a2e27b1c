import { useLocation } from "react-router";
import { MarkRead, NoticeItem } from "~/components/notice-list.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { PagingBar } from "~/components/paging-bar.tsx";
import { useTranslation } from "~/utils/i18n.ts";
import { parsePaging } from "~/utils/list-query.ts";
import { apiContext } from "~/utils/request-context.server.ts";
import type { Route } from "./+types/notifications";

/** Every notification of the user, newest first, paged; the bell links here. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const paging = parsePaging(url.searchParams);
  const answer = await context.get(apiContext).call("notices", { query: paging });
  return { list: answer.list, pagination: answer.pagination, unread: answer.unread };
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const { list, pagination, unread } = loaderData;

  return (
    <section className="card p-6">
      <PageHeader title={t("account.notifications.title")} />
      <div className="mb-3 flex items-center justify-between text-sm text-gray-600">
        <p data-testid="notifications-unread">
          {unread ? t("notice.unread", { count: unread }) : t("account.notifications.allRead")}
        </p>
        {unread ? <MarkRead returnTo={returnTo} size="text-sm" /> : null}
      </div>
      {list.length === 0 ? (
        <p className="py-8 text-center text-sm text-gray-500">{t("notice.none")}</p>
      ) : (
        <ul
          className="divide-y divide-gray-100 rounded-md border border-gray-100"
          data-testid="notifications"
        >
          {list.map((notice) => (
            <NoticeItem key={notice.id} notice={notice} returnTo={returnTo} />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <PagingBar pagination={pagination} />
      </div>
    </section>
  );
}
