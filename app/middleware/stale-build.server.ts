import { type MiddlewareFunction, redirectDocument } from "react-router";
import { BUILD_HEADER } from "~/utils/build-header.ts";
import { refererOnThisHost } from "~/utils/resource-paths.ts";
import { localRedirectTarget } from "~/utils/same-origin.server.ts";

/** The build this server runs (React Router's `assets.version` of its build); none until told. */
let serverBuild: string | undefined;

/** Names the build this server runs: server/app.ts, once, with its build's `assets.version`. */
export function setServerBuild(version: string | undefined): void {
  serverBuild = version;
}

/**
 * A browser whose code is of another build than this server's (it names its
 * build in `BUILD_HEADER` on its `.data` requests, app/utils/build-header.ts)
 * gets a reload of the whole document instead of an answer its code may read
 * otherwise: React Router turns the thrown `redirectDocument` into its
 * single-fetch redirect with `X-Remix-Reload-Document`, and the browser
 * loads the address as a page of this build. Nothing below runs, so an
 * action is not applied: the browser loads the page the form was on, whose
 * own form and checks are this build's. A request without the header (a
 * page, a form without JavaScript, any other client) is untouched; what it
 * costs such a request is one step of the pipeline and the header's lookup
 * (docs/decisions/2026-11-27-a-tab-of-an-older-release-reloads.md).
 */
export const staleBuildMiddleware: MiddlewareFunction<Response> = ({ request, url }, next) => {
  const sent = request.headers.get(BUILD_HEADER);
  if (sent === null || serverBuild === undefined || sent === serverBuild) return next();
  throw redirectDocument(reloadTarget(request, url));
};

/**
 * The page to load for a `.data` request of another build: for a read, the
 * address it asked for (a navigation's destination, the page a revalidation
 * or a fetcher reads) with its query: the middleware's `url`, which React
 * Router already gives without `.data`, its `_routes` and a bare `index`;
 * for a post, the page the form was on (the Referer, when it is a page of
 * this host), else the address it posted to.
 */
export function reloadTarget(request: Request, url: URL): string {
  if (request.method !== "GET" && request.method !== "HEAD") {
    const page = refererOnThisHost(request);
    if (page && !page.pathname.endsWith(".data")) {
      return localRedirectTarget(`${page.pathname}${page.search}`);
    }
  }
  return localRedirectTarget(`${url.pathname}${url.search}`);
}
