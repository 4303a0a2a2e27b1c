/**
 * The benchmark suite (`npm run bench`): builds the portal, starts it on
 * loopback in demo mode at several data sizes, measures, prints one table
 * (metric, value, target, pass/fail) and writes bench/results.json.
 * Targets live in the benchmarks, never as timing assertions in tests.
 *
 * `BENCH_ONLY=ssr,xlsx` runs a subset; `BENCH_SECONDS` sets the autocannon
 * duration, `BENCH_LOAD_SECONDS` that of the users of the load stage.
 * The detailed timings of every fake-backend call: `npm run bench:backend`.
 */
import { writeFile } from "node:fs/promises";
import { firstLoadJs } from "./first-load-js.ts";
import { growth } from "./growth.ts";
import {
  atMost,
  buildPortal,
  info,
  type Portal,
  printTable,
  type Row,
  startPortal,
  withinLimit,
} from "./lib.ts";
import { LOAD_LIMIT_MS, load } from "./load.ts";
import { ssr } from "./ssr.ts";
import { store } from "./store.ts";
import { webVitals } from "./web-vitals.ts";
import { workbench } from "./workbench.ts";
import { xlsx } from "./xlsx.ts";

const LARGE = 100_000;
const SMALL = 10_000;
const only = process.env.BENCH_ONLY?.split(",");
const wanted = (name: string) => !only || only.includes(name);

const rows: Row[] = [];
const STAGE_LIMIT_MS = 120_000;
// Seeding a second backend of 100,000 orders, a floor build, five loads.
const SSR_LIMIT_MS = 300_000;
// Ten Lighthouse runs of about 8 s each.
const VITALS_LIMIT_MS = 180_000;
// Seeding 100,000 orders into a data file, three starts from it, and 40 s of writers.
const STORE_LIMIT_MS = 300_000;
// A portal of 10,000 orders seeded, ten downloads (four unmeasured) and an import.
const XLSX_LIMIT_MS = 240_000;
/** The stages that measure a portal (the store stage runs the backend alone). */
const PORTAL_STAGES = ["start", "js", "vitals", "ssr", "xlsx", "growth", "load"];

/** Runs one benchmark; one that fails or hangs is a failed row, and the others still run. */
async function stage(
  name: string,
  measure: () => Promise<Row[]>,
  limitMs = STAGE_LIMIT_MS,
): Promise<void> {
  if (!wanted(name)) return;
  console.info(`Measuring ${name}…`);
  try {
    const measured = await withinLimit(measure(), limitMs);
    for (const row of measured) console.info(`  ${row.metric}: ${row.value} ${row.unit}`);
    rows.push(...measured);
  } catch (error) {
    console.error(`  ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    rows.push({
      metric: `${name}: completed`,
      value: 0,
      unit: "",
      target: "completes",
      pass: false,
    });
  }
}
const started = performance.now();
const portals: Portal[] = [];

try {
  if (PORTAL_STAGES.some(wanted)) {
    console.info("Building the portal…");
    await buildPortal();
  }

  if (wanted("start")) {
    const standard = await startPortal(5_000);
    portals.push(standard);
    rows.push(
      atMost(
        "start: /healthz answers (default seed, 5,000 orders)",
        standard.startMs / 1000,
        "s",
        2,
      ),
      info("start: first sign-in answers (data seeded)", standard.readyMs / 1000, "s"),
    );
    await stage("js", () => firstLoadJs(standard));
    await stage("vitals", () => webVitals(standard), VITALS_LIMIT_MS);
    await standard.stop();
  }

  if (wanted("ssr") || wanted("xlsx")) {
    console.info(`Starting the portal with ${LARGE.toLocaleString("en")} orders…`);
    const large = await startPortal(LARGE);
    portals.push(large);
    rows.push(
      atMost("start: /healthz answers (100,000 orders)", large.startMs / 1000, "s", 5),
      info("start: first sign-in answers (100,000 orders seeded)", large.readyMs / 1000, "s"),
    );
    // Beside the demo portal, a backend of its own seeded with as many orders.
    await stage("ssr", () => ssr(large, LARGE), SSR_LIMIT_MS);
    await stage(
      "xlsx",
      async () => {
        const small = await startPortal(SMALL);
        portals.push(small);
        return xlsx(small, large, SMALL);
      },
      XLSX_LIMIT_MS,
    );
    for (const portal of portals) await portal.stop();
  }
  await stage("growth", growth);
  await stage("workbench", workbench);
  await stage("store", store, STORE_LIMIT_MS);
  // Its own portal and data: the operations change orders.
  await stage("load", () => load((portal) => portals.push(portal)), LOAD_LIMIT_MS);
} finally {
  for (const portal of portals) await portal.stop();
}

printTable(rows);
const failed = rows.filter((row) => row.pass === false).length;
const seconds = (performance.now() - started) / 1000;
console.info(
  `\n${rows.length - failed} of ${rows.length} within target, in ${seconds.toFixed(0)} s`,
);

await writeFile(
  new URL("./results.json", import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), seconds, rows }, null, 2)}\n`,
);
// A stage that ran out of time may leave a request open; the results are written.
process.exit(0);
