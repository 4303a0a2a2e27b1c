import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { env } from "~/config/env.server.ts";
import { type CaptchaVerdict, verifyCaptcha } from "~/utils/captcha.server.ts";
import { cookieHeaders } from "~/utils/cookies.ts";
import { LIMITS, limiterOf } from "~/utils/rate-limit.server.ts";
import { sessionContext } from "~/utils/request-context.server.ts";
import { type CaptchaPurpose, commitSession } from "~/utils/session.server.ts";

type Context = Readonly<RouterContextProvider>;

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
  context: Context,
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

/** The errors a refusal shows: on the form, on fields, or none (the parse errors). */
export interface RefusalErrors {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
}

/**
 * A posted form with an image code, parsed and its code spent: the prelude of
 * the three forms that show one (sign-in, registration and recovery step 1).
 *
 * - `refusal`: the form did not parse; the page shows why, with a new image.
 * - otherwise `value`, whether the code was right (`codeRight`), and `refuse`,
 *   which answers any later refusal the same way: the given errors, the
 *   secret fields and the spent code emptied, a new image, the session saved.
 *
 * The session (its ticket gone) is committed here; `sessionCookie` carries it
 * to a success answer.
 */
export async function imageCodeForm<
  Schema extends z.ZodType<{ code?: string; withoutImage?: "1" }>,
>(
  context: Context,
  formData: FormData,
  form: {
    schema: Schema;
    purpose: CaptchaPurpose;
    /** Fields never sent back (passwords); the image code never is either. */
    secretFields?: string[];
  },
) {
  const submission = parseWithZod(formData, { schema: form.schema }) as Submission<
    z.input<Schema>,
    string[],
    z.output<Schema>
  >;
  // Whoever cannot read the image goes on without it: the caller proves the
  // person another way (an e-mail code) and counts the post as a code request.
  const withoutImage = submission.status === "success" && submission.value.withoutImage === "1";
  // The code is single use: whatever happens next, this one is spent.
  const verdict = await spendCaptcha(
    context,
    form.purpose,
    submission.status === "success" ? submission.value.code : undefined,
  );
  const sessionCookie = await commitSession(context.get(sessionContext));
  const hideFields = [...(form.secretFields ?? []), "code"];
  const refuse = (errors: RefusalErrors = {}) =>
    data(withNewCaptcha(submission.reply({ ...errors, hideFields })), {
      headers: cookieHeaders(sessionCookie),
    });
  if (submission.status !== "success") return { refusal: refuse() } as const;
  return {
    value: submission.value,
    codeRight: verdict === "ok",
    /** The form went on without the image code (the e-mail code stands in for it). */
    withoutImage,
    /** The refusal of a wrong, expired or replayed code. */
    refuseCode: () => refuse({ fieldErrors: { code: ["auth.codeWrong"] } }),
    refuse,
    sessionCookie,
  } as const;
}
