/**
 * The rest of a request's body that the fake backend answered without
 * reading is read and dropped once the answer is out, so the connection can
 * carry the client's next call.
 *
 * node-fetch-server's `createRequest` hands a body over only as fast as its
 * reader asks for it: it pauses the request after each chunk. A call refused
 * before its body is read (no token, a path parameter that is no number) or
 * that takes no body (logout) leaves the body paused after its first chunks.
 * Node reads and drops a body nobody started to read once the answer is
 * sent, but not one that was started and paused: the connection then reads
 * nothing more, so the next call a keep-alive client sends on it is never
 * seen, until the server's keep-alive timeout closes the connection (6 s)
 * and the client gets ECONNRESET. A body that arrives with its first chunks
 * (tens of kilobytes) never showed it; one of a few hundred kilobytes does.
 * See docs/decisions/2026-11-26-unread-body-dropped-after-answer.md.
 *
 * Node runs this file directly (mocks/standalone.ts): relative imports with
 * `.ts` only.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendResponse } from "@remix-run/node-fetch-server";
import { BodilessRequest, fetchRequestOf } from "./bodiless-request.ts";

/**
 * Once `res` is sent, drops what is left of the body of `request` (made from
 * `req` by node-fetch-server's `createRequest`) if nobody read it. What the
 * server counts of a body (its size limit, its deadline) still counts what is
 * dropped: only the fetch server's own reader is taken away.
 */
export function dropBodyLeftUnread(
  req: IncomingMessage,
  res: ServerResponse,
  request: Request,
): void {
  // A GET's or HEAD's request was made with no reader of the body: if one
  // came, nobody started to read it, and Node drops it itself.
  if (request instanceof BodilessRequest) return;
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    // The fetch server's reader pauses the request again after each chunk
    // until its stream is read; cancelled, it lets go of the request.
    if (request.body && !request.body.locked) void request.body.cancel().catch(() => undefined);
    req.resume();
  });
}

/**
 * One call answered through node-fetch-server: a `Request` made of `req`
 * (for a GET or HEAD the standalone server's, mocks/bodiless-request.ts),
 * `handle`'s answer written back, and the rest of a body it left unread
 * dropped. Used wherever the fake backend is served over HTTP by its Fetch
 * handler (demo mode's public mount, the contract tests' server), so the
 * contract tests answer every call as the standalone server makes it.
 */
export async function answerThroughFetch(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (request: Request) => Promise<Response>,
): Promise<void> {
  const request = fetchRequestOf(req, res);
  dropBodyLeftUnread(req, res, request);
  const response = await handle(request);
  if (res.destroyed || request.signal.aborted) return;
  await sendResponse(res, response);
}
