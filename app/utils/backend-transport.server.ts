/**
 * How the API client's calls reach the backend. In production: undici's
 * `request` over a keep-alive agent, which hands back the answer's headers
 * and a plain Node stream; `fetch` builds a `Request`, `Headers`, a
 * `Response` and a WHATWG stream for every call, and a page makes four calls
 * (docs/decisions/2026-11-26-backend-calls-without-fetch.md). Demo mode's
 * in-process backend and file uploads go through the Fetch API's objects,
 * which is what they take.
 */
import { Readable } from "node:stream";
import { Agent, request } from "undici";

/** A call as the API client sends it. */
export interface BackendCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string | FormData;
}

/** The backend's answer, read at most once. */
export interface BackendAnswer {
  status: number;
  /** The Content-Type header ("" without one). */
  contentType: string;
  /** The body parsed as JSON; throws when it is not JSON or longer than MAX_ANSWER_BYTES. */
  json(): Promise<unknown>;
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
function parseJson(bytes: Buffer): unknown {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return JSON.parse(bytes.toString("utf8", bom ? 3 : 0));
}

/** Connections to the backend are kept open between requests (undici's default idle time, 4 s). */
const agent = new Agent();

export const httpTransport: Transport = async (call, signal) => {
  if (typeof call.body === "object") return fetchTransport(call, signal);
  const answer = await request(call.url, {
    method: call.method as "GET",
    headers: call.headers,
    body: call.body,
    signal,
    dispatcher: agent,
  });
  const { body, statusCode, headers } = answer;
  // An answer cut off before anyone reads it (its deadline) must not be an
  // unhandled stream error; whoever reads it gets the error from its own listener.
  body.on("error", () => {});
  const type = headers["content-type"];
  return {
    status: statusCode,
    contentType: (Array.isArray(type) ? type.join(", ") : type) ?? "",
    json: () =>
      new Promise((resolve, reject) => {
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
        body.once("end", () => {
          try {
            resolve(parseJson(Buffer.concat(chunks, size)));
          } catch (error) {
            reject(error);
          }
        });
      }),
    discard: async () => {
      body.destroy();
    },
    response: () => {
      const forwarded = new Headers();
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) forwarded.append(name, item);
      }
      return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
        status: statusCode,
        headers: forwarded,
      });
    },
  };
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
    async json() {
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
      return parseJson(Buffer.concat(chunks, size));
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
