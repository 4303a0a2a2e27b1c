import type zh from "../zh/notice.ts";

export default {
  unread: "{{count}} unread",
  markRead: "Mark as read",
  markAllRead: "Mark all as read",
  none: "No notifications",
} satisfies Record<keyof typeof zh, string>;
