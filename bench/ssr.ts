/**
 * Server rendering of the order list under load, side by side with a bare
 * node:http server answering the same HTML as a static string (the ceiling
 * of this machine), so the figure is a ratio measured in the same run.
 * Plus single requests without concurrency, and the same figures for React
 * Router alone drawing copies of the same pages (bench/floor): the least
 * any page of this markup costs here, without a target of its own.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { FLOOR_LABEL, startFloor } from "./floor/index.ts";
import { atLeast, atMost, info, login, median, type Portal, type Row } from "./lib.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function load(url: string, connections: number, cookie = "") {
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
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

export async function ssr(portal: Portal, orders: number): Promise<Row[]> {
  const cookie = await login(portal.url, "admin@demo.test");
  const page = `${portal.url}/order/`;
  const html = await (await fetch(page, { headers: { cookie } })).text();
  const explainHtml = await (await fetch(`${portal.url}/explain/`, { headers: { cookie } })).text();
  const twin = await staticTwin(html);
  try {
    const bare = await load(twin.url, 10);
    const rendered = await load(page, 10, cookie);
    const busy = await load(page, 50, cookie);
    const label = `${orders.toLocaleString("en")} orders`;
    return [
      atLeast(
        `/order/ req/s as % of a static server (${label}, 10 conn.)`,
        (rendered.rps / bare.rps) * 100,
        "%",
        25,
      ),
      atMost(`/order/ latency p50 (10 conn.)`, rendered.p50, "ms", 10),
      atMost(`/order/ latency p99 (10 conn.)`, rendered.p99, "ms", 50),
      atMost(`/order/ failed requests (50 conn.)`, busy.failures, "requests", 0),
      // The slowest are the first answers of the last connections accepted
      // (docs/performance.md, "The 50-connection tail, explained").
      info(`/order/ latency p99 (50 conn.)`, busy.p99, "ms"),
      info(`/order/ slowest request (50 conn.)`, busy.max, "ms"),
      ...(busy.failures > 0
        ? [info(`/order/ failures at 50 conn.: ${busy.detail}`, busy.failures, "")]
        : []),
      atMost("/order/ one request, no concurrency", await singleRequestMs(page, cookie), "ms", 8),
      atMost(
        "/explain/ one request, no concurrency",
        await singleRequestMs(`${portal.url}/explain/`, cookie),
        "ms",
        3,
      ),
      info("/order/ HTML size", html.length / 1024, "KB"),
      ...(await floorRows(bare.rps, { order: html, explain: explainHtml })),
    ];
  } finally {
    twin.close();
  }
}

/** The same measures of React Router alone, against the same static server's rate. */
async function floorRows(staticRps: number, pages: Record<"order" | "explain", string>) {
  const floor = await startFloor(pages);
  try {
    const copy = await load(`${floor.url}/markup/order`, 10);
    return [
      info(
        `${FLOOR_LABEL} /order/ markup, req/s as % of the static server`,
        (copy.rps / staticRps) * 100,
        "%",
      ),
      info(`${FLOOR_LABEL} /order/ markup, latency p50 (10 conn.)`, copy.p50, "ms"),
      info(`${FLOOR_LABEL} /order/ markup, latency p99 (10 conn.)`, copy.p99, "ms"),
      info(
        `${FLOOR_LABEL} /order/ markup, one request`,
        await singleRequestMs(`${floor.url}/markup/order`),
        "ms",
      ),
      info(
        `${FLOOR_LABEL} /explain/ markup, one request`,
        await singleRequestMs(`${floor.url}/markup/explain`),
        "ms",
      ),
      info(
        `${FLOOR_LABEL} a page of one element, one request`,
        await singleRequestMs(`${floor.url}/`),
        "ms",
      ),
    ];
  } finally {
    await floor.stop();
  }
}
