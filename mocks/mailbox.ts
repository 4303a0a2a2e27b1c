/**
 * Demo mailboxes: every request belongs to the mailbox named by its
 * `x-demo-mailbox` header (the portal, on a browser's behalf) or its
 * `demo_mailbox` cookie (direct calls); a request with neither gets a new
 * one, set as a cookie on the answer.
 *
 * A mail to an account is filed only in the mailboxes that registered that
 * account (its own registration, or a sub-account's creation) or signed in
 * as it: whoever merely asks for a mail to an account (a reset code) never
 * reads it, so a visitor cannot take over an account it does not hold. A
 * mail to an address without an account (a registration code) is filed in
 * the mailbox of the request that caused it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { DEMO_MAILBOX_COOKIE, DEMO_MAILBOX_HEADER } from "../app/contract/demo.ts";
import { readCookie } from "../app/utils/cookies.ts";
import { db } from "./db.ts";
import { keepEnvelopeText } from "./route.ts";
import { randomId } from "./security.ts";

interface Mailbox {
  id: string;
  /** Made for this request: the answer sets the cookie. */
  fresh: boolean;
}

const current = new AsyncLocalStorage<Mailbox>();
const ID = /^[A-Za-z0-9_-]{16,64}$/;

export function mailboxOf(request: Request): Mailbox {
  const given =
    request.headers.get(DEMO_MAILBOX_HEADER) ??
    readCookie(request.headers.get("cookie"), DEMO_MAILBOX_COOKIE);
  if (given && ID.test(given)) return { id: given, fresh: false };
  return { id: randomId(24), fresh: true };
}

/** Runs `answer` for the request's mailbox and sets the cookie of a new one. */
export async function withMailbox(
  request: Request,
  answer: () => Promise<Response>,
): Promise<Response> {
  const mailbox = mailboxOf(request);
  const response = await current.run(mailbox, answer);
  if (!mailbox.fresh) return response;
  const cookie = `${DEMO_MAILBOX_COOKIE}=${mailbox.id}; Path=/; HttpOnly; SameSite=Lax`;
  // The answers made here have headers that can still change; a copy (for
  // one whose headers are fixed, e.g. Response.redirect's) costs a new body.
  try {
    response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    keepEnvelopeText(response, copy);
    copy.headers.append("Set-Cookie", cookie);
    return copy;
  }
}

/** The mailbox of the request being answered, if any. */
export function currentMailbox(): string | undefined {
  return current.getStore()?.id;
}

/**
 * Mailboxes remembered per account. Anyone may sign in as a published demo
 * account, each time from a new mailbox: the newest ones are kept, so the
 * set (and the filing of every mail to that account) stays bounded.
 */
export const MAX_MAILBOXES_PER_ACCOUNT = 50;

/** The request's mailbox registered or signed in as `userId`: mails to that account land in it. */
export function rememberMailboxOf(userId: string): void {
  const id = currentMailbox();
  if (!id) return;
  const boxes = db.mailboxesByUser.get(userId) ?? new Set<string>();
  // Re-adding moves it to the newest end.
  boxes.delete(id);
  boxes.add(id);
  for (const oldest of boxes) {
    if (boxes.size <= MAX_MAILBOXES_PER_ACCOUNT) break;
    boxes.delete(oldest);
  }
  db.mailboxesByUser.set(userId, boxes);
}

/** Where a mail to `to` is filed: the account's own mailboxes, else the causing request's. */
export function mailboxesFor(to: string): string[] {
  const userId = db.userIdByName.get(to.trim().toLowerCase());
  if (userId) return [...(db.mailboxesByUser.get(userId) ?? [])];
  const id = currentMailbox();
  return id ? [id] : [];
}
