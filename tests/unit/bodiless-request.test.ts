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
import {
  addressOf,
  BodilessRequest,
  bodilessRequest,
  KEPT_ADDRESS_LENGTH,
  KEPT_ADDRESSES,
  keptAddress,
  requestAt,
  takesNoBody,
  urlOf,
} from "../../mocks/bodiless-request.ts";

interface Seen {
  url: string;
  method: string;
  headers: [string, string][];
  /** What `headers.get` and `headers.has` answer for each name asked, in any case. */
  byName: [string | null, boolean][];
}

/** Names asked of every request, in several cases (the backend asks by constant names). */
const ASKED = [
  "host",
  "Accept-Language",
  "AUTHORIZATION",
  "cookie",
  "x-forwarded-for",
  "X-Demo-Mailbox",
  "set-cookie",
  "user-agent",
  "x-absent",
  "constructor",
  "__proto__",
];

const seen = (request: Request): Seen => {
  // Asked by name first: iterating makes undici's `Headers`, which answers from then on.
  const byName = ASKED.map((name): [string | null, boolean] => [
    request.headers.get(name),
    request.headers.has(name),
  ]);
  return { url: request.url, method: request.method, headers: [...request.headers], byName };
};

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
              fc.constantFrom(
                "cookie",
                "accept-language",
                "x-forwarded-for",
                "set-cookie",
                "Authorization",
                "X-Demo-Mailbox",
                "constructor",
              ),
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

