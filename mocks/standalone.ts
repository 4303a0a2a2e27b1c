/**
 * The fake backend as its own process (`npm run mock-api`), so several portal
 * instances can share it (API_BASE_URL=http://127.0.0.1:3001/api/v1).
 * Also serves the OpenAPI document at /api/v1/openapi.json.
 *
 * With MOCK_API_DATA_FILE the data survives a restart: it is loaded from that
 * file at start (or seeded and written there), and every answer of a call
 * that changed it is sent only once the change is on disk (mocks/data-file.ts).
 */
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendResponse } from "@remix-run/node-fetch-server";
import { z } from "zod";
import { requestBoundsSchema } from "../app/config/request-bounds.ts";
import { ApiCode } from "../app/contract/envelope.ts";
import { bodyLimit } from "../server/body-limit.ts";
import { boundedServer } from "../server/bounded-server.ts";
import { handleMockApiRequest } from "./api.ts";
import { addressOf, fetchRequestOf } from "./bodiless-request.ts";
import { DataFileError, type DurableStore, openDurableStore } from "./data-file.ts";
import { envelopeBytes, envelopeText, isUnreadEnvelope, makeEnvelopesAsText } from "./route.ts";
import { collectGarbageNow, setHeapGrowth } from "./startup-heap.ts";
import { ensureSeeded } from "./state.ts";
import { tableChangeCount } from "./table.ts";
import { headerLines, TextEnvelope } from "./text-envelope.ts";
import { dropBodyLeftUnread } from "./unread-body.ts";

// 0: any free port (the listening line names it).
const portSetting = z.coerce
  .number()
  .int()
  .min(0)
  .max(65_535)
  .default(3001)
  .safeParse(process.env.MOCK_API_PORT?.trim() || undefined);
if (!portSetting.success) {
  console.error(
    `MOCK_API_PORT: must be a port number (0 to 65535), got "${process.env.MOCK_API_PORT}"`,
  );
  process.exit(1);
}
const port = portSetting.data;
// The portal's deadline for a request to arrive, by the portal's rule.
const deadline = requestBoundsSchema
  .pick({ REQUEST_TIMEOUT_MS: true })
  .safeParse({ REQUEST_TIMEOUT_MS: process.env.REQUEST_TIMEOUT_MS?.trim() || undefined });
if (!deadline.success) {
  console.error(
    `REQUEST_TIMEOUT_MS: ${deadline.error.issues[0]?.message}, got "${process.env.REQUEST_TIMEOUT_MS}"`,
  );
  process.exit(1);
}
const host = process.env.MOCK_API_HOST ?? "127.0.0.1";
// Every envelope this server answers is written as its text (`listener`):
// none needs a body stream of its own.
makeEnvelopesAsText();

const openApiFile = new URL("../docs/openapi.json", import.meta.url);
const dataFile = process.env.MOCK_API_DATA_FILE?.trim() || undefined;
let store: DurableStore | undefined;

/** Reads never wait for the disk; an answer of a call that changed the data waits for its snapshot. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Without a data file a call is answered as it is; with one, `answerStored`. */
function answerDurably(request: Request): Promise<Response> {
  return store ? answerStored(store, request) : handleMockApiRequest(request);
}

async function answerStored(durable: DurableStore, request: Request): Promise<Response> {
  await durable.enter();
  const before = tableChangeCount();
  let response: Response;
  try {
    response = await handleMockApiRequest(request);
  } finally {
    durable.leave();
  }
  if (!READS.has(request.method) || tableChangeCount() !== before) {
    try {
      await durable.commit();
    } catch (error) {
      console.error("[mock-api] the data file could not be written:", error);
      await response.body?.cancel();
      return Response.json(
        { code: ApiCode.serverError, data: "the change could not be saved", msg: "server error" },
        { status: 500 },
      );
    }
  }
  return response;
}

/** A call of the contract is answered without an `async` step of its own here (every call passes). */
function answerRequest(request: Request): Promise<Response> {
  const url = addressOf(request);
  if (url.pathname === "/api/v1/openapi.json" && request.method === "GET") return openApiAnswer();
  if (url.pathname === "/health") return Promise.resolve(new Response("ok"));
  return answerDurably(request);
}

