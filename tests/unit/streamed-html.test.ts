/**
 * A page's HTML as the portal (and the benchmark's floor) answers it: a page
 * with nothing left to wait for is answered whole with its length, the same
 * bytes React streams; a page that waits for data still streams its shell
 * first. Served over HTTP the way the portal serves it (express, compression,
 * React Router's writer), the whole page carries no chunked framing.
 */
import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough, Writable } from "node:stream";
import { gunzipSync } from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { createElement as h, type ReactNode, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defersData, streamedHtml } from "../../app/utils/streamed-html.server.ts";
import { readText } from "../support/streamed-text.ts";

/** A page of many of React's 2 KB pieces, with text that needs escaping. */
function page(extra: ReactNode = null): ReactNode {
  const rows = Array.from({ length: 400 }, (_, index) =>
    h("tr", { key: index }, h("td", null, `行 ${index} <&> "quoted"`), h("td", null, index * 7)),
  );
  return h("html", null, h("body", null, h("table", null, h("tbody", null, rows)), extra));
}

/** The page as React streams it when everything is ready, collected. */
function streamedByReact(tree: ReactNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(tree, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => resolve(Buffer.concat(chunks)));
        stream.pipe(sink);
      },
      onShellError: reject,
    });
  });
}

/** The answer as app/entry.server.tsx makes it, at shell-ready. */
function answer(tree: ReactNode, onFinished?: () => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(tree, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        resolve(streamedHtml(stream, new Headers({ "X-Page": "1" }), 200, onFinished));
      },
      onShellError: reject,
    });
  });
}

describe("whether a page defers data", () => {
  const later = Promise.resolve("later");

  it("finds a promise a loader or the action returned, or one among its values", () => {
    expect(defersData({ loaderData: { root: { user: "a" }, page: { stats: later } } })).toBe(true);
    expect(defersData({ loaderData: { root: { user: "a" }, page: later } })).toBe(true);
    expect(defersData({ loaderData: { page: [1, later] } })).toBe(true);
    expect(defersData({ loaderData: {}, actionData: { page: { result: later } } })).toBe(true);
  });

  it("finds none in data without promises, and looks no deeper than a loader's values", () => {
    expect(
      defersData({ loaderData: { root: { user: "a" }, "routes/order": { rows: [1, 2] } } }),
    ).toBe(false);
    expect(defersData({ loaderData: { root: null, page: "text" }, actionData: null })).toBe(false);
    // Drawn into the page when it settles, the page answered whole.
    expect(
      defersData({ loaderData: { page: { rows: [{ id: 1 }, { id: 2, lines: later }] } } }),
    ).toBe(false);
  });
});

describe("a page with nothing left to wait for", () => {
  it("is answered whole, with its length, the same bytes React streams", async () => {
    let finished = 0;
    const response = await answer(page(), () => finished++);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(20_000);
    expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("X-Page")).toBe("1");
    expect(bytes.equals(await streamedByReact(page()))).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(1);
  });
});

describe("what React writes a whole page into", () => {
  it("is a plain writer, not a Node stream, and gives the same bytes", async () => {
    // A Node stream made for each page kept the page's render state alive
    // through the next scavenge, and so promoted it to the old generation.
    let destination: unknown;
    const pieces = {
      pipe(writer: NodeJS.WritableStream) {
        destination = writer;
        writer.write("<p>行");
        writer.write(Buffer.from(" 1</p>"));
        writer.end();
        return writer;
      },
    };
    const response = streamedHtml(pieces, new Headers(), 200);
    expect(destination).not.toBeInstanceOf(Writable);
    expect(response.headers.get("Content-Length")).toBe(String(Buffer.byteLength("<p>行 1</p>")));
    expect(await response.text()).toBe("<p>行 1</p>");
  });
});

describe("a page that waits for data", () => {
  it("streams its shell first and the rest when the data comes", async () => {
    let arrive: (text: string) => void = () => {};
    const data = new Promise<string>((resolve) => {
      arrive = resolve;
    });
    function Late() {
      return h("p", null, use(data));
    }
    const tree = () => page(h(Suspense, { fallback: h("i", null, "loading") }, h(Late)));
    let finished = 0;
    const response = await answer(tree(), () => finished++);
    expect(response.headers.get("Content-Length")).toBeNull();
    const reader = response.body?.getReader();
    if (!reader) throw new Error("no body");
    const shell = await readText(reader, "</table>");
    expect(shell).toContain("<i>loading</i>");
    expect(shell).not.toContain("late rows");
    expect(finished).toBe(0);

    arrive("late rows");
    const rest = await readText(reader);
    expect(rest).toContain("late rows");
    expect(finished).toBe(1);
  });
});

describe("served as the portal serves pages", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(compression({ level: 1 }));
    app.get("/page", async (_req, res) => {
      const response = await answer(page());
      res.status(response.status);
      for (const [key, value] of response.headers) res.append(key, value);
      if (response.body) await writeReadableStreamToWritable(response.body, res);
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The raw answer: its head's fields and its body's bytes as sent (no decoding). */
  function get(headers: Record<string, string>) {
    return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const outgoing = request(`${base}/page`, { headers, agent: false }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({ headers: incoming.headers, body: Buffer.concat(chunks) }),
        );
        incoming.on("error", reject);
      });
      outgoing.on("error", reject);
      outgoing.end();
    });
  }

  it("answers the whole page with its length and no chunked framing", async () => {
    const { headers, body } = await get({});
    expect(headers["transfer-encoding"]).toBeUndefined();
    expect(headers["content-length"]).toBe(String(body.byteLength));
    expect(body.equals(await streamedByReact(page()))).toBe(true);
  });

  it("compresses the same page for a client that accepts gzip", async () => {
    const { headers, body } = await get({ "accept-encoding": "gzip" });
    expect(headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(body).equals(await streamedByReact(page()))).toBe(true);
  });
});
