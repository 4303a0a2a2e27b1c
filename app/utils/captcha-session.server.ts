import type { RouterContextProvider } from "react-router";
import { env } from "~/config/env.server.ts";
import { sessionContext } from "~/middleware/session.server.ts";
import { type CaptchaVerdict, verifyCaptcha } from "~/utils/captcha.server.ts";
import { LIMITS, limiterOf } from "~/utils/rate-limit.server.ts";
import type { CaptchaPurpose } from "~/utils/session.server.ts";

/**
 * Checks the image code a form posted against its ticket in the session and
 * spends the ticket whatever the verdict (single use). No answer (the form
 * did not parse) counts as missing. The caller commits the session.
 *
 * A right answer also spends the ticket where every replica of the portal
 * sees it (the backend's attempt counters), so a replayed cookie is refused
 * by the other replicas too, not only by the one that took the answer.
 */
export async function spendCaptcha(
  context: Readonly<RouterContextProvider>,
  purpose: CaptchaPurpose,
  answer: string | undefined,
): Promise<CaptchaVerdict> {
  const config = env();
  const session = context.get(sessionContext);
  const tickets = session.get("captcha") ?? {};
  const ticket = tickets[purpose];
  session.set("captcha", { ...tickets, [purpose]: undefined });
  if (answer === undefined) return "missing";
  const verdict = verifyCaptcha(config.sessionSecrets[0]!, ticket, answer, {
    testCode: config.testCaptchaCode,
  });
  if (verdict !== "ok" || !ticket) return verdict;
  const replayed = await limiterOf(context).hit([[LIMITS.imageCodeTicket, ticket.id]]);
  return replayed ? "expired" : "ok";
}

/** The id of a new image: changing it draws a new picture and empties the code field. */
export function newCaptchaNonce(): string {
  return crypto.randomUUID().slice(0, 8);
}

/**
 * A form refused after its image code was spent, with the id of a new image.
 * The page draws the new picture and the emptied field in the same render as
 * the error: the loaders' revalidation arrives later, and a code typed in
 * between must not be wiped by it.
 */
export function withNewCaptcha<T extends object>(reply: T): T & { captchaNonce: string } {
  return { ...reply, captchaNonce: newCaptchaNonce() };
}
