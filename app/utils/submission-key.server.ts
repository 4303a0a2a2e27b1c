/**
 * A form that changes something carries a one-time key, made when the form
 * is drawn (`newSubmissionKey`). The action runs its change through
 * `applyOnce`: the first post with a key is carried out and answered with a
 * redirect to the page that shows its result; every later post with the same
 * key (a double click, a reload, a retry after a timeout, on any replica)
 * gets that same redirect without reaching the backend again.
 *
 * A refusal (the form's errors) forgets the key, so the corrected form can
 * be sent with it. The keys live in the shared store for a day, per user.
 */
import { data, type RouterContextProvider, replace } from "react-router";
import { pooledRandomBytes } from "~/utils/random-bytes.server.ts";
import { getT, getUser, sessionContext } from "~/utils/request-context.server.ts";
import { commitSession } from "~/utils/session.server.ts";
import { sharedStore } from "~/utils/shared-store.server.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";

type Context = Readonly<RouterContextProvider>;

export { SUBMISSION_FIELD };

/** How long a submission is remembered. */
export const SUBMISSION_TTL_MS = 24 * 60 * 60 * 1000;

/** How long a second post waits for the first one with its key to finish. */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 50;

const KEY_PATTERN = /^[\w-]{16,64}$/;

/** A fresh key for a form being drawn. */
export function newSubmissionKey(): string {
  return pooledRandomBytes(16).toString("base64url");
}

/** A notice shown once on the page the redirect leads to. */
export interface DoneNotice {
  kind: "success" | "info";
  message: string;
}

const DONE = Symbol("done");

/** What a carried-out change answers: where its result is shown, and a notice for the layout. */
export interface Done {
  [DONE]: true;
  location: string;
  notice: DoneNotice | null;
}

/** The answer of a change that went through: `location` shows its result. */
export function done(location: string, notice: DoneNotice | null = null): Done {
  return { [DONE]: true, location, notice };
}

function isDone(value: unknown): value is Done {
  return typeof value === "object" && value !== null && DONE in value;
}

/** The redirect of a finished change; `replace`, so a fetcher's answer adds no history entry. */
async function redirectTo(context: Context, answer: Omit<Done, typeof DONE>): Promise<Response> {
  if (!answer.notice) return replace(answer.location);
  const session = context.get(sessionContext);
  session.flash("notice", answer.notice);
  return replace(answer.location, { headers: { "Set-Cookie": await commitSession(session) } });
}

/** The key a post carries, if it is one this portal could have made. */
export function submissionKeyOf(formData: FormData): string | null {
  const key = formData.get(SUBMISSION_FIELD);
  return typeof key === "string" && KEY_PATTERN.test(key) ? key : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Carries out `apply` once per submission key. `apply` answers `done(...)`
 * when the change went through (answered here with the redirect, remembered
 * for later posts of the key) or anything else for a refusal (answered as it
 * is; the key may be used again). A post without a key is carried out as it
 * comes: forms drawn by the portal always have one.
 */
export async function applyOnce<Refusal>(
  context: Context,
  formData: FormData,
  apply: () => Promise<Done | Refusal>,
): Promise<Response | Refusal> {
  const key = submissionKeyOf(formData);
  if (!key) {
    const answer = await apply();
    return isDone(answer) ? redirectTo(context, answer) : answer;
  }
  const store = sharedStore();
  const name = `submission:${(await getUser(context)).username}:${key}`;
  const lock = `${name}:lock`;
  const result = `${name}:done`;
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const first = await store.get(result);
    if (first !== null) return redirectTo(context, JSON.parse(first));
    if (await store.claim(lock, SUBMISSION_TTL_MS)) break;
    // The first post with this key is still on its way: its answer will be this one's.
    if (Date.now() >= deadline) {
      throw data({ message: getT(context)("common.submissionPending") }, { status: 409 });
    }
    await sleep(POLL_MS);
  }
  let answer: Done | Refusal;
  try {
    answer = await apply();
  } catch (error) {
    await store.delete(lock);
    throw error;
  }
  if (!isDone(answer)) {
    await store.delete(lock);
    return answer;
  }
  const kept = { location: answer.location, notice: answer.notice };
  await store.set(result, JSON.stringify(kept), SUBMISSION_TTL_MS);
  return redirectTo(context, kept);
}
