import type { MiddlewareFunction } from "react-router";
import { localeContext } from "~/utils/request-context.server.ts";
import { localeOfRequest } from "~/utils/resource-paths.ts";

/**
 * Puts the request's language into its context (docs/product.md, Languages
 * and addresses): the URL of a page, the calling page's for a resource route
 * (`localeOfRequest`). Its translator is `getT`
 * (app/utils/request-context.server.ts). The root's pipeline sets it in the
 * same step as the language's rules (./root.server.ts).
 */
export function setLocale({ request, context, url }: Parameters<MiddlewareFunction<Response>>[0]) {
  context.set(localeContext, localeOfRequest(request, url));
}
