/**
 * The Fetch `Request` of a call that carries no body (GET, HEAD), for the
 * standalone server (mocks/standalone.ts).
 *
 * node-fetch-server's `createRequest` makes, for every call, an abort
 * controller whose signal the `Request` carries, listeners on the answer to
 * abort it if the client goes away first, and for a call with a body a
 * stream over it. The fake backend's handlers read none of the signal: a
 * call without a body needs only the address, the method and the headers,
 * made here as `createRequest` makes them (the headers as its
 * `createHeaders` gathers them, the `Host` header, `localhost` without one;
 * plain HTTP/1, so no `:authority` and no TLS). See
 * docs/decisions/2026-11-27-fake-backend-bodiless-requests.md.
 *
 * Node runs this file directly (mocks/standalone.ts): relative imports with
 * `.ts` only.
 */
import type { IncomingMessage } from "node:http";

/** Whether a call of this method has no body by Fetch's rule (`createRequest` gives it none). */
export function takesNoBody(method: string | undefined): boolean {
  return method === "GET" || method === "HEAD";
}

/**
 * The `Request` node-fetch-server's `createRequest` makes of `req`, a GET or
 * HEAD, without its abort signal. The headers are its `createHeaders`'s,
 * handed to the `Request` as their record: `createHeaders` makes them a
 * `Headers`, which the `Request` then copies, sorted, into its own.
 */
export function bodilessRequest(req: IncomingMessage): Request {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (key.startsWith(":") || value == null) continue;
    headers[key] = Array.isArray(value) ? value.join(", ") : value;
  }
  return new Request(`http://${headers.host ?? "localhost"}${req.url}`, {
    method: req.method,
    headers,
  });
}
