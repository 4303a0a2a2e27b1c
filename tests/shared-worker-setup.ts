/**
 * Run before every file of the projects whose files share a worker (one
 * process and one module graph, `isolate: false`; see vitest.config.ts):
 * after the file's own hooks, what Vitest can put back is put back for the
 * next file (fake timers, spies, stubbed variables and globals), and a file
 * that leaves a server listening fails instead of handing it on.
 */
import { afterAll, expect, vi } from "vitest";

function listeningServers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === "TCPServerWrap").length;
}

// A closed server's handle goes a moment after its close callback.
async function serversAfterClosing(atMost: number): Promise<number> {
  const deadline = Date.now() + 2_000;
  while (listeningServers() > atMost && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return listeningServers();
}

// Servers listening before the file's tests are not the file's.
const before = listeningServers();

// Registered before the file's own hooks, so it runs after them.
afterAll(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  expect(await serversAfterClosing(before), "servers left listening").toBeLessThanOrEqual(before);
});
