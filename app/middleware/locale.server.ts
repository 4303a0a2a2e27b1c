import type { MiddlewareFunction } from "react-router";
import { localeContext } from "~/utils/request-context.server.ts";
import { localeOfRequest } from "~/utils/resource-paths.ts";

/**
 * The request's language (docs/product.md, Languages and addresses): the URL
 * of a page, the calling page's for a resource route (`localeOfRequest`).
 * Its translator is `getT` (app/utils/request-context.server.ts).
 */
export const localeMiddleware: MiddlewareFunction<Response> = (args, next) => {
  setLocale(args);
  return next();
};

/** Puts the request's language into its context. */
export function setLocale({ request, context, url }: Parameters<MiddlewareFunction<Response>>[0]) {
  context.set(localeContext, localeOfRequest(request, url));
}
