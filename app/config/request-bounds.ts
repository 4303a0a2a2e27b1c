/**
 * How long a client may take to send a request, and how many connections one
 * client address may hold: one rule for the portal (app/config/env.server.ts)
 * and the fake backend on its own (`npm run mock-api`), applied by
 * server/bounded-server.ts.
 *
 * Node runs this file directly: relative imports with `.ts` only.
 */
import { z } from "zod";

export const requestBoundsSchema = z.object({
  /** Headers and body together; a request still arriving then is answered 408 and closed. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** Open connections one address may hold (0: no limit); off behind a trusted proxy. */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).default(256),
});
