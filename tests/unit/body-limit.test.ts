/**
 * Body limits on a real socket, with the same body reader as the React
 * Router adapter: oversize bodies are refused with 413 before (or while)
 * they arrive, and a 200 MB stream is cut off after about the limit.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS, bodyLimit, bodyLimitFor } from "../../server/body-limit.ts";

const MB = 1024 * 1024;
let server: Server;
let base: string;
/** Bytes each handled request read from its body. */
const readBytes: number[] = [];

beforeAll(async () => {
  const app = express();
  app.use(bodyLimit());
  app.use(async (req, res) => {
    const body = new Request("http://portal.test/", {
      method: "POST",
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    const bytes = (await body.arrayBuffer().catch(() => new ArrayBuffer(0))).byteLength;
    readBytes.push(bytes);
    if (!res.headersSent) res.json({ bytes });
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Outcome {
  status?: number;
  body: string;
  sent: number;
  error?: string;
}

/**
 * Streams `total` bytes in 64 KB chunks (chunked, or with a declared length)
 * until done or the server answers or cuts the connection.
 */
function stream(
  path: string,
  contentType: string,
  total: number,
  declareLength = false,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { body: "", sent: 0 };
    const headers: Record<string, string | number> = { "Content-Type": contentType };
    if (declareLength) headers["Content-Length"] = total;
    const req = httpRequest(`${base}${path}`, { method: "POST", headers });
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      resolve(outcome);
    };
    req.on("response", (response) => {
      outcome.status = response.statusCode;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        outcome.body += chunk;
      });
      response.on("end", () => {
        req.destroy();
        done();
      });
    });
    req.on("error", (error) => {
      outcome.error = error.message;
      done();
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!finished && outcome.status === undefined && outcome.sent < total) {
        const size = Math.min(chunk.length, total - outcome.sent);
        outcome.sent += size;
        if (!req.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
          req.once("drain", pump);
          return;
        }
      }
      if (outcome.sent >= total) req.end();
    };
    pump();
  });
}

describe("body limits", () => {
  it("has a limit for each kind of body", () => {
    expect(bodyLimitFor("application/x-www-form-urlencoded")).toBe(1 * MB);
    expect(bodyLimitFor("multipart/form-data; boundary=x")).toBe(7 * MB);
    expect(bodyLimitFor("application/json; charset=utf-8")).toBe(1 * MB);
    expect(bodyLimitFor(undefined)).toBe(BODY_LIMITS.other);
  });

  it("accepts bodies within the limit, whole", async () => {
    const form = await stream("/login", "application/x-www-form-urlencoded", 900 * 1024, true);
    expect(form.status).toBe(200);
    expect(JSON.parse(form.body)).toEqual({ bytes: 900 * 1024 });
    const upload = await stream("/order", "multipart/form-data; boundary=x", 4 * MB);
    expect(upload.status).toBe(200);
    expect(JSON.parse(upload.body)).toEqual({ bytes: 4 * MB });
  });

  it("refuses a declared oversize form with 413 without reading it", async () => {
    const before = readBytes.length;
    const outcome = await stream("/login", "application/x-www-form-urlencoded", 2 * MB, true);
    expect(outcome.status).toBe(413);
    expect(outcome.body).toBe("请求内容过大，未被接收");
    expect(readBytes.length).toBe(before);
  });

  it("answers in English under /en, and limits JSON and uploads too", async () => {
    const en = await stream("/en/order", "application/json", 2 * MB, true);
    expect(en.status).toBe(413);
    expect(en.body).toBe("The request is too large and was not accepted");
    const upload = await stream("/order", "multipart/form-data; boundary=x", 8 * MB, true);
    expect(upload.status).toBe(413);
  });

  it.each([true, false])(
    "cuts a 200 MB body off early, with memory flat (declared length: %s)",
    async (declared) => {
      globalThis.gc?.();
      const rssBefore = process.memoryUsage().rss;
      const outcome = await stream(
        "/login",
        "application/x-www-form-urlencoded",
        200 * MB,
        declared,
      );
      const rssAfter = process.memoryUsage().rss;
      // Either the 413 arrived or the connection was cut; not the 200 MB.
      if (outcome.status !== undefined) expect(outcome.status).toBe(413);
      else expect(outcome.error).toBeDefined();
      expect(outcome.sent).toBeLessThan(40 * MB);
      // The handler behind the limit never saw more than the limit.
      for (const bytes of readBytes) expect(bytes).toBeLessThanOrEqual(7 * MB);
      expect(rssAfter - rssBefore).toBeLessThan(100 * MB);
    },
  );
});
