/**
 * The result of a change too rich for a one-line notice (an operation's
 * orders left as they were, an import's per-row report, a scan's record):
 * the action keeps it in the shared store and redirects to its page with a
 * short id in the address (`?done=<id>`); the page's loader reads it back.
 * Reloading the page shows it again, and only its user can read it.
 */
import { randomBytes } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { listHref, RESULT_PARAM } from "~/utils/list-query.ts";
import { getUser } from "~/utils/request-context.server.ts";
import { sharedStore } from "~/utils/shared-store.server.ts";
import { type Done, done, SUBMISSION_TTL_MS } from "~/utils/submission-key.server.ts";

type Context = Readonly<RouterContextProvider>;

export { RESULT_PARAM };

const ID_PATTERN = /^[\w-]{8,32}$/;

const keyOf = async (context: Context, kind: string, id: string) =>
  `result:${kind}:${(await getUser(context)).username}:${id}`;

/** Keeps a result of `kind` for its user; the id to put in the address. */
export async function keepResult(context: Context, kind: string, value: unknown): Promise<string> {
  const id = randomBytes(9).toString("base64url");
  await sharedStore().set(await keyOf(context, kind, id), JSON.stringify(value), SUBMISSION_TTL_MS);
  return id;
}

/** The result of `kind` the address names, with its id; null when absent, expired or another's. */
export async function readResult<T>(
  context: Context,
  kind: string,
  url: URL,
): Promise<{ id: string; value: T } | null> {
  const id = url.searchParams.get(RESULT_PARAM);
  if (!id || !ID_PATTERN.test(id)) return null;
  const kept = await sharedStore().get(await keyOf(context, kind, id));
  return kept === null ? null : { id, value: JSON.parse(kept) as T };
}

/**
 * A change done, its result `value` kept: the redirect to the page at `url`
 * (its query kept) with the result's id, for `applyOnce` to answer.
 */
export async function doneWith(
  context: Context,
  kind: string,
  url: URL,
  value: unknown,
): Promise<Done> {
  const id = await keepResult(context, kind, value);
  const params = new URLSearchParams(url.search);
  // The index route's marker belongs to the post, not to the page.
  params.delete("index");
  return done(listHref(url.pathname, params, { [RESULT_PARAM]: id }));
}
