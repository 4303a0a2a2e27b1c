/**
 * Run before every file of the project `routes` (see vitest.config.ts),
 * whose files share a worker and one module graph with the app's server
 * modules in it: each file starts from what a fresh process has, whatever
 * the file before it left.
 *
 * - the configuration is read from the environment again when first asked
 *   for: the API client's files point `API_BASE_URL` and `API_TIMEOUT_MS` at
 *   a backend of their own (stubs put back after each file by
 *   tests/shared-worker-setup.ts), and the route files run against the
 *   in-process fake backend;
 * - the API client's transport is the real one again (a file may answer the
 *   client's calls itself, `setTransport`).
 *
 * The audit lines' destination is left as the file before set it: each file
 * that reads them, and each route file, sets its own before its tests.
 */
import { forgetEnv } from "~/config/env.server.ts";
import { setTransport } from "~/utils/api.server.ts";

forgetEnv();
setTransport(undefined);
