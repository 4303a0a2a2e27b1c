/**
 * The framework floor (docs/performance.md, "What React Router alone costs"):
 * React Router with nothing of the portal, built from bench/floor and served
 * like the portal, drawing copies of the portal's pages. What it measures is
 * the least any page of that markup can cost on this machine.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT, reactRouterBuild, startNodeOptions } from "../lib.ts";

const FLOOR_DIR = fileURLToPath(new URL(".", import.meta.url));
const BUILD_DIR = join(ROOT, "build", "bench-floor");

/** The name of the floor's rows in the results. */
export const FLOOR_LABEL = "floor (React Router alone):";

export interface Floor {
  url: string;
  stop(): Promise<void>;
}

/** Builds the floor app, then serves `pages` (name → the HTML a portal page answered) at /markup/<name>. */
export async function startFloor(pages: Record<string, string>): Promise<Floor> {
  // The build folder is outside the floor's own: Vite empties it only when told.
  await reactRouterBuild(
    [FLOOR_DIR, "--emptyOutDir"],
    { FLOOR_BUILD_DIR: BUILD_DIR },
    "the floor's build",
  );

  const folder = await mkdtemp(join(tmpdir(), "floor-"));
  const markup: string[] = [];
  for (const [name, html] of Object.entries(pages)) {
    const file = join(folder, `${name}.html`);
    await writeFile(file, html);
    markup.push(`${name}=${file}`);
  }
  // Started as `npm start` starts the portal (the same Node options).
  const child = spawn(process.execPath, [...startNodeOptions(), join(FLOOR_DIR, "server.ts")], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      FLOOR_BUILD_DIR: BUILD_DIR,
      FLOOR_MARKUP: markup.join(","),
      PORT: "0",
    },
  });
  const started = await Promise.race([
    once(child.stdout!, "data").then(([line]) => String(line).trim()),
    once(child, "exit").then(([code]) => `exit ${code}`),
  ]);
  const port = Number(started);
  if (!port) {
    child.kill();
    await rm(folder, { recursive: true, force: true });
    throw new Error(`the floor did not start (${started})`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = once(child, "exit");
        child.kill("SIGTERM");
        await gone;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}
