import {
  RouterContextProvider as Context,
  createRequestHandler,
  type RouterContextProvider,
  redirect,
} from "react-router";
import type { ErrorPayload } from "~/utils/error-payload.ts";
import { localizePath } from "~/utils/locale-path.ts";
import {
  getLocale,
  getT,
  requestInfoContext,
  sessionContext,
} from "~/utils/request-context.server.ts";
import { refererOnThisHost } from "~/utils/resource-paths.ts";
import { localRedirectTarget } from "~/utils/same-origin.server.ts";
import { commitSession } from "~/utils/session.server.ts";

/** The refusals that have an error page of their own. */
export type RefusalStatus = 403 | 404 | 405;

let handler: Promise<(request: Request, context: Context) => Promise<Response>> | undefined;

/**
 * The translated error page of `status`, in the language of the request, as
 * an answer with that status. Resource routes (downloads, form posts) have no
 * error boundary: what a browser sees of their refusals comes from here, the
 * same page as `/error/403`, `/error/404` and `/error/405`, rendered in-process.
 */
export async function refusalPage(
  context: Readonly<RouterContextProvider>,
  status: RefusalStatus,
  headers: HeadersInit = {},
): Promise<Response> {
  handler ??= import("virtual:react-router/server-build").then((build) =>
    createRequestHandler(build, process.env.NODE_ENV),
  );
  const path = localizePath(`/error/${status}`, getLocale(context));
  const page = new Context();
  page.set(requestInfoContext, { clientIp: "" });
  const rendered = await (await handler)(
    new Request(new URL(path, "http://portal.local"), { headers: { Accept: "text/html" } }),
    page,
  );
  const answer = new Headers(headers);
  answer.set("Content-Type", "text/html; charset=utf-8");
  answer.set("Cache-Control", "no-store");
  return new Response(staticPage(await rendered.text()), { status, headers: answer });
}

/**
 * The page without its scripts: they would hydrate the error page's route at
 * this resource route's address and fail. The page needs none (its one link
 * is a plain link).
 */
function staticPage(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, "");
}

/** What a user reads of a failure without a message of its own, by its kind. */
function failureMessageKey(kind: ErrorPayload["kind"]) {
  if (kind === "timeout") return "errors.timeout" as const;
  if (kind === "unreachable") return "errors.unreachable" as const;
  if (kind === "malformed") return "errors.badResponse" as const;
  return "errors.network" as const;
}

/**
 * Runs a download's action. The browser posts the form itself (the answer
 * is a file), so a failure would open as a bare answer in the page's place:
 * instead the user goes back to the page that asked (its Referer, this host
 * only, else `page`), which shows what went wrong above its content (the
 * home layout's `flash`): the backend's refusal, a form it cannot read, or
 * a backend that did not answer in time, could not be reached or answered
 * nonsense — whether the file itself or the user check before it failed.
 * A redirect (the session ended) and a refusal page (403) go on as they are.
 */
export async function downloadOrBack(
  request: Request,
  context: Readonly<RouterContextProvider>,
  page: string,
  download: () => Promise<Response>,
): Promise<Response> {
  try {
    return await download();
  } catch (error) {
    if (!isThrownData(error)) throw error;
    const session = context.get(sessionContext);
    session.flash("notice", {
      kind: "error",
      message: error.data?.message ?? getT(context)(failureMessageKey(error.data?.kind)),
    });
    throw redirect(backTo(request, localizePath(page, getLocale(context))), {
      headers: { "Set-Cookie": await commitSession(session) },
    });
  }
}

/** A refusal thrown with React Router's `data()`. */
function isThrownData(error: unknown): error is { data: ErrorPayload | undefined } {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { type?: unknown }).type === "DataWithResponseInit"
  );
}

function backTo(request: Request, fallback: string): string {
  const from = refererOnThisHost(request);
  return from ? localRedirectTarget(`${from.pathname}${from.search}`, fallback) : fallback;
}
