/**
 * Server rendering of the order list under load, in two arrangements, each
 * measured against the floor (bench/floor: React Router alone drawing a
 * copy of the same page, the least any page of this markup costs here) in
 * the same run, so every target is a ratio of two figures of one run:
 *
 * - **as deployed**: the portal with `API_BASE_URL` pointing at the fake
 *   backend in a process of its own (`npm run mock-api`); the targets;
 * - **demo mode**: the fake backend inside the portal's process, for the
 *   record beside it.
 *
 * A bare node:http server answering the page as a static string is kept as
 * information: its rate says more about the string than about the portal
 * (docs/performance.md, "The portal as deployed").
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { type DeployedPortal, startDeployedPortal } from "./deployed.ts";
import { FLOOR_LABEL, startFloor } from "./floor/index.ts";
import { atLeast, atMost, info, login, median, type Portal, type Row, takePort } from "./lib.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/**
 * `/order/` (page 1, 10 rows, 100,000 orders, demo mode) measured on 25
 * November 2026 before its rows' details and repeated cell styles left the
 * page: the base of the HTML rows' target.
 */
const ORDER_HTML_BEFORE = { raw: 62_111, gzip: 13_404 };
/** How much smaller the page's HTML must be than ORDER_HTML_BEFORE. */
const HTML_CUT_PERCENT = 40;

async function load(url: string, connections: number, cookie = "", seconds = SECONDS) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: cookie ? { cookie } : {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failures: result.errors + result.timeouts + result.non2xx,
    detail: `${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx${
      Object.keys(result.statusCodeStats ?? {}).length > 0
        ? ` (status ${Object.keys(result.statusCodeStats ?? {}).join(", ")})`
        : ""
    }`,
  };
}
type Load = Awaited<ReturnType<typeof load>>;

async function staticTwin(html: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

async function singleRequestMs(url: string, cookie = "", runs = 40): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs + 5; run++) {
    const start = performance.now();
    const answer = await fetch(url, { headers: { cookie } });
    await answer.arrayBuffer();
    if (run >= 5) times.push(performance.now() - start);
  }
  return median(times);
}

/**
 * The machine is shared: a neighbour's work lands on whichever server is
 * loaded at that moment. So the servers are loaded in turns, a few seconds
 * each, and each figure is taken over its turns: a ratio then compares
 * figures taken side by side.
 */
const ROUNDS = 3;

interface Target {
  order: string;
  explain: string;
  cookie: string;
}

/** What one server measured, in turns with the others. */
interface Measured {
  rps: number;
  p50: number;
  p99: number;
  orderMs: number;
  explainMs: number;
}

/**
 * Requests each server answers before any is measured. A server's first few
 * hundred pages cost more (V8 still compiling and optimising, the caches
 * filling): the portal's first 600 cost about 60 % more CPU than later ones,
 * the floor's in the same proportion. Without a warm-up the first turn caught
 * the floor warm after a second or two and the portal still cold; deployed,
 * every replica serves warm (docs/performance.md, "Servers measured warm").
 */
const WARM_UP_REQUESTS = 1_000;

async function warmUp(target: Target) {
  for (const url of [target.order, target.explain]) {
    await autocannon({
      url,
      connections: 10,
      amount: WARM_UP_REQUESTS,
      headers: target.cookie ? { cookie: target.cookie } : {},
    });
  }
}

async function inTurns(targets: Target[]): Promise<Measured[]> {
  for (const target of targets) await warmUp(target);
  const seconds = Math.max(1, Math.round(SECONDS / ROUNDS));
  const loads: Load[][] = targets.map(() => []);
  const order: number[][] = targets.map(() => []);
  const explain: number[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) {
      loads[index]?.push(await load(target.order, 10, target.cookie, seconds));
      order[index]?.push(await singleRequestMs(target.order, target.cookie, 15));
      explain[index]?.push(await singleRequestMs(target.explain, target.cookie, 15));
    }
  }
  return targets.map((_target, index) => {
    const turns = loads[index] ?? [];
    return {
      rps: turns.reduce((sum, turn) => sum + turn.rps, 0) / turns.length,
      p50: median(turns.map((turn) => turn.p50)),
      p99: median(turns.map((turn) => turn.p99)),
      orderMs: median(order[index] ?? []),
      explainMs: median(explain[index] ?? []),
    };
  });
}

/** The HTML rows: bytes as sent before compression, and gzipped (level 6), against the base. */
function htmlRows(html: string): Row[] {
  const raw = Buffer.byteLength(html);
  const gzip = gzipSync(html).byteLength;
  const cut = (now: number, before: number) => (1 - now / before) * 100;
  const base = (bytes: number) => `${bytes.toLocaleString("en")} B on 25 Nov.`;
  return [
    info("/order/ HTML, raw", raw / 1024, "KB"),
    info("/order/ HTML, gzip", gzip / 1024, "KB"),
    atLeast(
      `/order/ HTML raw, % smaller than before (${base(ORDER_HTML_BEFORE.raw)})`,
      cut(raw, ORDER_HTML_BEFORE.raw),
      "%",
      HTML_CUT_PERCENT,
    ),
    atLeast(
      `/order/ HTML gzip, % smaller than before (${base(ORDER_HTML_BEFORE.gzip)})`,
      cut(gzip, ORDER_HTML_BEFORE.gzip),
      "%",
      HTML_CUT_PERCENT,
    ),
  ];
}

