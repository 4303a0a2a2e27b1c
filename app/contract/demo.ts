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
  fault: defineEndpoint({
    method: "PUT",
    path: "/demo/fault",
    summary:
      "End-to-end tests only (a test world of a portal started with TEST_WORLDS=1; 40004 anywhere else): from now on, calls of `method` `path` in this world answer `code` with the server-error message; code 200 ends the failure.",
    auth: false,
    demoOnly: true,
    body: z.object({
      method: z.enum(["GET", "POST", "PUT", "DELETE"]),
      /** The call's path under /api/v1, e.g. "/cba/cba-company". */
      path: z.string().startsWith("/").max(200),
      code: z.number().int().min(200).max(99_999),
    }),
    data: z.null(),
  }),
} as const;
