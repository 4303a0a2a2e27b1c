/**
 * The standalone fake backend's heap (mocks/standalone.ts): how much its old
 * generation may grow between full collections, and one full collection
 * once its data is seeded or loaded, before it listens.
 *
 * With 100,000 orders the backend holds about 175 MB of live data and, under
 * the portal's calls, promotes little (about 2 MB a minute). V8 sizes the
 * old generation's room from how fast a program promotes, and gave this one
 * so little that, once a first full collection (mark-compact) had come
 * under load, it marked again almost at once: a full collection every 7
 * seconds or so, each a few MB above what the last one kept, each a pause of
 * 20-45 ms (up to 170 ms on a busy machine) that every call in flight waits
 * out, besides up to a second of incremental marking steps between the
 * calls. The first one came a minute or two into the calls, when the seed's
 * own garbage (about 30 MB, promoted while the seed ran) had filled the room
 * the seed's last collection left: a pause of 30-230 ms.
 *
 * So, as the process starts: the old generation may grow by 100 % of what a
 * full collection kept before the next one (V8's `--heap-growing-percent`;
 * the portal's start-up gives its old generation room in the same spirit:
 * docs/decisions/2026-11-26-portal-heap-sizes.md); and, once the data is in,
 * one full collection takes the seed's garbage away before the first call,
 * the next limit set from what the data really holds. The backend is started
 * three ways (`npm run mock-api`, compose.yaml's command, the bench's and the
 * tests' `node mocks/standalone.ts`): set here, in the process, it holds for
 * each. See docs/decisions/2026-11-27-fake-backend-heap-growth.md.
 *
 * Node runs this file directly (mocks/standalone.ts): relative imports with
 * `.ts` only.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** How far past what a full collection kept the old generation may grow before the next, in %. */
export const HEAP_GROWING_PERCENT = 100;

/** Sets the old generation's growth between full collections (V8's `--heap-growing-percent`). */
export function setHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/**
 * Collects all garbage now: Node's `--expose-gc` turned on for a context
 * made for it, whose `gc` asks V8 for a full collection. The process's own
 * global gets no `gc` (nothing else can call it).
 */
export function collectGarbageNow(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
}
