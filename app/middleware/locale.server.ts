import type { MiddlewareFunction } from "react-router";
import { localeContext } from "~/utils/request-context.server.ts";
import { localeOfRequest } from "~/utils/resource-paths.ts";

/**
 * The request's language (docs/product.md, Languages and addresses): the URL
 * of a page, the calling page's for a resource route (`localeOfRequest`).
 * Its translator is `getT` (app/utils/request-context.server.ts).
 */
export const localeMiddleware: MiddlewareFunction<Response> = ({ request, context, url }, next) => {
  context.set(localeContext, localeOfRequest(request, url));
  return next();
};
