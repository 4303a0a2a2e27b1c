/**
 * Random bytes for the identifiers a page makes on every request (the
 * script nonce of its answer, its forms' submission keys): from the system's
 * generator as `randomBytes` gives them, drawn 4 KB at a time and handed out
 * once each, as Node does for `randomUUID`. One call into the generator
 * costs about as much for 16 bytes as for 4 KB; a page took three
 * (docs/performance.md, "Against the framework, again").
 *
 * Node runs this file directly (server/security-headers.ts): no path aliases.
 */
import { randomBytes } from "node:crypto";

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/** `size` random bytes, never handed out before. */
export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return randomBytes(size);
  if (used + size > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const bytes = pool.subarray(used, used + size);
  used += size;
  return bytes;
}
