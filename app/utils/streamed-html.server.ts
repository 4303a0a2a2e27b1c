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

type Listener = (...args: unknown[]) => void;

/**
 * What React writes a page into (`pipe`): its pieces are kept in order
 * while the page is drawn whole, with no Node stream in between. A page that
 * is still waiting for something when `pipe` returns hands its pieces, and
 * React's listeners, to a stream it streams through from then on.
 *
 * Why not a stream from the start: a Node `Writable` made for a page keeps
 * what it refers to (React's listeners, and through them the page's render
 * state, its routes and its data) alive through the next scavenge, so every
 * page's objects were copied twice and then promoted to the old generation
 * (docs/performance.md, "What keeps a page's objects past its answer").
 */
class PageWriter {
  readonly pieces: Uint8Array[] = [];
  ended = false;
  #stream: BatchedPassThrough | undefined;
  #listeners: [string, Listener][] = [];
  #error: unknown;

  write(chunk: Uint8Array | string): boolean {
    if (this.#stream) return this.#stream.write(chunk);
    this.pieces.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    return true;
  }

  flush(): void {
    this.#stream?.flush();
  }

  end(): void {
    if (this.#stream) this.#stream.end();
    else this.ended = true;
  }

  on(event: string, listener: Listener): this {
    if (this.#stream) this.#stream.on(event, listener);
    else this.#listeners.push([event, listener]);
    return this;
  }

  destroy(error?: unknown): void {
    if (this.#stream) this.#stream.destroy(error as Error | undefined);
    else this.#error = error ?? new Error("the page's writer was destroyed");
  }

  /** From here on the page goes through `stream`: what was written so far first. */
  streamInto(stream: BatchedPassThrough): void {
    this.#stream = stream;
    for (const [event, listener] of this.#listeners) stream.on(event, listener);
    this.#listeners = [];
    for (const piece of this.pieces.splice(0)) stream.write(piece);
    if (this.#error !== undefined) stream.destroy(this.#error as Error);
    else if (this.ended) stream.end();
  }
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
 * piece instead of a batch at a time. It is collected in a plain writer, not
 * a stream (PageWriter). A page that still waits for something (a Suspense
 * boundary whose data is on its way) is streamed batch by batch as React
 * writes it.
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
  headers.set("Content-Type", "text/html; charset=utf-8");
  const writer = new PageWriter();
  stream.pipe(writer as unknown as NodeJS.WritableStream);
  if (writer.ended) {
    finish();
    const html = Buffer.concat(writer.pieces);
    headers.set("Content-Length", String(html.byteLength));
    return new Response(html, { headers, status });
  }
  const body = new BatchedPassThrough({
    final(callback) {
      finish();
      callback();
    },
  });
  writer.streamInto(body);
  return new Response(createReadableStreamFromReadable(body), { headers, status });
}
