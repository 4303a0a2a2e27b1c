/**
 * Shared pieces of the benchmark suite: the result rows every benchmark
 * returns, starting a built portal on loopback, logging in over HTTP, and
 * small statistics. Targets live here, beside the measurements, never in tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The options an npm script gives Node before `file` (`node … file`). */
function scriptNodeOptions(script: string, file: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const escaped = file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const options = new RegExp(`\\bnode\\s+(.*?)\\s*${escaped}\\b`).exec(scripts[script] ?? "")?.[1];
  if (options === undefined) throw new Error(`npm run ${script} does not run \`node … ${file}\``);
  return options.split(/\s+/).filter(Boolean);
}

/**
 * The options `npm start` gives Node before `server.ts` (the heap's sizes,
 * docs/decisions/2026-11-26-portal-heap-sizes.md): the deployed rows
 * measure the portal as production starts it, and the floor is started the
 * same way, so a ratio to it measures the portal, not the setting.
 */
export function startNodeOptions(): string[] {
  return scriptNodeOptions("start", "server.ts");
}

/** Where the suite builds the portal (`BENCH_BUILD_DIR`: a run of its own beside another's). */
export const BUILD_DIR = process.env.BENCH_BUILD_DIR ?? "build/bench";
export const PASSWORD = "Demo1234!";
export const CAPTCHA = "B3NC";

/** One line of the results table. `pass` is null for a figure without a target. */
export interface Row {
  metric: string;
  value: number;
  unit: string;
  target: string;
  pass: boolean | null;
}

export function atMost(metric: string, value: number, unit: string, limit: number): Row {
  return { metric, value: round(value), unit, target: `≤ ${limit} ${unit}`, pass: value <= limit };
}

export function atLeast(metric: string, value: number, unit: string, limit: number): Row {
  return { metric, value: round(value), unit, target: `≥ ${limit} ${unit}`, pass: value >= limit };
}

export function info(metric: string, value: number, unit: string): Row {
  return { metric, value: round(value), unit, target: "", pass: null };
}

