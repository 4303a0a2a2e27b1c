/**
 * One request's timeline, the deployed portal against the floor
 * (docs/performance.md, "One request's timeline"): `node bench/timeline.ts`.
 *
 * Starts the portal as the `ssr` stage does (its backend in a process of
 * its own, 100,000 orders) and the floor serving a copy of its `/order/`,
 * with bench/timeline-trace.ts preloaded in all three; then
 * - sequential pages in turns (TIMELINE_ROUNDS rounds of 100 to each), and
 *   prints the median of each step of a page: parsed, first backend call,
 *   the calls, the render, the answer, the client's last byte;
 * - TIMELINE_SECONDS (20) at 10 connections on each, and prints p50 and
 *   p99, the scavenges, and the share of the time each main thread waited
 *   for a core (/proc/<pid>/schedstat).
 * The portal's build is BENCH_BUILD_DIR's (build/bench), built first.
 * Times are the machine's of the moment: read them side by side.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startDeployedPortal } from "./deployed.ts";
import { startFloor } from "./floor/index.ts";
import { BUILD_DIR, buildPortal, median, percentile, takePort } from "./lib.ts";
import type { Collection, Traced } from "./timeline-trace.ts";

const ROUNDS = Number(process.env.TIMELINE_ROUNDS ?? 6);
const SECONDS = Number(process.env.TIMELINE_SECONDS ?? 20);
const folder = await mkdtemp(join(tmpdir(), "timeline-"));
process.env.TIMELINE_DIR = folder;
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --import=${new URL("./timeline-trace.ts", import.meta.url).pathname}`;
const now = () => Number(process.hrtime.bigint()) / 1e6;
const children = () =>
  execFileSync("pgrep", ["-P", String(process.pid)], { encoding: "utf8" })
    .trim()
    .split(/\s+/);
/** A main thread's time on a core and waiting for one so far, ms. */
async function schedstat(pid: string) {
  const [run = 0, wait = 0] = (await readFile(`/proc/${pid}/schedstat`, "utf8"))
    .split(" ")
    .map(Number);
  return { run: run / 1e6, wait: wait / 1e6 };
}

if (!process.env.BENCH_BUILD_DIR) await buildPortal();
const deployed = await startDeployedPortal(100_000, takePort(), BUILD_DIR);
const cookie = await deployed.login("admin@demo.test");
const html = await (await fetch(`${deployed.url}/order/`, { headers: { cookie } })).text();
const floor = await startFloor({ order: html });
const targets = {
  portal: { url: `${deployed.url}/order/`, cookie },
  floor: { url: `${floor.url}/markup/order`, cookie: "" },
  "floor, one element": { url: `${floor.url}/`, cookie: "" },
};
type Name = keyof typeof targets;
const names = Object.keys(targets) as Name[];
const sent: { id: string; name: Name; send: number; body: number }[] = [];
const loads: Record<
  string,
  { p50: number; p99: number; rps: number; t0: number; t1: number; wait: number }
> = {};
try {
  for (const { url, cookie } of Object.values(targets))
    await autocannon({ url, connections: 10, amount: 1000, headers: cookie ? { cookie } : {} });
  let count = 0;
  const page = async (name: Name, keep: boolean) => {
    const id = `client:${++count}`;
    const send = now();
    const answer = await fetch(targets[name].url, {
      headers: { cookie: targets[name].cookie, "x-trace": id },
    });
    await answer.arrayBuffer();
    if (keep) sent.push({ id, name, send, body: now() });
  };
  for (const name of names) for (let i = 0; i < 30; i++) await page(name, false);
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 ? [...names].reverse() : names)
      for (let i = 0; i < 100; i++) await page(name, true);
  }
  const pids = { portal: String(deployed.pid), floor: "" };
  for (const name of ["portal", "floor"] as const) {
    pids.floor ||= children().find((pid) => pid !== pids.portal && !isBackend(pid)) ?? "";
    const before = await schedstat(pids[name]);
    const t0 = now();
    const { url, cookie } = targets[name];
    const result = await autocannon({
      url,
      connections: 10,
      duration: SECONDS,
      headers: cookie ? { cookie } : {},
    });
    const t1 = now();
    const after = await schedstat(pids[name]);
    const { p50, p99 } = result.latency;
    loads[name] = {
      p50,
      p99,
      rps: result.requests.average,
      t0,
      t1,
      wait: (after.wait - before.wait) / (t1 - t0),
    };
  }
  for (const pid of children()) process.kill(Number(pid), "SIGUSR2");
  await new Promise((resolve) => setTimeout(resolve, 500));
} finally {
  await floor.stop();
  await deployed.stop();
}

