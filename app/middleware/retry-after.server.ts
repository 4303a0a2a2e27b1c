import type { MiddlewareFunction } from "react-router";
import { retryAfterContext } from "~/utils/request-context.server.ts";

/**
 * Puts `Retry-After` on the rendered 429 (and 503) page: the headers of an
 * error an action throws do not reach the document React Router renders for
 * it, so a refusing limit (`refuseTooMany`, `limiterOf` in
 * app/utils/rate-limit.server.ts) leaves its wait in the request's context.
 */
export const retryAfterMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const refusal = { seconds: null as number | null };
  context.set(retryAfterContext, refusal);
  const response = await next();
  if ((response.status === 429 || response.status === 503) && refusal.seconds !== null) {
    response.headers.set("Retry-After", String(refusal.seconds));
  }
  return response;
};
