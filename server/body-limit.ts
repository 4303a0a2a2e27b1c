/**
 * Request bodies are bounded before anything parses them, for the portal
 * (server.ts) and the standalone fake backend (mocks/standalone.ts):
 *
 * - size: forms 1 MB, multipart uploads 7 MB, JSON and anything else 1 MB. A
 *   declared Content-Length above the limit is refused unread; a body without
 *   one (chunked) is counted as it arrives;
 * - forms: at most FIELD_LIMITS.fields fields, FIELD_LIMITS.repeats of one
 *   name, names of FIELD_LIMITS.nameLength characters, counted as the bytes
 *   arrive (./form-fields.ts).
 *
 * A body past a limit is answered at once with a translated message (413, or
 * 400 for a name no form has), the connection is closed, and whoever was reading the body sees it fail, never
 * a body cut short that would look complete: no action runs on it.
 *
 * The count sits on the request stream's own `data` events, which every
 * reader of the body receives (the React Router adapter and the fetch server
 * read with `on("data")`; `read()` emits them too). It starts when the first
 * reader does, so the body still flows at the reader's pace.
 *
 * Node runs this file directly (server.ts): relative imports with `.ts` only.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import enErrors from "../app/locales/en/errors.ts";
import zhErrors from "../app/locales/zh/errors.ts";
import { type FieldLimits, type FieldRefusal, fieldCounter } from "./form-fields.ts";

const MB = 1024 * 1024;

export interface BodyLimits {
  form: number;
  multipart: number;
  json: number;
  other: number;
}

export const BODY_LIMITS: BodyLimits = {
  form: 1 * MB,
  // The largest valid upload: the qualification form's three images of up to
  // 2 MB each with its text (an order import is one file of up to 5 MB).
  multipart: 7 * MB,
  json: 1 * MB,
  other: 1 * MB,
};

/**
 * The largest form is the order list's: its selection posts one `orderNoList`
 * field per chosen order, beside a dozen others. Operations take at most 500,
 * a download takes the whole selection: room for four pages of 500. Every
 * other form has fewer than 30 fields. The longest name is
 * 20 characters; a name is a path (`a.b[0]`) that the form library follows
 * recursively, so its length is its depth.
 */
export const FIELD_LIMITS: FieldLimits = { fields: 2_500, repeats: 2_000, nameLength: 256 };

/** The limit for a body of this Content-Type. */
export function bodyLimitFor(contentType: string | undefined, limits = BODY_LIMITS): number {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "multipart/form-data") return limits.multipart;
  if (type === "application/x-www-form-urlencoded") return limits.form;
  if (type === "application/json" || type.endsWith("+json")) return limits.json;
  return limits.other;
}

type Refusal = "tooLarge" | FieldRefusal;

const REFUSALS = {
  tooLarge: { status: 413, message: "tooLarge" },
  tooManyFields: { status: 413, message: "tooManyFields" },
  badName: { status: 400, message: "badRequest" },
} as const satisfies Record<Refusal, { status: number; message: keyof typeof zhErrors }>;

function refusalMessage(url: string | undefined, refusal: Refusal): string {
  const path = (url ?? "/").split("?")[0] ?? "/";
  const english = path === "/en" || path.startsWith("/en/");
  return (english ? enErrors : zhErrors)[REFUSALS[refusal].message];
}

/** What the reader of a refused body sees: the body failed. */
export class BodyRefusedError extends Error {
  override name = "BodyRefusedError";
}

type Next = (error?: unknown) => void;

/** Express/connect middleware (also a plain `(req, res, next)` wrapper) enforcing the limits. */
export function bodyLimit(limits: BodyLimits = BODY_LIMITS, fields: FieldLimits = FIELD_LIMITS) {
  return function limitBody(req: IncomingMessage, res: ServerResponse, next: Next): void {
    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (declared === undefined && !chunked) {
      next();
      return;
    }
    const contentType = req.headers["content-type"];
    const limit = bodyLimitFor(contentType, limits);

    const answer = (refusal: Refusal) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.shouldKeepAlive = false;
      res.statusCode = REFUSALS[refusal].status;
      res.setHeader("Connection", "close");
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.setHeader("Cache-Control", "no-store");
      res.end(refusalMessage(req.url, refusal));
    };

    if (declared !== undefined && Number(declared) > limit) {
      // Not one byte of the body is read: the socket stops reading, and the
      // connection closes once the answer is out.
      req.socket.pause();
      answer("tooLarge");
      return;
    }

    const counter = fieldCounter(contentType, fields);
    let received = 0;
    let refused = false;
    const count = (chunk: Buffer | string) => {
      if (refused) return;
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      const refusal: Refusal | undefined = received > limit ? "tooLarge" : counter?.write(bytes);
      if (!refusal) return;
      refused = true;
      answer(refusal);
      // The reader gets this chunk (every `data` listener does), then an
      // error instead of the rest or of an end: once this event is over, as
      // a reader's listener may not expect the stream to fail inside it.
      process.nextTick(() => req.destroy(new BodyRefusedError(refusal)));
    };
    const startCounting = (event: string | symbol) => {
      if (event !== "data" && event !== "readable") return;
      req.off("newListener", startCounting);
      // Added before the reader's own listener, so it sees each chunk first.
      req.on("data", count);
    };
    req.on("newListener", startCounting);
    next();
  };
}
