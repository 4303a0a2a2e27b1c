/**
 * `npm run mock-api` under the portal's bounds: a chunked body far beyond the
 * limit is refused (413) or cut, after about the limit and with the process's
 * memory flat; a body that trickles in is cut at the deadline
 * (REQUEST_TIMEOUT_MS, short here); a normal call still works, and so does
 * the next call on a connection whose last body was refused unread.
 */
import { readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiCode } from "../../app/contract/envelope.ts";
import { trickle } from "../support/trickle.ts";
import { type Child, freePort, startMockApi, stop, waitForOutput } from "./processes.ts";

const MB = 1024 * 1024;
let api: Child;
let port: number;
/**
 * What the backend answered a body that trickles in, sent as soon as it
 * listens: its deadline runs out while the tests before its own run, instead
 * of the file waiting for it.
 */
let slowBody: Promise<string>;

beforeAll(async () => {
  port = await freePort();
  api = startMockApi(port, { REQUEST_TIMEOUT_MS: "1500" });
  await waitForOutput(api, "listening on");
  slowBody = trickle(
    port,
    "POST /api/v1/account/login HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
    " ",
  );
}, 120_000);

afterAll(async () => {
  if (api) await stop(api);
});

/** The resident memory of the fake backend's process, from /proc. */
async function rssOfApi(): Promise<number> {
  const status = await readFile(`/proc/${api.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Streams up to `total` bytes of JSON-ish text, chunked, until the server answers or cuts. */
function chunkedPost(total: number): Promise<{ status?: number; sent: number }> {
  return new Promise((resolve) => {
    const outcome = { status: undefined as number | undefined, sent: 0 };
    const req = httpRequest(`http://127.0.0.1:${port}/api/v1/account/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      req.destroy();
      resolve(outcome);
    };
    req.on("response", (response) => {
      outcome.status = response.statusCode;
      response.resume();
      response.on("end", done);
    });
    req.on("error", done);
    const chunk = Buffer.alloc(256 * 1024, " ");
    req.write('{"username":"');
    const pump = () => {
      while (!finished && outcome.status === undefined && outcome.sent < total) {
        outcome.sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!finished && outcome.sent >= total) req.end('"}');
    };
    pump();
  });
}

describe("the standalone fake backend's bounds", () => {
  it("refuses a 300 MB chunked body after about the limit, its memory flat", async () => {
    const before = await rssOfApi();
    const outcome = await chunkedPost(300 * MB);
    if (outcome.status !== undefined) expect(outcome.status).toBe(413);
    expect(outcome.sent).toBeLessThan(50 * MB);
    const after = await rssOfApi();
    console.info(`mock-api rss: ${(before / MB).toFixed(0)} MB → ${(after / MB).toFixed(0)} MB`);
    expect(after - before).toBeLessThan(100 * MB);
  }, 60_000);

  it("refuses a declared oversize body with 413 unread", async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/account/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "x".repeat(2 * MB), password: "y" }),
    }).catch(() => undefined);
    // The answer, or a connection closed while the body was still going out.
    if (answer) expect(answer.status).toBe(413);
  });

  it("cuts a body still arriving at the deadline", async () => {
    expect(await slowBody).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it("still answers a normal call", async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/account/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "manager@demo.test", password: "Demo1234!" }),
    });
    expect(((await answer.json()) as { code: number }).code).toBe(200);
  });
});

