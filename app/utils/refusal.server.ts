import {
  RouterContextProvider as Context,
  createRequestHandler,
  type RouterContextProvider,
} from "react-router";
import { getLocale } from "~/middleware/i18next.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { requestInfoContext } from "~/utils/request-context.server.ts";

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
