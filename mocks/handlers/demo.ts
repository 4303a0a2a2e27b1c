/** Demo-only calls: the outbox of every mail the fake backend sent. */
import { demoEndpoints as ep } from "../../app/contract/demo.ts";
import { db } from "../db.ts";
import { ts } from "../paging.ts";
import { route } from "../route.ts";

export const demoHandlers = [
  ...route(ep.outbox, ({ query }) =>
    [...db.outbox.values()]
      .filter((mail) => query.to === undefined || mail.to === query.to)
      .sort((a, b) => b.seq - a.seq)
      .map((mail) => ({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        createdOn: ts(mail.createdOn),
      })),
  ),
];
