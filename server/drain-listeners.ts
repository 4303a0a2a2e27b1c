/**
 * `compression` hands a response's `drain` listeners to its gzip stream
 * (`res.on`), but not their removal (`res.off` and `once`'s clean-up look
 * for them on the response). A streamed page written with backpressure,
 * which waits for `drain` again and again (React Router's adapter does, with
 * `once`), so leaves one listener behind on the gzip stream per wait, and
 * Node warns "11 drain listeners added to [Gzip]" on a long page.
 *
 * Installed right after `compression()`, this middleware sends the removal
 * of a `drain` listener where the listener went.
 *
 * Node runs this file directly (server.ts): relative imports with `.ts` only.
 */
import type { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";

type Listener = (...args: unknown[]) => void;

const ON = Symbol("res.on before drainListeners");
const REMOVE = Symbol("res.removeListener before drainListeners");
const HOLDERS = Symbol("drain listeners held elsewhere");

/**
 * The response with what this middleware keeps on it: the methods it wraps,
 * and, once a `drain` listener went to another emitter, which emitter holds
 * each (for `once`, the listener it wraps too). The two wrappers are made
 * once for every response, and the map only for an answer that waits for
 * `drain` (a whole page written in one piece never does).
 */
interface DrainAware extends ServerResponse {
  [ON]: ServerResponse["on"];
  [REMOVE]: ServerResponse["removeListener"];
  [HOLDERS]: Map<Listener, EventEmitter> | undefined;
}

function onDrainAware(this: DrainAware, type: string | symbol, listener: Listener) {
  const holder = this[ON].call(this, type, listener) as unknown as EventEmitter;
  if (type === "drain" && holder !== this) {
    this[HOLDERS] ??= new Map();
    const holders = this[HOLDERS];
    holders.set(listener, holder);
    const wrapped = (listener as { listener?: Listener }).listener;
    if (wrapped) holders.set(wrapped, holder);
  }
  return holder;
}

function removeDrainAware(this: DrainAware, type: string | symbol, listener: Listener) {
  const holder = type === "drain" ? this[HOLDERS]?.get(listener) : undefined;
  if (holder) {
    this[HOLDERS]?.delete(listener);
    holder.removeListener(type, listener);
    return this;
  }
  return this[REMOVE].call(this, type, listener);
}

export function drainListeners() {
  return (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const aware = res as DrainAware;
    aware[ON] = res.on;
    aware[REMOVE] = res.removeListener;
    aware[HOLDERS] = undefined;
    res.on = onDrainAware as typeof res.on;
    res.removeListener = removeDrainAware as typeof res.removeListener;
    res.off = res.removeListener;
    next();
  };
}