/** Waits until `socket` has received `count` whole HTTP answers (each with a Content-Length). */
function answersOn(socket: Socket, count: number, timeoutMs: number) {
  return new Promise<string[]>((resolve, reject) => {
    let received = "";
    const timer = setTimeout(
      () => reject(new Error(`${count} answers not received in ${timeoutMs} ms: ${received}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const answers: string[] = [];
      let rest = received;
      for (;;) {
        const headEnd = rest.indexOf("\r\n\r\n");
        if (headEnd < 0) break;
        const length = Number(/content-length: (\d+)/i.exec(rest.slice(0, headEnd))?.[1] ?? 0);
        if (rest.length < headEnd + 4 + length) break;
        answers.push(rest.slice(0, headEnd + 4 + length));
        rest = rest.slice(headEnd + 4 + length);
      }
      if (answers.length >= count) {
        clearTimeout(timer);
        socket.off("data", onData);
        resolve(answers);
      }
    };
    socket.on("data", onData);
  });
}

describe("a body the backend answers without reading", () => {
  it("does not hold up the next request on the same connection", async () => {
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    // Far more than the server reads before the answer (a body of 60 KB came
    // in whole with its first chunks, so it never showed a body left paused).
    const body = JSON.stringify({ orderNoList: ["x"], reasonForDetention: "y".repeat(600_000) });
    // No token: refused before the body is read. Half the body now, the rest once answered.
    socket.write(
      "PUT /api/v1/cba/order-remarks HTTP/1.1\r\nhost: 127.0.0.1\r\n" +
        `content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n` +
        body.slice(0, 300_000),
    );
    const [refused] = await answersOn(socket, 1, 10_000);
    expect(refused).toContain(`"code":${ApiCode.noToken},`);
    socket.write(body.slice(300_000));
    socket.write("GET /api/v1/account/account-info HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n");
    const [next] = await answersOn(socket, 1, 5_000);
    expect(next).toContain(`"code":${ApiCode.noToken},`);
    socket.destroy();
  });
});

/** One call on a connection of its own; the whole answer as text (the connection closes after it). */
function rawCall(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(head));
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
    });
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
}

describe("a call without a body (made into a request by its shape)", () => {
  const close = "Connection: close\r\n\r\n";

  it("answers an unknown path, a bad token and no token as the contract says", async () => {
    const unknown = await rawCall(`GET /api/v1/nope HTTP/1.1\r\nHost: api.test\r\n${close}`);
    expect(unknown).toMatch(/^HTTP\/1\.1 404 /);
    expect(unknown).toContain(`"code":${ApiCode.notFound},`);
    const badToken = await rawCall(
      `GET /api/v1/account/account-info HTTP/1.1\r\nHost: api.test\r\nAuthorization: Bearer nope\r\nAccept-Language: en\r\n${close}`,
    );
    expect(badToken).toContain(`"code":${ApiCode.tokenInvalid},`);
    expect(badToken).toContain("Your session has expired");
    const noToken = await rawCall(
      `GET /api/v1/cba/order/?current=1 HTTP/1.1\r\nHost: api.test\r\n${close}`,
    );
    expect(noToken).toContain(`"code":${ApiCode.noToken},`);
  });

  it("answers HEAD as an unknown call without its body, and OPTIONS as an unknown call", async () => {
    const call = (method: string, path: string) =>
      rawCall(
        `${method} ${path} HTTP/1.1\r\nHost: api.test\r\nCookie: demo_mailbox=headheadheadhead1\r\n${close}`,
      );
    const headersOf = (answer: string) =>
      answer.slice(0, answer.indexOf("\r\n\r\n")).replace(/\r\nDate: [^\r]*/, "");
    // msw's GET handlers answer no HEAD: it is an unknown call, as it was with msw.
    const unknown = await call("GET", "/api/v1/nope");
    const head = await call("HEAD", "/api/v1/cba/brand");
    expect(head).toMatch(/^HTTP\/1\.1 404 /);
    expect(headersOf(head)).toBe(headersOf(unknown));
    expect(head.endsWith("\r\n\r\n")).toBe(true);
    const options = await call("OPTIONS", "/api/v1/cba/brand");
    expect(options.slice(options.indexOf("\r\n\r\n"))).toBe(
      unknown.slice(unknown.indexOf("\r\n\r\n")),
    );
  });

  it("writes an envelope a handler answers itself with its own status", async () => {
    const login = await fetch(`http://127.0.0.1:${port}/api/v1/account/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "manager@demo.test", password: "Demo1234!" }),
    });
    const { data } = (await login.json()) as { data: { token: string } };
    const image = await fetch(`http://127.0.0.1:${port}/api/v1/upload/image/999`, {
      headers: { authorization: `Bearer ${data.token}`, "accept-language": "en" },
    });
    expect(image.status).toBe(404);
    expect(await image.json()).toEqual({
      code: ApiCode.notFound,
      data: "No such image",
      msg: "No such image",
    });
  });

  it("refuses headers beyond Node's bound, and a Host that makes no address", async () => {
    const oversize = await rawCall(
      `GET /api/v1/cba/brand HTTP/1.1\r\nHost: api.test\r\nX-Big: ${"a".repeat(20_000)}\r\n${close}`,
    );
    expect(oversize).toMatch(/^HTTP\/1\.1 431 /);
    const badHost = await rawCall(`GET /api/v1/cba/brand HTTP/1.1\r\nHost: a b\r\n${close}`);
    expect(badHost).toMatch(/^HTTP\/1\.1 500 /);
  });

  it("drops a GET's body it never reads, and answers the next call on the connection", async () => {
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const body = "x".repeat(300_000);
    socket.write(
      `GET /api/v1/account/account-info HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 100_000)}`,
    );
    const [first] = await answersOn(socket, 1, 10_000);
    expect(first).toContain(`"code":${ApiCode.noToken},`);
    socket.write(body.slice(100_000));
    socket.write("GET /api/v1/nope HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n");
    const [next] = await answersOn(socket, 1, 5_000);
    expect(next).toContain(`"code":${ApiCode.notFound},`);
    socket.destroy();
  });
});
