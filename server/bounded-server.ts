/**
 * The HTTP server of the portal and of the standalone fake backend, with the
 * bounds a client cannot stretch:
 *
 * - a request (headers and body) must arrive within `requestTimeoutMs`, its
 *   headers within 10 s of that; Node answers a late one 408 and closes the
 *   connection (`requestTimeout`, `headersTimeout`), checked every tenth of
 *   the deadline (`connectionsCheckingInterval`, 30 s by default, would let a
 *   slow body live up to twice its deadline);
 * - one client address holds at most `maxConnectionsPerClient` connections;
 *   more are closed as they open. Behind a proxy every connection comes from
 *   the proxy, so there the proxy limits them (deploy/nginx.conf) and this
 *   limit is off (0).
 *
 * - an idle kept-alive connection is closed after `KEEP_ALIVE_TIMEOUT_MS`:
 *   a proxy that keeps connections to the portal open must drop them sooner
 *   (deploy/nginx.conf), or it can send a request on a connection the portal
 *   is closing and get a reset, which nginx does not retry for a post.
 *
 * Node runs this file directly: relative imports with `.ts` only.
 */
import { createServer, type RequestListener, type Server } from "node:http";

export interface ServerBounds {
  requestTimeoutMs: number;
  /** 0: no limit. */
  maxConnectionsPerClient: number;
  maxHeaderBytes?: number;
  /**
   * Node's `optimizeEmptyRequests`: a request with neither Content-Length
   * nor Transfer-Encoding comes already ended, and emits no `data`, `end`
   * or `close` (the standalone fake backend's calls; off by default).
   */
  optimizeEmptyRequests?: boolean;
}

const HEADERS_TIMEOUT_MS = 10_000;

/** Node's default, written down because deploy/nginx.conf depends on it. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

export function boundedServer(listener: RequestListener, bounds: ServerBounds): Server {
  const server = createServer(
    {
      requestTimeout: bounds.requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, bounds.requestTimeoutMs),
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(2_000, Math.max(100, bounds.requestTimeoutMs / 10)),
      ...(bounds.maxHeaderBytes ? { maxHeaderSize: bounds.maxHeaderBytes } : {}),
      ...(bounds.optimizeEmptyRequests ? { optimizeEmptyRequests: true } : {}),
    },
    listener,
  );
  if (bounds.maxConnectionsPerClient > 0) {
    limitConnectionsPerClient(server, bounds.maxConnectionsPerClient);
  }
  return server;
}

function limitConnectionsPerClient(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
