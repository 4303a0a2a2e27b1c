import type { MiddlewareFunction } from "react-router";

/**
 * Keeps what React Router answers (pages, `.data` requests, downloads, the
 * redirects and error pages of the middleware after it) out of every cache:
 * they show one user's data. A route that chose its own caching keeps it.
 * First of the root middleware, so it sees every answer.
 */
export const noStoreMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.headers.has("Cache-Control")) return response;
  try {
    response.headers.set("Cache-Control", "no-store");
    return response;
  } catch {
    // A response passed through from fetch has immutable headers: copy it.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", "no-store");
    return copy;
  }
};
