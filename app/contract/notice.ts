/** Notifications of the header bell: a list with the unread count, and mark as read. */
import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { pageQuerySchema, paginationSchema, timestampSchema } from "./envelope.ts";

export const NOTICE_KINDS = ["qualification", "account", "system"] as const;

export const noticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  /** Title and text in the request's language. */
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  createdOn: timestampSchema,
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListQuerySchema = pageQuerySchema.extend({
  unreadOnly: z.stringbool().optional(),
});

export const noticeListDataSchema = z.object({
  list: z.array(noticeSchema),
  pagination: paginationSchema,
  /** Unread notifications of the user (all, not only this page). */
  unread: z.number().int().nonnegative(),
});

export const noticeEndpoints = {
  notices: defineEndpoint({
    method: "GET",
    path: "/notice",
    summary: "The caller's notifications, newest first, with the unread count.",
    auth: true,
    query: noticeListQuerySchema,
    data: noticeListDataSchema,
  }),
  readNotices: defineEndpoint({
    method: "PUT",
    path: "/notice/read",
    summary: "Mark notifications as read (an empty list marks all); answers the unread count.",
    auth: true,
    body: z.object({ ids: z.array(z.string().min(1)).max(1000) }),
    data: z.object({ unread: z.number().int().nonnegative() }),
  }),
} as const;
