/**
 * Child processes of the integration tests: production builds, the
 * standalone fake backend, portals, nginx. Ports are found free at start in a range of 50 from
 * TEST_PORT_BASE (3250), so the tests run beside other servers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

export const ROOT = new URL("../../", import.meta.url).pathname;

const PORT_BASE = Number(process.env.TEST_PORT_BASE ?? 3250);
const PORT_COUNT = 50;
// Test files run side by side: each starts at its own place in the range.
let offset = Math.floor(Math.random() * PORT_COUNT);

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A loopback port nobody listens on, from `base` (TEST_PORT_BASE, 3250) to 49 above it. */
export async function freePort(base = PORT_BASE): Promise<number> {
  for (let tries = 0; tries < PORT_COUNT; tries++) {
    const port = base + (offset++ % PORT_COUNT);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port from ${base} to ${base + PORT_COUNT - 1}`);
}

/**
 * Node's compile cache for the processes the tests start (V8's code for each
 * module, checked against the module's source): the fake backend, portals
 * and development servers start again and again in a run (the durability
 * test alone starts the backend eleven times), and the first start of each
 * fills the cache for the others. Only a speed-up: Node falls back to
 * compiling whatever the cache lacks or does not match. NODE_COMPILE_CACHE
 * in the environment overrides it, NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 * Processes started in another folder (the image test's copy of the image, a
 * new folder each run) go without: their entries would never be read again.
 * `npm ci` starts it afresh with node_modules.
 */
const COMPILE_CACHE = join(ROOT, "node_modules", ".cache", "test-processes-compile-cache");

export interface Child {
  process: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once it has exited. */
  exited: Promise<number | string>;
}

export function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd = ROOT,
): Child {
  const child = spawn(command, args, {
    cwd,
    env: { ...(cwd === ROOT ? { NODE_COMPILE_CACHE: COMPILE_CACHE } : {}), ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  return { process: child, output: () => output, exited };
}

/**
 * The production build the tests share (`npm test` makes it once, before
 * every test that needs one): TEST_BUILD_DIR, relative to the project.
 * Unset (a test file run on its own), the portal is built into `own`.
 * Returns the folder of the build.
 */
export async function portalBuild(own: string): Promise<string> {
  const shared = process.env.TEST_BUILD_DIR;
  if (!shared) {
    await buildPortal(own);
    return own;
  }
  if (!existsSync(join(ROOT, shared, "server", "index.js"))) {
    throw new Error(`TEST_BUILD_DIR=${shared} holds no production build (npm run build)`);
  }
  return shared;
}

/** A production build of the portal into `buildDir` (as `npm run build`; relative to the project or absolute). */
export async function buildPortal(buildDir: string): Promise<void> {
  const build = spawn("npx", ["react-router", "build"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  const [code] = (await once(build, "exit")) as [number | null];
  if (code !== 0) throw new Error(`the build failed (${code})`);
}

/** Waits until the child printed `text` (or something it matches); fails early when it exits first. */
export async function waitForOutput(
  child: Child,
  text: string | RegExp,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void child.exited.then(() => {
    gone = true;
  });
  const printed = () =>
    typeof text === "string" ? child.output().includes(text) : text.test(child.output());
  while (!printed()) {
    if (gone) throw new Error(`exited before printing "${text}":\n${child.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" in time:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Stops a child with `signal` and waits for it to exit. */
export async function stop(child: Child, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill(signal);
  await child.exited;
}

/** The standalone fake backend (`npm run mock-api`) on `port`, `nodeOptions` given to Node before it. */
export function startMockApi(
  port: number,
  env: Record<string, string> = {},
  nodeOptions: string[] = [],
): Child {
  return start(process.execPath, [...nodeOptions, "mocks/standalone.ts"], {
    MOCK_API_PORT: String(port),
    MOCK_API_HOST: "127.0.0.1",
    MOCK_API_QUIET: "1",
    SEED_SERVICES: "4",
    SEED_PALLETS: "12",
    SEED_ORDERS: "240",
    ...env,
  });
}