function round(value: number): number {
  return Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

/** Settles as `work` does, or fails after `ms` with a message naming the limit. */
export async function withinLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no result in ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Prints the rows as one Markdown table: metric, value, target, result. */
export function printTable(rows: Row[]): void {
  const table = rows.map((row) => [
    row.metric,
    `${row.value}${row.unit ? ` ${row.unit}` : ""}`,
    row.target,
    row.pass === null ? "" : row.pass ? "pass" : "FAIL",
  ]);
  const header = ["metric", "value", "target", "result"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...table.map((cells) => (cells[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  console.info(`\n${line(header)}`);
  console.info(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const cells of table) console.info(line(cells));
}

export interface Portal {
  url: string;
  pid: number;
  /** Milliseconds from spawn until /healthz answered. */
  startMs: number;
  /**
   * Milliseconds from spawn until a first sign-in answered: the fake
   * backend seeds its data on its first call, so this is when the portal is
   * ready for its first user (demo mode).
   */
  readyMs: number;
  stop(): Promise<void>;
}

/** Portals listen from this port up (`BENCH_PORT`, 3900 by default). */
let nextPort = Number(process.env.BENCH_PORT ?? 3900);

/** The next port of the run's range, for a portal started another way. */
export function takePort(): number {
  return nextPort++;
}

/** Starts the built portal in demo mode with `orders` seeded orders and waits for /healthz. */
export async function startPortal(orders: number, extraEnv: Record<string, string> = {}) {
  const port = takePort();
  // A portal left from an interrupted run would answer in this one's place.
  const stale = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
  if (stale)
    throw new Error(
      `port ${port} is taken (a portal of an earlier run?); BENCH_PORT moves the portals`,
    );
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ["server.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      TEST_CAPTCHA_CODE: CAPTCHA,
      MOCK_API_QUIET: "1",
      ...seedEnv(orders),
      ...extraEnv,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("the portal did not answer /healthz in 60 s");
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startMs = performance.now() - started;
  await login(url, "admin@demo.test");
  const readyMs = performance.now() - started;
  return {
    url,
    pid: child.pid ?? 0,
    startMs,
    readyMs,
    stop: () => stopChild(child),
  } satisfies Portal;
}

/** Stops `child` with `signal` (unless it has already exited) and waits for its exit. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill(signal);
  await exited;
}

/** The seed's sizes for `orders` orders: a pallet per 25 orders, a service per 10 pallets. */
function seedEnv(orders: number): Record<string, string> {
  const pallets = Math.max(1, Math.round(orders / 25));
  return {
    SEED_ORDERS: String(orders),
    SEED_PALLETS: String(pallets),
    SEED_SERVICES: String(Math.max(1, Math.round(pallets / 10))),
  };
}

/** The standalone fake backend (`npm run mock-api`) in a process of its own. */
export interface Backend {
  /** Its `/api/v1` address. */
  api: string;
  child: ChildProcess;
  /** Milliseconds from spawn until /health answered (seeding or loading its data file included). */
  startMs: number;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the standalone backend with `orders` seeded orders on a free
 * loopback port (it seeds before it listens) and waits for /health;
 * `extraEnv` adds settings such as its data file.
 */
export async function startBackend(
  orders: number,
  extraEnv: Record<string, string> = {},
  ms = 120_000,
): Promise<Backend> {
  const started = performance.now();
  // As `npm run mock-api` starts it (its young generation's size among them).
  const child = spawn(
    process.execPath,
    [...scriptNodeOptions("mock-api", "mocks/standalone.ts"), "mocks/standalone.ts"],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        MOCK_API_PORT: "0",
        MOCK_API_HOST: "127.0.0.1",
        MOCK_API_QUIET: "1",
        ...seedEnv(orders),
        ...extraEnv,
      },
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    const deadline = Date.now() + ms;
    const waiting = () => {
      if (child.exitCode !== null) throw new Error(`the backend exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`the backend did not answer in ${ms / 1000} s`);
      return new Promise((resolve) => setTimeout(resolve, 10));
    };
    let port: string | undefined;
    for (;;) {
      port = /listening on http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (port) break;
      await waiting();
    }
    const base = `http://127.0.0.1:${port}`;
    while (!(await fetch(`${base}/health`).catch(() => undefined))?.ok) await waiting();
    return {
      api: `${base}/api/v1`,
      child,
      startMs: performance.now() - started,
      stop: (signal) => stopChild(child, signal),
    };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/** The cookies a browser keeps from the answers it is given, and the Cookie header it sends. */
export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    remember(response: Response) {
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const [name, ...value] = (pair ?? "").split("=");
        if (name) jar.set(name.trim(), value.join("="));
      }
    },
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
  };
}

/** Signs in over HTTP as a browser would and returns the Cookie header of the session. */
export async function login(url: string, username: string): Promise<string> {
  const { remember, header } = cookieJar();
  remember(await fetch(`${url}/`, { redirect: "manual" }));
  const answer = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: header() },
    body: new URLSearchParams({ username, password: PASSWORD, code: CAPTCHA }),
  });
  remember(answer);
  if (answer.status !== 302 && answer.status !== 303) {
    throw new Error(`login of ${username} answered ${answer.status}`);
  }
  return header();
}

/** Resident memory of a process in MB (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * CPU time a process has used so far, in seconds (Linux; user and system,
 * every thread, at the kernel's 100 ticks a second). On a shared machine the
 * wall time of a stage includes waiting for a core; this does not.
 */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) in parentheses.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A production build by React Router (`react-router build` with `args`), its settings in `env`. */
export async function reactRouterBuild(
  args: string[],
  env: Record<string, string>,
  what = "the build",
): Promise<void> {
  const child = spawn("npx", ["react-router", "build", ...args], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env },
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`${what} failed (${code})`);
}

/** Builds the portal once into BUILD_DIR (production build, as `npm run build`). */
export function buildPortal(): Promise<void> {
  return reactRouterBuild([], { BUILD_DIR });
}
