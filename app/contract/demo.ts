/** Calls that exist only in demo mode (the fake backend), never in production. */
import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { timestampSchema } from "./envelope.ts";

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdOn: timestampSchema,
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/**
 * The demo mailbox a browser may read: an opaque id in this cookie (direct
 * calls) or header (the portal's calls on the browser's behalf). The outbox
 * shows a mailbox the mails its own requests caused, and the mails to accounts
 * it signed in as; nobody else's.
 */
export const DEMO_MAILBOX_COOKIE = "demo_mailbox";
export const DEMO_MAILBOX_HEADER = "x-demo-mailbox";

export const demoEndpoints = {
  outbox: defineEndpoint({
    method: "GET",
    path: "/demo/outbox",
    summary:
      "The caller's demo mailbox (cookie `demo_mailbox` or header `x-demo-mailbox`): mails its requests caused or sent to accounts it signed in as (to one address when `to` is given), newest first.",
    auth: false,
    demoOnly: true,
    query: z.object({ to: z.string().trim().toLowerCase().max(254).optional() }),
    data: z.array(outboxMailSchema),
  }),
} as const;
