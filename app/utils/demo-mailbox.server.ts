/**
 * Demo mode: the browser's demo mailbox (see `app/contract/demo.ts`). Its id
 * lives in a cookie of its own, shared by the portal's calls on the browser's
 * behalf (sent as a header) and the browser's direct calls to the fake
 * backend, so each browser reads only its own mail.
 */
import { DEMO_MAILBOX_COOKIE } from "~/contract/demo.ts";
import { readCookie } from "~/utils/cookies.ts";

const ID = /^[A-Za-z0-9_-]{16,64}$/;

export function demoMailboxOf(request: Request): { id: string; fresh: boolean } {
  const given = readCookie(request.headers.get("Cookie"), DEMO_MAILBOX_COOKIE);
  if (given && ID.test(given)) return { id: given, fresh: false };
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return { id: Buffer.from(bytes).toString("hex"), fresh: true };
}

export function demoMailboxCookie(id: string): string {
  return `${DEMO_MAILBOX_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax`;
}