export async function ssr(demo: Portal, orders: number): Promise<Row[]> {
  const label = `${orders.toLocaleString("en")} orders`;
  const demoCookie = await login(demo.url, "admin@demo.test");
  const demoHtml = await (
    await fetch(`${demo.url}/order/`, { headers: { cookie: demoCookie } })
  ).text();

  let deployed: DeployedPortal | undefined;
  try {
    deployed = await startDeployedPortal(orders, takePort());
    const cookie = await deployed.login("admin@demo.test");
    const page = (path: string) =>
      fetch(`${deployed?.url}${path}`, { headers: { cookie } }).then((answer) => answer.text());
    const html = await page("/order/");
    const startMs = deployed.startMs;
    const copy = await startFloor({ order: html, explain: await page("/explain/") });
    let measured: Measured[];
    let oneElementMs: number;
    try {
      measured = await inTurns([
        { order: `${copy.url}/markup/order`, explain: `${copy.url}/markup/explain`, cookie: "" },
        { order: `${deployed.url}/order/`, explain: `${deployed.url}/explain/`, cookie },
        { order: `${demo.url}/order/`, explain: `${demo.url}/explain/`, cookie: demoCookie },
      ]);
      oneElementMs = await singleRequestMs(`${copy.url}/`);
    } finally {
      await copy.stop();
    }
    const [floor, real, inDemo] = measured as [Measured, Measured, Measured];
    // Past saturation, one server at a time.
    const realBusy = await load(`${deployed.url}/order/`, 50, cookie);
    await deployed.stop();
    deployed = undefined;
    const demoBusy = await load(`${demo.url}/order/`, 50, demoCookie);
    const twin = await staticTwin(html);
    const bare = await load(twin.url, 10).finally(() => twin.close());

    const ofFloor = (value: number, floorValue: number) => (value / floorValue) * 100;
    const times = (value: number, floorValue: number) => value / floorValue;
    return [
      info(`deployed: the portal answers /healthz (its backend: ${label})`, startMs / 1000, "s"),
      atLeast(
        `deployed: /order/ req/s as % of the floor's (${label}, 10 conn.)`,
        ofFloor(real.rps, floor.rps),
        "%",
        50,
      ),
      atMost(
        "deployed: /order/ p50 at 10 conn., × the floor's",
        times(real.p50, floor.p50),
        "×",
        2,
      ),
      atMost(
        "deployed: /order/ p99 at 10 conn., × the floor's",
        times(real.p99, floor.p99),
        "×",
        2,
      ),
      atMost("deployed: /order/ failed requests (50 conn.)", realBusy.failures, "requests", 0),
      ...(realBusy.failures > 0
        ? [info(`deployed: failures at 50 conn.: ${realBusy.detail}`, realBusy.failures, "")]
        : []),
      atMost(
        "deployed: /order/ one request, × the floor's",
        times(real.orderMs, floor.orderMs),
        "×",
        1.3,
      ),
      info(
        "deployed: /explain/ one request, × the floor's",
        times(real.explainMs, floor.explainMs),
        "×",
      ),
      info("deployed: /order/ req/s (10 conn.)", real.rps, "req/s"),
      info("deployed: /order/ p50 (10 conn.)", real.p50, "ms"),
      info("deployed: /order/ p99 (10 conn.)", real.p99, "ms"),
      info("deployed: /order/ one request", real.orderMs, "ms"),
      // The slowest are the first answers of the last connections accepted
      // (docs/performance.md, "The 50-connection tail, explained").
      info("deployed: /order/ p99 (50 conn.)", realBusy.p99, "ms"),

      info(
        `demo mode: /order/ req/s as % of the floor's (${label}, 10 conn.)`,
        ofFloor(inDemo.rps, floor.rps),
        "%",
      ),
      info("demo mode: /order/ p50 at 10 conn., × the floor's", times(inDemo.p50, floor.p50), "×"),
      info("demo mode: /order/ p99 at 10 conn., × the floor's", times(inDemo.p99, floor.p99), "×"),
      atMost("demo mode: /order/ failed requests (50 conn.)", demoBusy.failures, "requests", 0),
      ...(demoBusy.failures > 0
        ? [info(`demo mode: failures at 50 conn.: ${demoBusy.detail}`, demoBusy.failures, "")]
        : []),
      info(
        "demo mode: /order/ one request, × the floor's",
        times(inDemo.orderMs, floor.orderMs),
        "×",
      ),
      info("demo mode: /order/ one request", inDemo.orderMs, "ms"),
      info("demo mode: /explain/ one request", inDemo.explainMs, "ms"),
      info("demo mode: /order/ p99 (50 conn.)", demoBusy.p99, "ms"),

      info(`${FLOOR_LABEL} /order/ markup, req/s (10 conn.)`, floor.rps, "req/s"),
      info(`${FLOOR_LABEL} /order/ markup, p50 (10 conn.)`, floor.p50, "ms"),
      info(`${FLOOR_LABEL} /order/ markup, p99 (10 conn.)`, floor.p99, "ms"),
      info(`${FLOOR_LABEL} /order/ markup, one request`, floor.orderMs, "ms"),
      info(`${FLOOR_LABEL} /explain/ markup, one request`, floor.explainMs, "ms"),
      info(`${FLOOR_LABEL} a page of one element, one request`, oneElementMs, "ms"),
      info("static server answering /order/'s HTML, req/s (10 conn.)", bare.rps, "req/s"),
      ...htmlRows(demoHtml),
    ];
  } finally {
    await deployed?.stop();
  }
}
