/**
 * A call with no body by its headers (neither Content-Length nor
 * Transfer-Encoding) through demo mode's public mount of the fake backend:
 * the portal's server (server.ts) does not take Node's
 * `optimizeEmptyRequests`, so such a request is not handed over as already
 * ended, and a POST or DELETE goes to node-fetch-server's own request of it
 * (mocks/bodiless-request.ts, `fetchRequestOf`), a path the contract suite's
 * server (which takes the option, tests/contract/empty-request.test.ts) no
 * longer exercises. Such a call is answered with the contract's envelope,
 * and the next call on the same connection is answered too.
 *
 * The mount is built here as the portal builds it: the portal's bounded
 * server without the option, an express app with the body limits and the
 * compression that sit in front of every route (server.ts), and the mount's
 * own steps (server/app.ts: `Cache-Control`, the caller's address as
 * `X-Forwarded-For`, `answerThroughFetch` with the call from outside).
 * server/app.ts itself is the build's entry (it imports React Router's
 * server build) and is not started here.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiCode } from "../../app/contract/envelope.ts";
import { handleMockApiRequest, mockClock } from "../../mocks/api.ts";
import { answerThroughFetch } from "../../mocks/unread-body.ts";
import { bodyLimit } from "../../server/body-limit.ts";
import { boundedServer } from "../../server/bounded-server.ts";
import { client, reset } from "./helpers.ts";
import { rawConnection } from "./raw-calls.ts";

let server: Server | undefined;
let base = "";

beforeAll(async () => {
  await reset();
  const app = express();
  app.disable("x-powered-by");
  app.use(bodyLimit());
  app.use(compression({ level: 1 }));
  app.use("/api/v1", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  app.all(/^\/api\/v1(\/.*)?$/, async (req, res) => {
    req.headers["x-forwarded-for"] = req.ip ?? req.socket.remoteAddress ?? "";
    await answerThroughFetch(req, res, (request) =>
      handleMockApiRequest(request, { outside: true }),
    );
  });
  // As the portal's server: no `optimizeEmptyRequests`.
  const listening = boundedServer(app, { requestTimeoutMs: 30_000, maxConnectionsPerClient: 0 });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/v1`;
}, 60_000);

afterAll(async () => {
  mockClock.reset();
  const listening = server;
  if (!listening) return;
  listening.closeAllConnections();
  await new Promise<void>((resolve, reject) =>
    listening.close((error) => (error ? reject(error) : resolve())),
  );
});

const connection = rawConnection();
afterEach(() => connection.destroy());

describe("a call with no body by its headers, through the public mount", () => {
  it("a POST is answered with the envelope, and the next call after it", async () => {
    const answers = await connection.send(base, [
      "POST {base}/account/login HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\r\n",
      "GET {base}/account/account-info HTTP/1.1\r\nHost: {host}\r\n\r\n",
    ]);
    expect(answers).toEqual([
      { status: 200, code: ApiCode.invalidParameters },
      { status: 200, code: ApiCode.noToken },
    ]);
  });

  it("a DELETE is answered with the envelope, and the next calls after it", async () => {
    const answers = await connection.send(base, [
      "DELETE {base}/account/sub-account/u1 HTTP/1.1\r\nHost: {host}\r\n\r\n",
      "POST {base}/account/logout HTTP/1.1\r\nHost: {host}\r\n\r\n",
      "GET {base}/account/account-info HTTP/1.1\r\nHost: {host}\r\n\r\n",
    ]);
    expect(answers).toEqual([
      { status: 200, code: ApiCode.noToken },
      { status: 200, code: ApiCode.noToken },
      { status: 200, code: ApiCode.noToken },
    ]);
  });

  it("a signed-in DELETE and POST reach their handlers and are answered, and the next call", async () => {
    const token = await client({ base, close: async () => undefined }).login("Manager@Demo.Test");
    const signedIn = `Host: {host}\r\nAuthorization: Bearer ${token}\r\n`;
    const answers = await connection.send(base, [
      `DELETE {base}/account/sub-account/nobody HTTP/1.1\r\n${signedIn}\r\n`,
      `POST {base}/account/sub-account HTTP/1.1\r\n${signedIn}Content-Type: application/json\r\n\r\n`,
      `GET {base}/account/account-info HTTP/1.1\r\n${signedIn}\r\n`,
    ]);
    expect(answers).toEqual([
      { status: 200, code: ApiCode.notFound },
      { status: 200, code: ApiCode.invalidParameters },
      { status: 200, code: ApiCode.ok },
    ]);
  });
});
