/**
 * The standalone backend's `Request` of a GET or HEAD (mocks/bodiless-request.ts)
 * has the address, method and headers node-fetch-server's `createRequest`
 * gives the same call: duplicate headers, cookies, odd paths and queries,
 * a request without a Host header.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect } from "node:net";
import { createRequest } from "@remix-run/node-fetch-server";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodilessRequest, takesNoBody } from "../../mocks/bodiless-request.ts";

interface Seen {
  url: string;
  method: string;
  headers: [string, string][];
}

const seen = (request: Request): Seen => ({
  url: request.url,
  method: request.method,
  headers: [...request.headers],
});

let server: Server;
let port = 0;
let compare: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => compare(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  port = typeof address === "object" && address ? address.port : 0;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends `head` as it is on a new connection; answers what both ways made of it. */
function both(head: string): Promise<{ light: Seen; fetchServer: Seen }> {
  return new Promise((resolve, reject) => {
    compare = (req, res) => {
      try {
        const light = seen(bodilessRequest(req));
        const fetchServer = seen(createRequest(req, res));
        resolve({ light, fetchServer });
      } catch (error) {
        reject(error);
      }
      res.end();
    };
    const socket = connect(port, "127.0.0.1", () => socket.write(head));
    socket.on("data", () => socket.destroy());
    socket.on("error", reject);
  });
}

const token = fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/);
const value = fc.stringMatching(/^[\x21-\x7e]([\x20-\x7e]{0,20}[\x21-\x7e])?$/);
const pathPart = fc.stringMatching(/^[A-Za-z0-9._~%!$&'()*+,;=:@-]{0,12}$/);

describe("the Request of a call without a body", () => {
  it("is made for GET and HEAD only", () => {
    expect(["GET", "HEAD"].filter(takesNoBody)).toEqual(["GET", "HEAD"]);
    expect(["POST", "PUT", "DELETE", "PATCH", "OPTIONS", undefined].some(takesNoBody)).toBe(false);
  });

  it("has createRequest's address, method and headers", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "HEAD"),
        fc.array(pathPart, { minLength: 1, maxLength: 4 }),
        fc.option(fc.array(fc.tuple(token, pathPart), { maxLength: 3 }), { nil: undefined }),
        fc.array(
          fc.tuple(
            fc.oneof(
              token,
              fc.constantFrom("cookie", "accept-language", "x-forwarded-for", "set-cookie"),
            ),
            value,
          ),
          { maxLength: 6 },
        ),
        fc.constantFrom("127.0.0.1:3001", "backend.internal", undefined),
        async (method, segments, query, headers, host) => {
          const search = query ? `?${query.map(([key, val]) => `${key}=${val}`).join("&")}` : "";
          const lines = [
            `${method} /${segments.join("/")}${search} HTTP/${host === undefined ? "1.0" : "1.1"}`,
            ...(host === undefined ? [] : [`Host: ${host}`]),
            ...headers.filter(([name]) => name !== "host").map(([name, val]) => `${name}: ${val}`),
            "Connection: close",
          ];
          const { light, fetchServer } = await both(`${lines.join("\r\n")}\r\n\r\n`);
          expect(light).toEqual(fetchServer);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("carries no body, and a signal nobody aborts", async () => {
    compare = (req, res) => {
      const request = bodilessRequest(req);
      res.end(JSON.stringify({ body: request.body, aborted: request.signal.aborted }));
    };
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/cba/order?current=1`);
    expect(await answer.json()).toEqual({ body: null, aborted: false });
  });
});
