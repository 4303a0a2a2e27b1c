/**
 * Body limits on a real socket, with the same body reader as the React
 * Router adapter: oversize bodies and forms of too many fields are refused
 * with 413 before (or while) they arrive, the reader of a refused body sees
 * it fail (never a body cut short that looks complete), and a 200 MB stream
 * is cut off after about the limit.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import { createRequestListener } from "@remix-run/node-fetch-server";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS, bodyLimit, bodyLimitFor, FIELD_LIMITS } from "../../server/body-limit.ts";

const MB = 1024 * 1024;
let server: Server;
let base: string;
/** Bytes each handled request read from its body. */
const readBytes: number[] = [];
/** Bodies whose reading failed (refused while the handler read them). */
let failedReads = 0;

beforeAll(async () => {
  const app = express();
  app.use(bodyLimit());
  app.use(async (req, res) => {
    const body = new Request("http://portal.test/", {
      method: "POST",
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    const bytes = (
      await body.arrayBuffer().catch(() => {
        failedReads += 1;
        return undefined;
      })
    )?.byteLength;
    if (bytes === undefined) return;
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
  content: Buffer = Buffer.alloc(64 * 1024, "a"),
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
    const pump = () => {
      while (!finished && outcome.status === undefined && outcome.sent < total) {
        const size = Math.min(64 * 1024, total - outcome.sent);
        const chunk = content.length === total ? content : Buffer.alloc(size, "a");
        const part =
          content.length === total ? chunk.subarray(outcome.sent, outcome.sent + size) : chunk;
        outcome.sent += size;
        if (!req.write(part)) {
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

/** Waits for `done` (the handler runs on after the answer). */
async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !done(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A form whose one field name comes back `count` times: `a=0&a=1&…`. */
function repeated(count: number, name = "a"): Buffer {
  return Buffer.from(Array.from({ length: count }, (_, i) => `${name}=${i}`).join("&"));
}

function multipartOf(names: string[]): Buffer {
  return Buffer.from(
    `${names.map((name) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n1\r\n`).join("")}--x--\r\n`,
  );
}

describe("field limits", () => {
  const FORM = "application/x-www-form-urlencoded";

  it.each([true, false])(
    "refuses 50,000 repeats of one name with 413 before the handler has a body (declared length: %s)",
    async (declared) => {
      const before = readBytes.length;
      const body = repeated(50_000);
      const outcome = await stream("/login", FORM, body.length, declared, body);
      expect(outcome.status).toBe(413);
      expect(outcome.body).toBe("表单字段过多，未被接收");
      expect(readBytes.length).toBe(before);
    },
  );

  it("refuses too many fields, and too many parts of a multipart form, in English under /en", async () => {
    const fields = Buffer.from(
      Array.from({ length: FIELD_LIMITS.fields + 1 }, (_, i) => `f${i}=1`).join("&"),
    );
    const many = await stream("/en/order", FORM, fields.length, true, fields);
    expect(many.status).toBe(413);
    expect(many.body).toBe("The form has too many fields and was not accepted");
    const parts = multipartOf(Array.from({ length: FIELD_LIMITS.repeats + 1 }, () => "image"));
    const upload = await stream(
      "/qualificat",
      "multipart/form-data; boundary=x",
      parts.length,
      false,
      parts,
    );
    expect(upload.status).toBe(413);
  });

  it("takes the largest real form: a selection of as many orders as a URL carries", async () => {
    const selection = Buffer.concat([
      Buffer.from("intent=remarks&kind=orders&cbaStatus=2&"),
      repeated(FIELD_LIMITS.repeats, "orderNoList"),
    ]);
    const outcome = await stream("/order", FORM, selection.length, true, selection);
    expect(outcome.status).toBe(200);
    expect(JSON.parse(outcome.body)).toEqual({ bytes: selection.length });
  });

  it("refuses a field name deeper than any form's with 400", async () => {
    const deep = Buffer.from(`orderNoList${".a".repeat(20_000)}=1&intent=remarks`);
    const outcome = await stream("/en/order", FORM, deep.length, true, deep);
    expect(outcome.status).toBe(400);
    expect(outcome.body).toBe("The request could not be read, please go back and try again");
  });

  it("refuses a list index no form could fill with 400 (the form library would walk a billion places)", async () => {
    const sparse = Buffer.from("username[999999999]=x&password=y");
    const outcome = await stream("/login", FORM, sparse.length, true, sparse);
    expect(outcome.status).toBe(400);
    expect(outcome.body).toBe("请求内容无法识别，请返回页面重试");
  });

  it("makes the reader of a body cut off at the limit fail, not see a shorter body", async () => {
    const before = { read: readBytes.length, failed: failedReads };
    const outcome = await stream("/login", FORM, 3 * MB);
    if (outcome.status !== undefined) expect(outcome.status).toBe(413);
    await until(() => failedReads > before.failed);
    expect(readBytes.length).toBe(before.read);
    expect(failedReads).toBe(before.failed + 1);
  });
});

describe("behind the fetch server (the standalone fake backend's reader)", () => {
  it("refuses a form of too many fields, and the reader fails without bringing the process down", async () => {
    let failed = 0;
    const listener = createRequestListener(async (request) => {
      try {
        await request.formData();
        return new Response("read");
      } catch {
        failed += 1;
        return new Response("failed", { status: 400 });
      }
    });
    const limit = bodyLimit();
    const fetchServer = createServer((req, res) => limit(req, res, () => listener(req, res)));
    await new Promise<void>((resolve) => fetchServer.listen(0, "127.0.0.1", resolve));
    const previous = base;
    base = `http://127.0.0.1:${(fetchServer.address() as AddressInfo).port}`;
    try {
      const body = repeated(50_000);
      const outcome = await stream(
        "/api/v1/x",
        "application/x-www-form-urlencoded",
        body.length,
        false,
        body,
      );
      expect(outcome.status).toBe(413);
      await until(() => failed > 0);
      expect(failed).toBe(1);
    } finally {
      base = previous;
      fetchServer.closeAllConnections();
      await new Promise((resolve) => fetchServer.close(resolve));
    }
  });
});
