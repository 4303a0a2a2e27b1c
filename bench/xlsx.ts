/**
 * Workbooks through the portal, end to end over HTTP: the download of every
 * order (memory sampled meanwhile, and /healthz pinged to see whether the
 * event loop stays free), and the import of a 10,000-row file.
 *
 * Each portal first downloads twice unmeasured: the first downloads after a
 * start (or after a long idle, when V8 has shrunk the heap) compile the
 * writer and grow the heap back to its working size, by 10 to 45 MB on the
 * 100,000-order portal, whatever the row count, and the portal pays that
 * once. Then each downloads three times, the two portals in turns, and the
 * rows are the medians: a warm download's memory growth is a few MB that a
 * garbage collection more or less moves by as much (docs/performance.md,
 * "The workbook download, 26 November 2026 (night)").
 */
import ExcelJS from "exceljs";
import {
  atMost,
  cpuSeconds,
  info,
  login,
  median,
  type Portal,
  percentile,
  type Row,
  rssMb,
} from "./lib.ts";

/** Unmeasured downloads per portal, then measured ones. */
const WARM_UPS = 2;
const DOWNLOADS = 3;

interface Download {
  ms: number;
  peakMb: number;
  baselineMb: number;
  healthP99: number;
  /** CPU seconds the portal spent meanwhile (its /healthz answers included). */
  cpu: number;
  bytes: Uint8Array;
  /** Every /healthz answer's time during the download. */
  health: number[];
}

async function downloadAll(portal: Portal, cookie: string): Promise<Download> {
  const baselineMb = await rssMb(portal.pid);
  let peakMb = baselineMb;
  let running = true;
  const health: number[] = [];
  const sampler = (async () => {
    while (running) {
      peakMb = Math.max(peakMb, await rssMb(portal.pid));
      const start = performance.now();
      await (await fetch(`${portal.url}/healthz`)).arrayBuffer();
      health.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  // When the download itself fails (or the stage ran out of time and its
  // portals were stopped), nobody awaits the sampler: its failure must not
  // end the whole suite before the table is printed.
  sampler.catch(() => {});
  const start = performance.now();
  const cpuBefore = await cpuSeconds(portal.pid);
  const answer = await fetch(`${portal.url}/order/download`, {
    method: "POST",
    headers: {
      cookie,
      "content-type": "application/x-www-form-urlencoded",
      origin: portal.url,
    },
    body: new URLSearchParams({ kind: "orders" }),
  });
  if (!answer.ok) throw new Error(`download answered ${answer.status}`);
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const ms = performance.now() - start;
  const cpu = (await cpuSeconds(portal.pid)) - cpuBefore;
  running = false;
  await sampler;
  return { ms, peakMb, baselineMb, healthP99: percentile(health, 99), cpu, bytes, health };
}

/** The order numbers of a downloaded orders workbook (first column, header row skipped). */
async function orderNumbers(bytes: Uint8Array, limit: number): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
  const numbers = new Set<string>();
  workbook.worksheets[0]?.eachRow((row, index) => {
    const value = row.getCell(1).text;
    if (index > 1 && value && numbers.size < limit) numbers.add(value);
  });
  return [...numbers];
}

async function importFile(orderNos: string[]): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Import");
  sheet.addRow(["订单号", "物流单号"]);
  for (const [index, orderNo] of orderNos.entries()) {
    sheet.addRow([orderNo, `BENCH${String(index).padStart(10, "0")}`]);
  }
  return new Blob([(await workbook.xlsx.writeBuffer()) as ArrayBuffer]);
}

/** Memory the download added to the portal's resident set at its peak (at least 1 MB). */
const growthOf = (download: Download) => Math.max(1, download.peakMb - download.baselineMb);

export async function xlsx(small: Portal, large: Portal, smallOrders: number): Promise<Row[]> {
  const smallCookie = await login(small.url, "admin@demo.test");
  const largeCookie = await login(large.url, "admin@demo.test");
  for (let turn = 0; turn < WARM_UPS; turn++) {
    await downloadAll(small, smallCookie);
    await downloadAll(large, largeCookie);
  }
  const fews: Download[] = [];
  const manys: Download[] = [];
  for (let turn = 0; turn < DOWNLOADS; turn++) {
    fews.push(await downloadAll(small, smallCookie));
    manys.push(await downloadAll(large, largeCookie));
  }
  const few = fews[0] as Download;
  const manyMs = manys.map((download) => download.ms / 1000);

  const orderNos = await orderNumbers(few.bytes, 10_000);
  const file = await importFile(orderNos);
  const form = new FormData();
  form.set("intent", "import");
  form.set("file", file, "import.xlsx");
  const start = performance.now();
  const importCpuBefore = await cpuSeconds(small.pid);
  const imported = await fetch(`${small.url}/order`, {
    method: "POST",
    headers: { cookie: smallCookie, origin: small.url },
    body: form,
  });
  const html = await imported.text();
  const importMs = performance.now() - start;
  const importCpu = (await cpuSeconds(small.pid)) - importCpuBefore;
  if (!imported.ok) throw new Error(`import answered ${imported.status}`);

  const growthFew = median(fews.map(growthOf));
  const growthMany = median(manys.map(growthOf));
  return [
    atMost(`xlsx download, every order (100,000), median of ${DOWNLOADS}`, median(manyMs), "s", 3),
    info("xlsx download, every order (100,000), the slowest", Math.max(...manyMs), "s"),
    info(
      "portal CPU time during the 100,000-order download (median)",
      median(manys.map((download) => download.cpu)),
      "s",
    ),
    info(
      `xlsx download, every order (${smallOrders.toLocaleString("en")}), median`,
      median(fews.map((download) => download.ms / 1000)),
      "s",
    ),
    atMost(
      "xlsx download memory growth, 100,000 vs 10,000 rows (medians)",
      growthMany / growthFew,
      "×",
      1.5,
    ),
    info("xlsx download peak memory growth (100,000 rows, median)", growthMany, "MB"),
    info("xlsx download peak memory growth (10,000 rows, median)", growthFew, "MB"),
    atMost(
      "/healthz p99 during the 100,000-order downloads",
      percentile(
        manys.flatMap((download) => download.health),
        99,
      ),
      "ms",
      100,
    ),
    atMost(
      `xlsx import of ${orderNos.length.toLocaleString("en")} rows, end to end`,
      importMs / 1000,
      "s",
      1.5,
    ),
    info(`portal CPU time during the import`, importCpu, "s"),
    info(
      "xlsx import answered a report",
      html.includes('data-testid="import-report"') ? 1 : 0,
      "yes=1",
    ),
  ];
}
