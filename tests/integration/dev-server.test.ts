/**
 * `npm run dev`: the development server renders the pages in both languages,
 * serves the browser's entry, and bundles the entry's dependencies for the
 * browser without an error (with a cache of the test's own, so the bundling
 * runs on every run of this test). It keeps hot reload on its own port, so it
 * starts beside another development server: a second one starts beside the
 * first and each answers the browser's hot-reload connection on its own port.
 * The second renders no page: what differs in it is its ports, and compiling
 * the portal's modules again (4 s of CPU) would check the same code twice.
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

/** Vite's hot-reload socket at `base` greets a browser's connection (with the token its client script carries). */
async function hotReloadGreeting(base: string): Promise<unknown> {
  const client = await (await fetch(`${base}/@vite/client`)).text();
  const token = /const wsToken = "([^"]*)"/.exec(client)?.[1];
  expect(token, "the hot-reload token in /@vite/client").toBeTruthy();
  const socket = new WebSocket(`${base.replace(/^http/, "ws")}/?token=${token}`, "vite-hmr");
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise((resolve, reject) => {
      socket.addEventListener("message", (event) => resolve(JSON.parse(String(event.data))));
      socket.addEventListener("error", () => reject(new Error(`no hot-reload socket at ${base}`)));
      timer = setTimeout(
        () => reject(new Error(`no greeting from ${base}'s hot-reload socket`)),
        20_000,
      );
    });
  } finally {
    clearTimeout(timer);
    socket.close();
  }
}

/** The browser entry's source and the optimizer's bundles it imports, from the server at `base`. */
async function browserEntry(
  base: string,
): Promise<{ status: number; source: string; bundles: string[] }> {
  const entry = await fetch(`${base}/app/entry.client.tsx`);
  const source = await entry.text();
  const bundles = [...source.matchAll(/from "([^"]*\/deps\/[^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );
  return { status: entry.status, source, bundles };
}

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
    // The second starts once the first has bundled the browser's dependencies
    // into the cache folder they share, and finds them there: the bundling
    // (2.5 s of CPU) runs once, in the server whose bundles the tests check.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      bases.push(base);
      const server = start(process.execPath, ["--conditions=development", "server.ts"], {
        NODE_ENV: "development",
        HOST: "127.0.0.1",
        PORT: String(port),
        MOCK_API_QUIET: "1",
        VITE_CACHE_DIR: cacheDir,
      });
      servers.push(server);
      await waitForOutput(server, "Portal listening on");
      if (i > 0) continue;
      await (await fetch(`${base}/`)).arrayBuffer();
      // Vite answers a bundle once the bundling is done; the tests check the answers.
      for (const bundle of (await browserEntry(base)).bundles) {
        await (
          await fetch(`${base}${bundle}`, { signal: AbortSignal.timeout(45_000) })
        ).arrayBuffer();
      }
    }
  }, 150_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stop(server)));
    if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
  });

  it("renders the login page in both languages", async () => {
    const [base] = bases as [string];
    const chinese = await fetch(`${base}/`);
    expect(chinese.status).toBe(200);
    const page = await chinese.text();
    expect(page).toContain('<html lang="zh-CN"');
    expect(page).toContain('name="username"');
    const english = await (await fetch(`${base}/en/`)).text();
    expect(english).toContain('<html lang="en"');
  });

  it("keeps hot reload on each server's own port, two servers side by side", async () => {
    expect(new Set(bases).size).toBe(2);
    for (const base of bases) {
      expect(await hotReloadGreeting(base), base).toEqual({ type: "connected" });
    }
    for (const server of servers) expect(server.output()).not.toMatch(/websocket server error/i);
  });

  it("serves the browser's entry and bundles its dependencies without an error", async () => {
    const [server] = servers as [Child];
    const [base] = bases as [string];
    const { status, source, bundles } = await browserEntry(base);
    expect(status).toBe(200);
    expect(source).toContain("hydrateRoot");
    // The entry imports its dependencies from the optimizer's bundles; Vite
    // answers them once the bundling is done (it prints nothing when the
    // first scan found them all), and fails them when it could not bundle.
    expect(bundles.length).toBeGreaterThan(0);
    for (const bundle of bundles) {
      const answer = await fetch(`${base}${bundle}`, { signal: AbortSignal.timeout(45_000) });
      expect(answer.status, bundle).toBe(200);
      expect((await answer.text()).length, bundle).toBeGreaterThan(0);
    }
    expect(server.output()).not.toMatch(BUNDLING_FAILED);
  });
});
