/** Notifications of the header bell, per user, answered in the reader's language. */
import { noticeEndpoints as ep } from "../../app/contract/notice.ts";
import { db } from "../db.ts";
import { pageOf, ts } from "../paging.ts";
import { route, signedIn } from "../route.ts";

function unreadOf(userId: string): number {
  let unread = 0;
  for (const notice of db.notices.values())
    if (notice.userId === userId && !notice.read) unread += 1;
  return unread;
}

export const noticeHandlers = [
  ...route(ep.notices, (ctx) => {
    const { user } = signedIn(ctx);
    const { query, lang } = ctx;
    const rows = [...db.notices.values()]
      .filter((row) => row.userId === user.id && (!query.unreadOnly || !row.read))
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
      unread: unreadOf(user.id),
    };
  }),

  ...route(ep.readNotices, async (ctx) => {
    const { user } = signedIn(ctx);
    const wanted = new Set(ctx.body.ids);
    const keys: string[] = [];
    for (const row of db.notices.values()) {
      if (row.userId === user.id && !row.read && (wanted.size === 0 || wanted.has(row.id)))
        keys.push(row.id);
    }
    await db.notices.updateMany(keys, (draft) => {
      draft.read = true;
    });
    return { unread: unreadOf(user.id) };
  }),
];
