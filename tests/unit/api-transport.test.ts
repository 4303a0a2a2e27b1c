/**
 * The API client's calls over a real socket, through the transport the
 * portal uses when deployed (not `fetch`): what a call carries, that calls
 * share a kept-alive connection, and that an answer longer than the client
 * takes ends as a malformed answer instead of being held in memory.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { standInBackend } from "../support/stand-in-backend.ts";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
const seen: Seen[] = [];
let connections = 0;
let answerBytes = 0;
let byteOrderMark = false;
/** The answer's text written in these pieces (a pause between each), instead of the usual one. */
let pieces: Buffer[] | null = null;

function answer(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    seen.push({
      method: request.method ?? "",
      url: request.url ?? "",
      headers: request.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    if (request.url?.startsWith("/api/v1/cba/down-order")) {
      download(response);
      return;
    }
    response.setHeader("Content-Type", "application/json");
    if (pieces) {
      const left = [...pieces];
      const more = () => {
        const piece = left.shift();
        if (piece === undefined) return void response.end();
        response.write(piece);
        setTimeout(more, 5);
      };
      more();
      return;
    }
    if (answerBytes === 0) {
      response.end(
        (byteOrderMark ? "\uFEFF" : "") +
          JSON.stringify({
            code: 200,
            msg: "success",
            data: { username: "a@b.test", isSingleLogin: false, scope: ["CBA_MANAGER"] },
          }),
      );
      return;
    }
    // A valid answer made long by a field the contract does not know, without
    // a length, in pieces of 1 MB.
    const piece = " ".repeat(1024 * 1024);
    let left = answerBytes;
    response.write(
      '{"code":200,"msg":"success","data":{"username":"a@b.test","isSingleLogin":false,"scope":["CBA_MANAGER"],"padding":"',
    );
    const more = () => {
      while (left > 0) {
        left -= piece.length;
        if (!response.write(piece)) return void response.once("drain", more);
      }
      response.end('"}}');
    };
    response.on("error", () => {});
    more();
  });
}

/** A workbook of DOWNLOAD_BYTES in pieces of 64 KB, each byte its offset modulo 251. */
const DOWNLOAD_BYTES = 3 * 1024 * 1024 + 17;
const downloadByte = (offset: number) => offset % 251;

function download(response: ServerResponse) {
  response.writeHead(200, {
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": 'attachment; filename="orders.xlsx"',
  });
  let sent = 0;
  const more = () => {
    while (sent < DOWNLOAD_BYTES) {
      const piece = Buffer.alloc(Math.min(64 * 1024, DOWNLOAD_BYTES - sent));
      for (let index = 0; index < piece.length; index++) piece[index] = downloadByte(sent + index);
      sent += piece.length;
      if (!response.write(piece)) return void response.once("drain", more);
    }
    response.end();
  };
  response.on("error", () => {});
  more();
}

const server = await standInBackend(answer, { timeoutMs: 5000 });
server.on("connection", () => {
  connections += 1;
});

const { Api } = await import("~/utils/api.server.ts");
const { MAX_ANSWER_BYTES } = await import("~/utils/backend-transport.server.ts");
const { sessionStorage: storage } = await import("~/utils/session.server.ts");

async function newApi() {
  return new Api({
    token: "tok-1",
    locale: "en",
    clientIp: "203.0.113.9",
    userAgent: "TestAgent/1.0",
    session: await storage.getSession(),
    genericMessage: "Network communication abnormal",
  });
}

