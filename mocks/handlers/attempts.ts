/** The attempt counters the portal's instances share (their abuse limits). */
import { accountEndpoints as ep } from "../../app/contract/account.ts";
import { countAttempt } from "../attempts.ts";
import { route } from "../route.ts";

export const attemptHandlers = [
  ...route(ep.attempts, ({ body }) =>
    body.counters.map(({ key, windowSeconds }) =>
      countAttempt(`portal|${key}`, windowSeconds, body.add ? 1 : 0),
    ),
  ),
];
