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

export function drainListeners() {
  return (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const on = res.on;
    const removeListener = res.removeListener;
    /** Listener (and, for `once`, the listener it wraps) → the emitter that holds it. */
    const holders = new WeakMap<Listener, EventEmitter>();
    res.on = function onDrainAware(
      this: ServerResponse,
      type: string | symbol,
      listener: Listener,
    ) {
      const holder = on.call(this, type, listener) as unknown as EventEmitter;
      if (type === "drain" && holder !== this) {
        holders.set(listener, holder);
        const wrapped = (listener as { listener?: Listener }).listener;
        if (wrapped) holders.set(wrapped, holder);
      }
      return holder as never;
    } as typeof res.on;
    res.removeListener = function removeDrainAware(
      this: ServerResponse,
      type: string | symbol,
      listener: Listener,
    ) {
      const holder = type === "drain" ? holders.get(listener) : undefined;
      if (holder) {
        holders.delete(listener);
        holder.removeListener(type, listener);
        return this;
      }
      return removeListener.call(this, type, listener);
    } as typeof res.removeListener;
    res.off = res.removeListener;
    next();
  };
}
