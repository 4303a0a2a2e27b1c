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

export const demoEndpoints = {
  outbox: defineEndpoint({
    method: "GET",
    path: "/demo/outbox",
    summary: "Mails the fake backend sent (to one address when `to` is given), newest first.",
    auth: false,
    demoOnly: true,
    query: z.object({ to: z.string().trim().toLowerCase().max(254).optional() }),
    data: z.array(outboxMailSchema),
  }),
} as const;