function isBackend(pid: string): boolean {
  try {
    return execFileSync("cat", [`/proc/${pid}/cmdline`], { encoding: "utf8" }).includes(
      "standalone",
    );
  } catch {
    return false;
  }
}

const records: Record<string, (Traced | Collection)[]> = { portal: [], floor: [], backend: [] };
for (const file of await readdir(folder)) {
  const role = file.split("-")[0] ?? "";
  for (const line of (await readFile(join(folder, file), "utf8")).split("\n").filter(Boolean))
    records[role]?.push(JSON.parse(line));
}
await rm(folder, { recursive: true, force: true });
const requests = new Map<string, Traced>();
for (const record of [
  ...(records.portal ?? []),
  ...(records.floor ?? []),
  ...(records.backend ?? []),
])
  if (record.kind === "request") requests.set(record.id, record);

const steps = new Map<string, Map<Name, number[]>>();
const add = (step: string, name: Name, value: number | undefined) => {
  if (value === undefined || Number.isNaN(value)) return;
  if (!steps.has(step)) steps.set(step, new Map());
  const byName = steps.get(step) as Map<Name, number[]>;
  byName.set(name, [...(byName.get(name) ?? []), value]);
};
for (const { id, name, send, body } of sent) {
  const r = requests.get(id);
  if (!r?.render || !r.allReady || !r.writeHead || !r.end || !r.finish) continue;
  add("client sends → the server parsed it", name, r.start - send);
  let ready = r.start;
  if (r.calls.length > 0) {
    const first = Math.min(...r.calls.map((call) => call.made));
    ready = Math.max(...r.calls.map((call) => call.complete ?? Number.NaN));
    add("→ first backend call made", name, first - r.start);
    add("first call made → last call's answer complete", name, ready - first);
    for (const call of r.calls) {
      const label = call.path.includes("account-info") ? "accountInfo" : call.path.split("?")[0];
      const backend = requests.get(call.id);
      add(`  ${label}: made → written`, name, (call.written ?? Number.NaN) - call.made);
      add(
        `  ${label}: written → the backend parsed it`,
        name,
        (backend?.start ?? Number.NaN) - (call.written ?? Number.NaN),
      );
      add(
        `  ${label}: the backend's handling`,
        name,
        (backend?.end ?? Number.NaN) - (backend?.start ?? Number.NaN),
      );
      add(
        `  ${label}: the backend's end → its headers here`,
        name,
        (call.headers ?? Number.NaN) - (backend?.end ?? Number.NaN),
      );
    }
  }
  add("→ render called", name, r.render - ready);
  add("render → onAllReady", name, r.allReady - r.render);
  add("onAllReady → writeHead", name, r.writeHead - r.allReady);
  add("writeHead → end", name, r.end - r.writeHead);
  add("end → finish", name, r.finish - r.end);
  add("finish → the client holds the body", name, body - r.finish);
  add("event loop idle within the request", name, r.idle);
  add("backend connections opened", name, r.connects);
  add("client, total", name, body - send);
}
console.log(`\nOne /order/ request, ms, median of ${ROUNDS * 100} in turns:\n`);
console.log(`| step | ${names.join(" | ")} |\n|---|${names.map(() => "---:").join("|")}|`);
for (const [step, byName] of steps) {
  const cell = (name: Name) => {
    const values = byName.get(name);
    return values ? median(values).toFixed(2) : "";
  };
  console.log(`| ${step} | ${names.map(cell).join(" | ")} |`);
}
console.log(`\nAt 10 connections, ${SECONDS} s each:\n`);
console.log(
  "| | p50 ms | p99 ms | req/s | main thread waiting for a core | scavenges: n, median, max ms | mark-compacts, ms each |\n|---|---:|---:|---:|---:|---|---|",
);
for (const [name, load] of Object.entries(loads)) {
  const scavenges = (records[name] ?? [])
    .filter(
      (r): r is Collection =>
        r.kind === "gc" && r.type === 1 && r.start >= load.t0 && r.start <= load.t1,
    )
    .map((r) => r.ms);
  const gc = scavenges.length
    ? `${scavenges.length}, ${median(scavenges).toFixed(1)}, ${percentile(scavenges, 100).toFixed(0)}`
    : "none";
  // perf_hooks' kinds: 1 a scavenge, 4 a mark-compact, 8 an incremental marking step.
  const compacts = (records[name] ?? [])
    .filter(
      (r): r is Collection =>
        r.kind === "gc" && r.type === 4 && r.start >= load.t0 && r.start <= load.t1,
    )
    .map((r) => r.ms.toFixed(0));
  console.log(
    `| ${name} | ${load.p50} | ${load.p99} | ${load.rps.toFixed(0)} | ${(load.wait * 100).toFixed(0)} % | ${gc} | ${compacts.join(", ") || "none"} |`,
  );
}
