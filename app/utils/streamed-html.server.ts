import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";

/**
 * React writes its HTML in pieces of 2 KB and calls `flush()` when a batch is
 * complete; each piece would then cross three streams on its own (this one,
 * the web stream React Router answers with, the socket). Passing each batch
 * on as one piece keeps the streaming and saves a tenth of a page's time.
 */
class BatchedPassThrough extends PassThrough {
  #pending: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: () => void) {
    this.#pending.push(chunk);
    callback();
  }

  flush() {
    if (this.#pending.length === 0) return;
    const [only] = this.#pending;
    this.push(this.#pending.length === 1 && only ? only : Buffer.concat(this.#pending));
    this.#pending = [];
  }

  override _flush(callback: () => void) {
    this.flush();
    callback();
  }

  /** Everything written so far, batched or not, as one piece. */
  takeAll(): Buffer<ArrayBuffer> {
    this.flush();
    const chunks: Buffer<ArrayBuffer>[] = [];
    for (let chunk: Buffer<ArrayBuffer> | null = this.read(); chunk !== null; chunk = this.read()) {
      chunks.push(chunk);
    }
    const [only] = chunks;
    return chunks.length === 1 && only ? only : Buffer.concat(chunks);
  }
}

const isThenable = (value: unknown): boolean =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { then?: unknown }).then === "function";

/**
 * Whether a loader or the action deferred data: returned a promise, or an
 * object or array with a promise among its own values, React Router's way
 * of deferring (`return { rows, stats: statsPromise }`, drawn by
 * `<Await>`). Only that far: walking all of a page's data for a promise
 * deeper down would cost more than it saves (58 µs for the order list's ten
 * rows, 17 ms for a thousand). A promise deeper down is still drawn into the
 * page when it settles; the page is then answered whole, not streamed.
 */
export function defersData(context: { loaderData?: unknown; actionData?: unknown }): boolean {
  const deferredBy = (data: unknown) =>
    isThenable(data) ||
    (typeof data === "object" && data !== null && Object.values(data).some(isThenable));
  const anyRoute = (byRoute: unknown) =>
    typeof byRoute === "object" && byRoute !== null && Object.values(byRoute).some(deferredBy);
  return anyRoute(context.loaderData) || anyRoute(context.actionData);
}

/**
 * The HTML answer of a page. `onFinished` runs once React has written the
 * last of it.
 *
 * A page with nothing left to wait for (every page whose loaders returned
 * their data, all of them today) is written whole by React while it is piped,
 * and ends there: it is answered as one piece with its length, so the
 * server sends the head and the page in one write, with no chunked framing
 * and no separate write of the closing chunk, and compression gets it in one
 * piece instead of a batch at a time. A page that still waits for something
 * (a Suspense boundary whose data is on its way) is streamed batch by batch
 * as React writes it.
 */
export function streamedHtml(
  stream: { pipe(destination: NodeJS.WritableStream): unknown },
  headers: Headers,
  status: number,
  onFinished?: () => void,
): Response {
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    onFinished?.();
  };
  const body = new BatchedPassThrough({
    final(callback) {
      finish();
      callback();
    },
  });
  headers.set("Content-Type", "text/html; charset=utf-8");
  stream.pipe(body);
  if (body.writableEnded) {
    finish();
    const html = body.takeAll();
    headers.set("Content-Length", String(html.byteLength));
    return new Response(html, { headers, status });
  }
  return new Response(createReadableStreamFromReadable(body), { headers, status });
}
