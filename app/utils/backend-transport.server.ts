/**
 * How the API client's calls reach the backend. In production: undici's
 * dispatcher over a keep-alive agent (`httpTransport`), a JSON answer
 * gathered as buffers and a download as a plain Node stream; `fetch` builds
 * a `Request`, `Headers`, a `Response` and a WHATWG stream for every call,
 * and a page makes four calls
 * (docs/decisions/2026-11-26-backend-calls-without-fetch.md). Demo mode's
 * in-process backend and file uploads go through the Fetch API's objects,
 * which is what they take.
 */
import type { IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import { Agent, type Dispatcher } from "undici";

/**
 * A call as the API client sends it: the backend's origin and the request
 * line's path (with its query), as undici takes them; its address as a URL
 * only when asked for (the Fetch API's transports, a test), as making one
 * cost a page's two calls some 5–10 µs (docs/performance.md, "The portal's
 * own work before its first backend call").
 */
export class BackendCall {
  readonly method: string;
  /** `http://host:port`. */
  readonly origin: string;
  /** The path and query, encoded: `/api/v1/order/orders?current=1`. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string | FormData | undefined;

  constructor(
    method: string,
    origin: string,
    path: string,
    headers: Record<string, string>,
    body?: string | FormData,
  ) {
    this.method = method;
    this.origin = origin;
    this.path = path;
    this.headers = headers;
    this.body = body;
  }

  /** The whole address. */
  get url(): URL {
    return new URL(`${this.origin}${this.path}`);
  }
}

/** The backend's answer, read at most once. */
export interface BackendAnswer {
  status: number;
  /** The Content-Type header ("" without one). */
  contentType: string;
  /** The body's bytes, not parsed (`parseJson` reads them); throws when longer than MAX_ANSWER_BYTES. */
  bytes(): Promise<Buffer>;
  /** The body is not wanted: the rest of it is dropped. */
  discard(): Promise<void>;
  /** The answer as a streaming Response (a workbook download). */
  response(): Response;
}

/** Sends a call; `signal` ends it, headers and body alike. */
export type Transport = (call: BackendCall, signal: AbortSignal) => Promise<BackendAnswer>;

/**
 * The most a JSON answer may hold: the largest page of the contract (1,000
 * orders with their lines and history) is a few megabytes. A backend that
 * sends more is treated as malformed rather than held in memory.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

class AnswerTooLarge extends Error {
  constructor() {
    super(`the backend's answer is longer than ${MAX_ANSWER_BYTES} bytes`);
  }
}

/** UTF-8 JSON; a leading byte-order mark is skipped, as the Fetch API's `json()` does. */
export function parseJson(bytes: Buffer): unknown {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return JSON.parse(bytes.toString("utf8", bom ? 3 : 0));
}

/** Connections to the backend are kept open between requests (undici's default idle time, 4 s). */
const agent = new Agent();

/**
 * One call's answer as undici's dispatcher hands it over: the headers, then
 * the body in pieces. A JSON answer (every call but a workbook download) is
 * gathered in a list of buffers, at most MAX_ANSWER_BYTES, and parsed once
 * whole; no stream is made for it. Any other answer, or a JSON one asked for
 * as a Response, flows through a Node stream at its reader's pace (the
 * dispatcher pauses while the stream is full).
 */
class DispatchedAnswer implements Dispatcher.DispatchHandler {
  readonly #signal: AbortSignal;
  #answered: { resolve(answer: BackendAnswer): void; reject(error: unknown): void } | null;
  #controller: Dispatcher.DispatchController | undefined;
  #chunks: Buffer[] = [];
  #size = 0;
  #ended = false;
  #error: unknown;
  #reader: Reader | undefined;
  #stream: Readable | undefined;
  readonly #onAbort = () => this.#controller?.abort(this.#signal.reason);

  constructor(
    signal: AbortSignal,
    answered: { resolve(answer: BackendAnswer): void; reject(error: unknown): void },
  ) {
    this.#signal = signal;
    this.#answered = answered;
    signal.addEventListener("abort", this.#onAbort, { once: true });
  }

  onRequestStart(controller: Dispatcher.DispatchController) {
    this.#controller = controller;
    if (this.#signal.aborted) controller.abort(this.#signal.reason);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ) {
    // An informational answer (100 Continue) comes before the real one.
    if (statusCode < 200) return;
    const type = headers["content-type"];
    const contentType = (Array.isArray(type) ? type.join(", ") : type) ?? "";
    if (!contentType.includes("json")) this.#toStream(controller);
    const answered = this.#answered;
    this.#answered = null;
    answered?.resolve({
      status: statusCode,
      contentType,
      bytes: () => this.#bytes(),
      discard: async () => this.#discard(),
      response: () => this.#response(headers, statusCode, controller),
    });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer) {
    if (this.#stream) {
      if (!this.#stream.push(chunk)) controller.pause();
      return;
    }
    this.#size += chunk.length;
    if (this.#size > MAX_ANSWER_BYTES) {
      controller.abort(new AnswerTooLarge());
      return;
    }
    this.#chunks.push(chunk);
  }

  onResponseEnd() {
    this.#ended = true;
    this.#signal.removeEventListener("abort", this.#onAbort);
    if (this.#stream) {
      this.#stream.push(null);
      return;
    }
    if (this.#reader) this.#settleReader(this.#reader);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error) {
    this.#signal.removeEventListener("abort", this.#onAbort);
    if (this.#answered) {
      const answered = this.#answered;
      this.#answered = null;
      answered.reject(error);
      return;
    }
    this.#error = error;
    this.#stream?.destroy(error);
    if (this.#reader) this.#settleReader(this.#reader);
  }

  #settleReader(reader: Reader) {
    this.#reader = undefined;
    if (this.#error !== undefined) {
      reader.reject(this.#error);
      return;
    }
    // An answer of one piece (most: a page of orders is some 10 KB) is handed on as it came.
    const chunks = this.#chunks;
    this.#chunks = [];
    reader.resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.#size));
  }

  /** The whole body's bytes. */
  #bytes(): Promise<Buffer> {
    if (this.#stream) return readBytes(this.#stream);
    return new Promise((resolve, reject) => {
      const reader = { resolve, reject };
      if (this.#ended || this.#error !== undefined) this.#settleReader(reader);
      else this.#reader = reader;
    });
  }

  #discard() {
    this.#chunks = [];
    if (this.#stream) this.#stream.destroy();
    else if (!this.#ended) this.#controller?.abort(new Error("the answer was not wanted"));
  }

  /** The body as a stream from here on: what was gathered first, then the rest at the reader's pace. */
  #toStream(controller: Dispatcher.DispatchController): Readable {
    if (this.#stream) return this.#stream;
    const stream = new Readable({
      read: () => controller.resume(),
      destroy: (error, callback) => {
        if (!this.#ended) controller.abort(error ?? new Error("the answer was not wanted"));
        callback(error);
      },
    });
    // An answer cut off before anyone reads it (its deadline) must not be an
    // unhandled stream error; whoever reads it gets the error from its own listener.
    stream.on("error", () => {});
    for (const chunk of this.#chunks) stream.push(chunk);
    this.#chunks = [];
    if (this.#error !== undefined) stream.destroy(this.#error as Error);
    else if (this.#ended) stream.push(null);
    this.#stream = stream;
    return stream;
  }

  #response(
    headers: IncomingHttpHeaders,
    status: number,
    controller: Dispatcher.DispatchController,
  ): Response {
    const forwarded = new Headers();
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) forwarded.append(name, item);
    }
    const body = Readable.toWeb(this.#toStream(controller)) as ReadableStream<Uint8Array>;
    return new Response(body, { status, headers: forwarded });
  }
}

/** What waits for a gathered answer's bytes. */
interface Reader {
  resolve(bytes: Buffer): void;
  reject(error: unknown): void;
}

/** An answer's bytes read from a stream, at most MAX_ANSWER_BYTES. */
function readBytes(body: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        body.destroy(new AnswerTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    body.once("error", reject);
    body.once("end", () => resolve(Buffer.concat(chunks, size)));
  });
}

/**
 * Calls through undici's dispatcher, its lowest public interface: `request`
 * made a Node stream, an async resource and an abort listener of its own for
 * every answer, a JSON one included, which cost a call about 50–100 µs of CPU
 * more than gathering the answer's buffers (docs/performance.md, "The
 * portal's per-request plumbing").
 */
export const httpTransport: Transport = (call, signal) => {
  const { body } = call;
  if (typeof body === "object") return fetchTransport(call, signal);
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    agent.dispatch(
      {
        origin: call.origin,
        path: call.path,
        method: call.method as Dispatcher.HttpMethod,
        headers: call.headers,
        body: body ?? null,
      },
      new DispatchedAnswer(signal, { resolve, reject }),
    );
  });
};

/** The call as a Fetch `Request` (demo mode's backend takes those). */
export function toRequest(call: BackendCall): Request {
  return new Request(call.url, { method: call.method, headers: call.headers, body: call.body });
}

/** A Fetch `Response` as the client reads answers. */
export function fromResponse(response: Response): BackendAnswer {
  return {
    status: response.status,
    contentType: response.headers.get("Content-Type") ?? "",
    async bytes() {
      const length = Number(response.headers.get("Content-Length") ?? 0);
      if (length > MAX_ANSWER_BYTES) {
        await response.body?.cancel().catch(() => {});
        throw new AnswerTooLarge();
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body ?? []) {
        size += chunk.byteLength;
        if (size > MAX_ANSWER_BYTES) throw new AnswerTooLarge();
        chunks.push(chunk);
      }
      return Buffer.concat(chunks, size);
    },
    discard: async () => {
      await response.body?.cancel().catch(() => {});
    },
    response: () => response,
  };
}

/**
 * The Fetch API's client. The signal goes to `fetch` itself, never only into
 * a `Request`: a signal held by nothing but a Request can be garbage-collected
 * before it fires, and the call then waits forever.
 */
export const fetchTransport: Transport = async (call, signal) =>
  fromResponse(await fetch(toRequest(call), { signal }));
