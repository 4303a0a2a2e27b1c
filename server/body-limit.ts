/**
 * Request bodies are limited before anything reads them: forms 1 MB,
 * multipart uploads 7 MB, JSON and anything else 1 MB. A declared
 * Content-Length above the limit is refused at once; a body without one
 * (chunked) is counted as it arrives and cut off at the limit. Either way the
 * answer is 413, the connection is closed, and the rest of the body is never
 * read, so an oversize post costs no memory.
 *
 * Node runs this file directly (server.ts): relative imports with `.ts` only.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import enErrors from "../app/locales/en/errors.ts";
import zhErrors from "../app/locales/zh/errors.ts";

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

/** The limit for a body of this Content-Type. */
export function bodyLimitFor(contentType: string | undefined, limits = BODY_LIMITS): number {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "multipart/form-data") return limits.multipart;
  if (type === "application/x-www-form-urlencoded") return limits.form;
  if (type === "application/json" || type.endsWith("+json")) return limits.json;
  return limits.other;
}

function tooLargeMessage(url: string | undefined): string {
  const path = (url ?? "/").split("?")[0] ?? "/";
  return path === "/en" || path.startsWith("/en/") ? enErrors.tooLarge : zhErrors.tooLarge;
}

type Next = (error?: unknown) => void;

/** Express/connect middleware enforcing the limits. */
export function bodyLimit(limits: BodyLimits = BODY_LIMITS) {
  return function limitBody(req: IncomingMessage, res: ServerResponse, next: Next): void {
    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (declared === undefined && !chunked) {
      next();
      return;
    }
    const limit = bodyLimitFor(req.headers["content-type"], limits);

    const refuse = () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.shouldKeepAlive = false;
      res.statusCode = 413;
      res.setHeader("Connection", "close");
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.setHeader("Cache-Control", "no-store");
      res.end(tooLargeMessage(req.url));
    };

    if (declared !== undefined && Number(declared) > limit) {
      // Not one byte of the body is read: the socket stops reading, and the
      // connection closes once the answer is out.
      req.socket.pause();
      refuse();
      return;
    }

    // Count what arrives: the HTTP parser hands every chunk to `push`.
    let received = 0;
    let cutOff = false;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
      if (cutOff) return false;
      if (chunk !== null && chunk !== undefined) {
        received += (chunk as { length: number }).length;
        if (received > limit) {
          cutOff = true;
          // The reader sees a body that ended (whatever it makes of it, the
          // answer is already this 413); returning false stops the socket.
          push(null);
          refuse();
          return false;
        }
      }
      return push(chunk, encoding);
    };
    next();
  };
}