describe("the bodiless request's shape", () => {
  /** The request a GET to `path` with `headers` makes, and createRequest's of the same call. */
  function made(
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ light: BodilessRequest; real: Request }> {
    return new Promise((resolve, reject) => {
      compare = (req, res) => {
        try {
          resolve({ light: bodilessRequest(req), real: createRequest(req, res) });
        } catch (error) {
          reject(error);
        }
        res.end();
      };
      fetch(`http://127.0.0.1:${port}${path}`, { headers }).then(
        (answer) => answer.arrayBuffer(),
        reject,
      );
    });
  }

  it("reads its body as a Request without one does", async () => {
    const { light, real } = await made("/api/v1/cba/order?current=1");
    expect(light).toBeInstanceOf(BodilessRequest);
    expect(light.bodyUsed).toBe(false);
    expect(await light.text()).toBe(await real.clone().text());
    expect((await light.arrayBuffer()).byteLength).toBe(0);
    expect((await light.bytes()).byteLength).toBe(0);
    expect((await light.blob()).size).toBe(0);
    await expect(light.json()).rejects.toThrow(SyntaxError);
    await expect(light.formData()).rejects.toThrow(TypeError);
    expect(light.bodyUsed).toBe(false);
    const copy = light.clone();
    expect(copy).toBeInstanceOf(Request);
    expect([copy.url, copy.method, [...copy.headers]]).toEqual([
      real.url,
      real.method,
      [...real.headers],
    ]);
    expect([light.cache, light.credentials, light.mode, light.redirect, light.referrer]).toEqual([
      real.cache,
      real.credentials,
      real.mode,
      real.redirect,
      real.referrer,
    ]);
  });

  it("sees a change of its headers in every reader", async () => {
    const { light } = await made("/api/v1/notice", { "x-one": "1", cookie: "a=1" });
    light.headers.append("X-One", "2");
    light.headers.set("x-two", "b");
    light.headers.delete("cookie");
    const real = new Headers({ "x-one": "1, 2", "x-two": "b" });
    expect(light.headers.get("x-one")).toBe("1, 2");
    expect(light.headers.has("cookie")).toBe(false);
    expect([...light.headers].filter(([name]) => name.startsWith("x-"))).toEqual([...real]);
    const seen: string[] = [];
    light.headers.forEach((value, name) => {
      if (name.startsWith("x-")) seen.push(`${name}=${value}`);
    });
    expect(seen).toEqual(["x-one=1, 2", "x-two=b"]);
    expect(light.clone().headers.get("x-two")).toBe("b");
  });

  it("gives its address parsed, and moves to another with its headers", async () => {
    const { light } = await made("/api/v1/cba/order/?current=2", { "accept-language": "en" });
    expect(urlOf(light).href).toBe(light.url);
    expect(urlOf(light)).toBe(urlOf(light));
    const moved = requestAt(light, new URL("http://127.0.0.1/api/v1/cba/order?current=2"));
    expect(moved).toBeInstanceOf(BodilessRequest);
    expect(moved.url).toBe("http://127.0.0.1/api/v1/cba/order?current=2");
    expect(moved.headers.get("accept-language")).toBe("en");
    expect(light.url).toContain("/cba/order/?");
    const plain = new Request("http://127.0.0.1/a/", { headers: { "x-one": "1" } });
    const movedPlain = requestAt(plain, new URL("http://127.0.0.1/a"));
    expect([movedPlain.url, movedPlain.headers.get("x-one")]).toEqual(["http://127.0.0.1/a", "1"]);
    expect(urlOf(plain)).not.toBe(urlOf(plain));
  });

  it("shares its address's parts with every call to the same address, and has a URL of its own", async () => {
    const first = await made("/api/v1/cba/order?current=1&pageSize=10");
    const second = await made("/api/v1/cba/order?current=1&pageSize=10");
    expect(second.light.address).toBe(first.light.address);
    expect(Object.isFrozen(first.light.address)).toBe(true);
    expect(addressOf(first.light)).toBe(first.light.address);
    // Each request's URL is its own: a reader that changes it changes no other call's address.
    const url = urlOf(first.light);
    expect(url).not.toBe(urlOf(second.light));
    expect(url.href).toBe(first.light.url);
    url.searchParams.set("current", "9");
    url.pathname = "/elsewhere";
    const third = await made("/api/v1/cba/order?current=1&pageSize=10");
    expect([third.light.address.pathname, third.light.address.search]).toEqual([
      "/api/v1/cba/order",
      "?current=1&pageSize=10",
    ]);
    expect(urlOf(second.light).search).toBe("?current=1&pageSize=10");
  });

  it("reads the parts a URL gives of the same text, kept or not", () => {
    const texts = [
      "http://127.0.0.1:3001/api/v1/cba/order?current=1&pageSize=10",
      "http://127.0.0.1:3001/api/v1/cba/order?",
      "http://LOCALHOST:80/api/v1/./cba/../cba/order/?consignee=%E5%BC%A0 三#x",
      "http://backend.internal/api/v1/cba/order?q=\"<>'&a=%zz",
      "http://127.0.0.1/a\\b/%2e%2E/c?x=1",
      `http://127.0.0.1/api/v1/cba/order?consignee=${"长".repeat(KEPT_ADDRESS_LENGTH)}`,
    ];
    for (const text of [...texts, ...texts]) {
      const url = new URL(text);
      const { href, origin, protocol, pathname, search } = keptAddress(text);
      expect({ href, origin, protocol, pathname, search }, text).toEqual({
        href: url.href,
        origin: url.origin,
        protocol: url.protocol,
        pathname: url.pathname,
        search: url.search,
      });
    }
    expect(() => keptAddress("http://a b/api/v1/cba/order")).toThrow(TypeError);
    expect(() => keptAddress("http://a b/api/v1/cba/order")).toThrow(TypeError);
  });

  it("keeps a bounded set of short addresses", () => {
    const long = `http://127.0.0.1/api/v1/cba/order?consignee=${"x".repeat(KEPT_ADDRESS_LENGTH)}`;
    expect(keptAddress(long)).not.toBe(keptAddress(long));
    const text = "http://127.0.0.1/api/v1/cba/order?current=1";
    const kept = keptAddress(text);
    expect(keptAddress(text)).toBe(kept);
    for (let index = 0; index < KEPT_ADDRESSES; index += 1) {
      keptAddress(`http://127.0.0.1/api/v1/cba/order?current=${index + 2}`);
    }
    // The set started again when it was full: the first text is parsed anew.
    expect(keptAddress(text)).not.toBe(kept);
    expect(keptAddress(text)).toEqual(kept);
  });
});
