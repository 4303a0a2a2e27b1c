/**
 * Notifications of the header bell, per user, answered in the reader's
 * language. A notice is its recipient's, within the recipient's company
 * (mocks/scope.ts); ids of any other notice are ignored like unknown ones.
 */
import { noticeEndpoints as ep } from "../../app/contract/notice.ts";
import { db, type NoticeRow, type UserRow } from "../db.ts";
import { pageOf, ts } from "../paging.ts";
import { route, signedIn } from "../route.ts";
import { companyScope } from "../scope.ts";

function visibleTo(user: UserRow): (row: NoticeRow) => boolean {
  const scope = companyScope(user);
  return (row) => row.userId === user.id && (row.companyId === null || scope.allows(row.companyId));
}

/** The user's unread notifications (the bell and the workbench). */
export function unreadOf(user: UserRow): number {
  const visible = visibleTo(user);
  let unread = 0;
  for (const notice of db.notices.values()) if (visible(notice) && !notice.read) unread += 1;
  return unread;
}

export const noticeHandlers = [
  ...route(ep.notices, (ctx) => {
    const { user } = signedIn(ctx);
    const { query, lang } = ctx;
    const visible = visibleTo(user);
    const rows = [...db.notices.values()]
      .filter((row) => visible(row) && (!query.unreadOnly || !row.read))
      // Newest first by date; notices of the same second in the order they were made.
      .sort((a, b) => b.createdOn - a.createdOn || b.seq - a.seq);
    return {
      ...pageOf(rows, query.current, query.pageSize, (row) => ({
        id: row.id,
        kind: row.kind,
        title: lang === "en" ? row.titleEn : row.titleZh,
        content: lang === "en" ? row.contentEn : row.contentZh,
        read: row.read,
        createdOn: ts(row.createdOn),
      })),
      unread: unreadOf(user),
    };
  }),

  ...route(ep.readNotices, async (ctx) => {
    const { user } = signedIn(ctx);
    const wanted = new Set(ctx.body.ids);
    const visible = visibleTo(user);
    const keys: string[] = [];
    for (const row of db.notices.values()) {
      if (visible(row) && !row.read && (wanted.size === 0 || wanted.has(row.id))) keys.push(row.id);
    }
    await db.notices.updateMany(keys, (draft) => {
      draft.read = true;
    });
    return { unread: unreadOf(user) };
  }),
];