beforeEach(() => {
  seen.length = 0;
  answerBytes = 0;
  byteOrderMark = false;
  pieces = null;
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterAll(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("the API client's calls to the backend", () => {
  it("carry the user's token, language, address and browser, without going through fetch", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const api = await newApi();
    expect(await api.call("accountInfo")).toMatchObject({ username: "a@b.test" });
    // The answer is not this call's; what matters here is what was sent.
    await api
      .attempt("updateOrders", { body: { orderNoList: ["O-1"], cbaStatus: 4 } })
      .catch(() => undefined);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(seen[0]).toMatchObject({
      method: "GET",
      url: "/api/v1/account/account-info",
      headers: {
        accept: "application/json",
        "accept-language": "en",
        authorization: "Bearer tok-1",
        "x-forwarded-for": "203.0.113.9",
        "user-agent": "TestAgent/1.0",
      },
    });
    expect(seen[1]?.url).toBe("/api/v1/cba/order");
    expect(seen[1]?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[1]?.body ?? "")).toEqual({ orderNoList: ["O-1"], cbaStatus: 4 });
  });

  it("share kept-alive connections from one request to the next", async () => {
    // Counted from the second call: the first may need a connection of its own,
    // and whether it does depends on what the test before left in the pool (none
    // yet, or the one the malformed answer's test cut), the order being shuffled.
    await (await newApi()).call("accountInfo");
    const before = connections;
    for (let index = 0; index < 4; index++) await (await newApi()).call("accountInfo");
    expect(seen).toHaveLength(5);
    expect(connections - before).toBeLessThanOrEqual(1);
  });

  it("read an answer that starts with a byte-order mark, as fetch did", async () => {
    byteOrderMark = true;
    expect(await (await newApi()).call("accountInfo")).toMatchObject({ username: "a@b.test" });
  });

  it("read an answer that came in pieces, a character cut between two", async () => {
    const text = Buffer.from(
      JSON.stringify({
        code: 200,
        msg: "success",
        data: {
          username: "a@b.test",
          isSingleLogin: false,
          scope: ["CBA_MANAGER"],
          note: "林建华",
        },
      }),
    );
    // "林" is three bytes: the second piece starts inside it.
    const cut = text.indexOf(Buffer.from("林")) + 1;
    pieces = [text.subarray(0, 20), text.subarray(20, cut), text.subarray(cut)];
    expect(await (await newApi()).call("accountInfo")).toMatchObject({ username: "a@b.test" });
  });

  it("end as a malformed answer when the JSON is cut short or wrong, in one piece or several", async () => {
    for (const answered of [
      [Buffer.from('{"code":200,"msg":"success","data":{"username":')],
      [Buffer.from('{"code":200,"msg":'), Buffer.from('"success","data":{,}}')],
      [Buffer.from('{"code":"200","msg":"success","data":{}}')],
    ]) {
      pieces = answered;
      await expect((await newApi()).call("accountInfo")).rejects.toMatchObject({
        data: { kind: "malformed" },
        init: { status: 502 },
      });
    }
  });

  it("end as a malformed answer when the backend answers more than the client takes", async () => {
    answerBytes = MAX_ANSWER_BYTES + 1024 * 1024;
    const api = await newApi();
    await expect(api.call("accountInfo")).rejects.toMatchObject({
      data: { kind: "malformed" },
      init: { status: 502 },
    });
  });

  it("hand a download over as a stream of the whole file, its headers with it", async () => {
    const upstream = await (await newApi()).download("downloadOrders", {
      body: { orderNoList: [] },
    });
    expect(upstream.status).toBe(200);
    expect(upstream.headers.get("content-disposition")).toBe('attachment; filename="orders.xlsx"');
    // Read slowly at first: the file waits for its reader instead of piling up.
    const reader = (upstream.body as ReadableStream<Uint8Array>).getReader();
    let offset = 0;
    let wrong = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (offset < 256 * 1024) await new Promise((resolve) => setTimeout(resolve, 1));
      for (const byte of read.value) {
        if (byte !== downloadByte(offset)) wrong += 1;
        offset += 1;
      }
    }
    expect({ offset, wrong }).toEqual({ offset: DOWNLOAD_BYTES, wrong: 0 });
  });

  it("close a download the reader gave up on, and answer the next call", async () => {
    const api = await newApi();
    const upstream = await api.download("downloadOrders", { body: { orderNoList: [] } });
    const reader = (upstream.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    expect(await api.call("accountInfo")).toMatchObject({ username: "a@b.test" });
  });
});
