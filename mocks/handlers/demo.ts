/**
 * Demo-only calls: the caller's demo mailbox (mocks/mailbox.ts), nobody
 * else's mail; failures arranged by an end-to-end test in its own world.
 */
import { demoEndpoints as ep } from "../../app/contract/demo.ts";
import { ApiCode } from "../../app/contract/envelope.ts";
import { db } from "../db.ts";
import { ApiError } from "../errors.ts";
import { setFault } from "../faults.ts";
import { currentMailbox } from "../mailbox.ts";
import { ts } from "../paging.ts";
import { route } from "../route.ts";
import { inTestWorld } from "../worlds.ts";

export const demoHandlers = [
  ...route(ep.outbox, ({ query }) => {
    const mailbox = currentMailbox();
    if (!mailbox) return [];
    return [...db.outbox.values()]
      .filter((mail) => mail.mailboxes.includes(mailbox))
      .filter((mail) => query.to === undefined || mail.to === query.to)
      .sort((a, b) => b.seq - a.seq)
      .map((mail) => ({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        createdOn: ts(mail.createdOn),
      }));
  }),
  ...route(ep.fault, ({ body }) => {
    if (!inTestWorld()) throw new ApiError(ApiCode.notFound, "testWorldOnly");
    setFault(body.method, body.path, body.code);
    return null;
  }),
];
