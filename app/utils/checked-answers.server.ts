/**
 * Answers already checked, by their bytes: when the backend answers a read
 * with the very bytes it answered before (a list page asked again, by the
 * same user or another), what those bytes were checked into is handed out
 * again instead of parsing and checking the same text a second time. Each
 * answer is still read whole and compared byte for byte with the one kept;
 * anything else is parsed and checked against the contract as always
 * (docs/decisions/2026-11-27-checked-answers-by-their-bytes.md).
 *
 * Only the endpoints named in `KEPT_ENDPOINTS` are kept: reads whose callers
 * only read what they are given. A kept answer is shared by every request
 * that receives the same bytes, so it is frozen whole when it is kept: a
 * caller that changed it would fail at once instead of changing another
 * request's page. Freezing a page costs about as much as parsing it: an
 * answer's bytes are noted the first time, and what they were checked into
 * kept (and frozen) only when the same bytes come a second time, so an
 * answer that never comes again costs a copy of its bytes alone.
 */
import type { EndpointName } from "~/contract/index.ts";
import { deepFreeze } from "~/utils/kept.ts";

/** The reads whose checked answers are kept: the order list (its page, its counts). */
const KEPT_ENDPOINTS: ReadonlySet<EndpointName> = new Set<EndpointName>(["orders"]);

/** Larger answers are not kept (a page of 1,000 orders): comparing and holding them costs more than it saves. */
const KEPT_ANSWER_MAX_BYTES = 64 * 1024;

/** Answers kept at most, over every endpoint; past it they are dropped and kept anew. */
const KEPT_ANSWERS_MAX = 64;

interface Kept {
  bytes: Buffer;
  /** What the bytes were checked into, once they came a second time. */
  checked?: unknown;
}

/** By endpoint and length: a few answers of one endpoint (a page and its counts) are kept side by side. */
const kept = new Map<string, Kept>();

const keyOf = (name: EndpointName, bytes: Buffer) => `${name} ${bytes.length}`;

/** Whether answers of `name` of this size are kept. */
function keepsAnswer(name: EndpointName, bytes: Buffer): boolean {
  return KEPT_ENDPOINTS.has(name) && bytes.length <= KEPT_ANSWER_MAX_BYTES;
}

/** What these very bytes were checked into before, if they were. */
export function checkedBefore(name: EndpointName, bytes: Buffer): unknown {
  if (!keepsAnswer(name, bytes)) return undefined;
  const found = kept.get(keyOf(name, bytes));
  return found?.checked !== undefined && found.bytes.equals(bytes) ? found.checked : undefined;
}

/**
 * Notes a successful answer's bytes (a copy: the answer's own may be part of
 * a larger buffer of the connection); when the same bytes were noted before,
 * keeps what they were checked into (the contract's `data`), frozen. Gives
 * `checked` back.
 */
export function keepChecked<T>(name: EndpointName, bytes: Buffer, checked: T): T {
  if (!keepsAnswer(name, bytes)) return checked;
  const key = keyOf(name, bytes);
  const noted = kept.get(key);
  if (noted?.bytes.equals(bytes)) {
    noted.checked = deepFreeze(checked);
    return checked;
  }
  if (kept.size >= KEPT_ANSWERS_MAX) kept.clear();
  kept.set(key, { bytes: Buffer.from(bytes) });
  return checked;
}

/** Forgets every kept answer (tests). */
export function forgetCheckedAnswers(): void {
  kept.clear();
}
