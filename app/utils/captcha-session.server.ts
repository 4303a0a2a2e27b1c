import { env } from "~/config/env.server.ts";
import { type CaptchaVerdict, verifyCaptcha } from "~/utils/captcha.server.ts";
import type { AppSession, CaptchaPurpose } from "~/utils/session.server.ts";

/**
 * Checks the image code a form posted against its ticket in the session and
 * spends the ticket whatever the verdict (single use). No answer (the form
 * did not parse) counts as missing. The caller commits the session.
 */
export function spendCaptcha(
  session: AppSession,
  purpose: CaptchaPurpose,
  answer: string | undefined,
): CaptchaVerdict {
  const config = env();
  const tickets = session.get("captcha") ?? {};
  session.set("captcha", { ...tickets, [purpose]: undefined });
  if (answer === undefined) return "missing";
  return verifyCaptcha(config.sessionSecrets[0]!, tickets[purpose], answer, {
    testCode: config.testCaptchaCode,
  });
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
