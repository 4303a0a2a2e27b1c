/**
 * The journeys' portal, started by scripts/test.sh as soon as the build is
 * made, so that it has started and seeded while Vitest runs and the
 * journeys begin at once: the command and environment Playwright's
 * `webServer` would use (playwright.config.ts), and Playwright takes the
 * running portal (`E2E_SERVER_STARTED`). See
 * docs/decisions/2026-11-27-journeys-portal-started-beside-vitest.md.
 *
 * `node scripts/journeys-server.ts <file>`: refuses a port that already
 * answers, as Playwright does (it would be another portal, of another
 * build); writes `ready` into <file> once the portal's /healthz answers;
 * ends the portal (its whole process group) on SIGTERM or SIGINT and exits
 * when the portal does.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { JOURNEYS_SERVER } from "../playwright.config.ts";

const readyFile = process.argv[2];
if (!readyFile) {
  console.error("usage: node scripts/journeys-server.ts <file written once the portal answers>");
  process.exit(2);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

const { command, url, timeout, env } = JOURNEYS_SERVER;
if (await answers(url)) {
  console.error(`${url} already answers: the journeys' portal cannot start on its port.`);
  process.exit(1);
}

// A process group of its own (`npm start`, its shell and the portal), ended as one.
const portal = spawn(command, {
  shell: true,
  detached: true,
  env: { ...process.env, ...env },
  stdio: ["ignore", "ignore", "inherit"],
});
const pid = portal.pid;
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    stopping = true;
    if (pid !== undefined && portal.exitCode === null) process.kill(-pid, "SIGTERM");
  });
}
portal.on("exit", (code) => {
  if (!stopping) console.error(`The journeys' portal ended before the journeys did (${code}).`);
  process.exit(stopping ? 0 : (code ?? 1));
});

const deadline = Date.now() + timeout;
while (!(await answers(url))) {
  if (Date.now() > deadline) {
    console.error(`The journeys' portal did not answer ${url} within ${timeout / 1000} s.`);
    if (pid !== undefined) process.kill(-pid, "SIGTERM");
    process.exit(1);
  }
  await sleep(100);
}
writeFileSync(readyFile, "ready\n");