async function openApiAnswer(): Promise<Response> {
  try {
    return new Response(await readFile(openApiFile), {
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  } catch {
    return Response.json(
      { code: ApiCode.notFound, data: "openapi.json not found", msg: "not found" },
      { status: 404 },
    );
  }
}

/**
 * Writes an envelope's JSON text as it is, with its length: the answer's
 * status and headers as node-fetch-server's `sendResponse` writes them, the
 * same bytes, without reading them back through the answer's body stream.
 */
function sendEnvelope(res: ServerResponse, response: Response): void {
  // In `Headers`' order (a text envelope's list sorted as undici's `Headers` iterates).
  const pairs = response instanceof TextEnvelope ? response.headers.sorted() : response.headers;
  // Encoded once, for its length and for the socket (the order list's bytes are kept: envelopeBytes).
  const bytes = envelopeBytes(response) ?? Buffer.from(envelopeText(response) ?? "");
  res.writeHead(response.status, response.statusText, headerLines(pairs, String(bytes.byteLength)));
  res.end(res.req.method === "HEAD" ? undefined : bytes);
}

/** node-fetch-server's answer to a failure. */
function internalServerError(): Response {
  return new Response("Internal Server Error", {
    status: 500,
    headers: { "Content-Type": "text/plain" },
  });
}

/**
 * node-fetch-server's request listener, with the envelopes written as text:
 * the same Request (createRequest's, or for a GET or HEAD the same without
 * its abort signal: mocks/bodiless-request.ts), and every other answer, and
 * every failure's, sent by its `sendResponse`.
 */
async function listener(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // The portal forwards the browser's address; a direct caller's address is used otherwise.
  if (req.headers["x-forwarded-for"] === undefined && req.socket.remoteAddress) {
    req.headers["x-forwarded-for"] = req.socket.remoteAddress;
  }
  let request: Request;
  try {
    // A GET or HEAD needs neither a body stream nor an abort signal.
    request = fetchRequestOf(req, res);
  } catch (error) {
    // An address that makes no URL (over HTTP/1 nothing else fails here).
    console.error(error);
    await sendResponse(res, internalServerError()).catch(() => res.destroy());
    return;
  }
  dropBodyLeftUnread(req, res, request);
  // The client went away (the signal of a call with a body says so first).
  const gone = () => res.destroyed || request.signal.aborted;
  let response: Response;
  try {
    response = await answerRequest(request);
  } catch (error) {
    if (gone()) return;
    console.error(error);
    response = internalServerError();
  }
  if (gone()) return;
  if (isUnreadEnvelope(response)) {
    sendEnvelope(res, response);
    return;
  }
  try {
    await sendResponse(res, response);
  } catch (error) {
    if (res.destroyed) return;
    if (res.headersSent) res.destroy(error instanceof Error ? error : undefined);
    else await sendResponse(res, internalServerError()).catch(() => res.destroy());
  }
}

const started = Date.now();
// Room for the old generation between full collections (mocks/startup-heap.ts).
setHeapGrowth();
if (dataFile) {
  try {
    store = await openDurableStore(dataFile);
  } catch (error) {
    const reason = error instanceof DataFileError ? error.message : String(error);
    console.error(
      `[mock-api] MOCK_API_DATA_FILE=${dataFile}: ${reason}. The fake backend did not start, ` +
        "so the file is left as it is: restore it from a copy, or move it away to start from the seed.",
    );
    process.exit(1);
  }
} else {
  await ensureSeeded();
}
// The seed's (or the file's) garbage collected before the first call, not under the calls (mocks/startup-heap.ts).
collectGarbageNow();
// The portal's bounds on what a client sends (sizes, fields, the deadline).
// Portals share this backend from one address each, with pools of
// connections: no limit of connections per address here. A request with
// no body by its headers comes already ended, with no stream events
// (`optimizeEmptyRequests`: about a tenth of the backend's CPU a page of
// two calls): a GET's request reads no body, another method's is given an
// empty one (`fetchRequestOf`).
const limitBody = bodyLimit();
const server = boundedServer((req, res) => limitBody(req, res, () => void listener(req, res)), {
  requestTimeoutMs: deadline.data.REQUEST_TIMEOUT_MS,
  maxConnectionsPerClient: 0,
  optimizeEmptyRequests: true,
});
server.listen(port, host, () => {
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  console.info(
    `[mock-api] ${dataFile ? `data file ${dataFile} ready` : "seeded"} in ${Date.now() - started} ms; ` +
      `listening on http://${host}:${bound}/api/v1 (OpenAPI: /api/v1/openapi.json)`,
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    if (!store) process.exit(0);
    // The last changes (of requests cut off) are written before leaving.
    setTimeout(() => process.exit(1), 10_000).unref();
    store.commit().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("[mock-api] the data file could not be written:", error);
        process.exit(1);
      },
    );
  });
}
