/**
 * `npm run dev`: the development server renders the pages in both languages,
 * serves the browser's entry, and bundles the entry's dependencies for the
 * browser without an error (with a cache of its own, so the bundling runs on
 * every run of this test). It keeps hot reload on its own port, so it starts
 * beside another development server.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Child, freePort, start, stop, waitForOutput } from "./processes.ts";

// The first page of each server compiles the portal's modules on demand: 25 s
// for the two on a quiet machine, over 60 s beside another test file.
vi.setConfig({ testTimeout: 120_000 });

/** What Vite prints when it cannot bundle a dependency for the browser. */
const BUNDLING_FAILED = /error while updating dependencies|could not load|UNLOADABLE_DEPENDENCY/i;

describe("the development server", () => {
  let cacheDir: string;
  const servers: Child[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), "vite-cache-"));
    // One after the other: each server's start clears and writes the route
    // types in the same .react-router folder (React Router's typegen, not
    // awaited before the server listens), and two at once remove each other's
    // files. The first page of the first server, compiled on demand, outlasts it.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      bases.push(`http://127.0.0.1:${port}`);
      const server = start(process.execPath, ["--conditions=development", "server.ts"], {
        NODE_ENV: "development",
        HOST: "127.0.0.1",
        PORT: String(port),
        MOCK_API_QUIET: "1",
        VITE_CACHE_DIR: join(cacheDir, String(i)),
      });
      servers.push(server);
      await waitForOutput(server, "Portal listening on");
      if (i === 0) await (await fetch(`${bases[0]}/`)).arrayBuffer();
    }
  }, 150_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stop(server)));
    if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
  });

  it("renders the login page in both languages, two servers side by side", async () => {
    for (const base of bases) {
      const chinese = await fetch(`${base}/`);
      expect(chinese.status).toBe(200);
      const page = await chinese.text();
      expect(page).toContain('<html lang="zh-CN"');
      expect(page).toContain('name="username"');
      const english = await (await fetch(`${base}/en/`)).text();
      expect(english).toContain('<html lang="en"');
    }
    for (const server of servers) expect(server.output()).not.toMatch(/websocket server error/i);
  });

  it("serves the browser's entry and bundles its dependencies without an error", async () => {
    const [server] = servers as [Child];
    const [base] = bases as [string];
    const entry = await fetch(`${base}/app/entry.client.tsx`);
    expect(entry.status).toBe(200);
    const source = await entry.text();
    expect(source).toContain("hydrateRoot");
    // The entry imports its dependencies from the optimizer's bundles; Vite
    // answers them once the bundling is done (it prints nothing when the
    // first scan found them all), and fails them when it could not bundle.
    const bundles = [...source.matchAll(/from "([^"]*\/deps\/[^"]+)"/g)].map((match) => match[1]);
    expect(bundles.length).toBeGreaterThan(0);
    for (const bundle of bundles) {
      const answer = await fetch(`${base}${bundle}`, { signal: AbortSignal.timeout(45_000) });
      expect(answer.status, bundle).toBe(200);
      expect((await answer.text()).length, bundle).toBeGreaterThan(0);
    }
    expect(server.output()).not.toMatch(BUNDLING_FAILED);
  });
});
