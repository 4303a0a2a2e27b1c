/**
 * The fake backend's data file (`MOCK_API_DATA_FILE`, mocks/data-file.ts),
 * measured on the standalone backend (`npm run mock-api`) over HTTP:
 *
 * - at 100,000 orders: the start from the file, one acknowledged change
 *   (a remark: its order and history rows journaled and flushed) with one
 *   writer and with eight, reads while they write, and a kill -9 in the
 *   middle of a burst (every acknowledged change back, none half applied);
 * - at 5,000 orders: how large the journal grows beside the base while
 *   eight writers run long enough for compactions.
 */
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  atLeast,
  atMost,
  type Backend,
  info,
  median,
  PASSWORD,
  percentile,
  type Row,
  startBackend,
} from "./lib.ts";
import { burst, burstElsewhere, call, remark, WRITERS } from "./store-writers.ts";

const LARGE = 100_000;
const SMALL = 5_000;
const BURST_MS = 10_000;
const READ_MS = 5_000;
/** Long enough at 5,000 orders for the journal to outgrow the base a few times. */
const GROWTH_MS = 30_000;

/** Starts the standalone backend with `file` as its data file. */
function startApi(orders: number, file: string): Promise<Backend> {
  return startBackend(orders, { MOCK_API_DATA_FILE: file }, 90_000);
}

async function signIn(api: Backend): Promise<string> {
  const { token } = await call<{ token: string }>(api, "/account/login", undefined, "POST", {
    username: "admin@demo.test",
    password: PASSWORD,
  });
  return token;
}

async function orderNumbers(api: Backend, token: string, count: number): Promise<string[]> {
  const numbers: string[] = [];
  for (let page = 1; numbers.length < count; page++) {
    const { list } = await call<{ list: { orderNo: string }[] }>(
      api,
      `/cba/order?pageSize=500&current=${page}`,
      token,
    );
    if (list.length === 0) break;
    numbers.push(...list.map((row) => row.orderNo));
  }
  return numbers.slice(0, count);
}

async function readMs(api: Backend, token: string): Promise<number> {
  const started = performance.now();
  await call(api, "/cba/order?pageSize=20&current=1", token);
  return performance.now() - started;
}

async function journalRatio(dir: string): Promise<{ journals: number; base: number }> {
  let journals = 0;
  let base = 0;
  for (const name of await readdir(dir)) {
    const size = await stat(join(dir, name))
      .then((found) => found.size)
      .catch(() => 0);
    if (/\.journal-\d+$/.test(name)) journals += size;
    else if (name === "store.data") base = size;
  }
  return { journals, base };
}

async function large(dir: string): Promise<Row[]> {
  const rows: Row[] = [];
  const file = join(dir, "store.data");
  console.info(`  seeding ${LARGE.toLocaleString("en")} orders into a data file…`);
  const seeding = await startApi(LARGE, file);
  rows.push(
    info("store: seed and first base written (100,000 orders)", seeding.startMs / 1000, "s"),
  );
  await seeding.stop();

  let api = await startApi(LARGE, file);
  rows.push(
    atMost("store: /health answers from a 100,000-order data file", api.startMs / 1000, "s", 5),
  );
  try {
    const token = await signIn(api);
    const orders = await orderNumbers(api, token, 4_000);
    for (let i = 0; i < 20; i++) await readMs(api, token);

    const single: number[] = [];
    for (let i = 0; i < 400; i++)
      single.push(await remark(api, token, [orders[i] as string], `one ${i}`));
    rows.push(
      atMost(
        "store: acknowledged change, one writer, p50 (100,000 orders)",
        median(single),
        "ms",
        10,
      ),
      atMost(
        "store: acknowledged change, one writer, p99 (100,000 orders)",
        percentile(single, 99),
        "ms",
        50,
      ),
    );

    // Eight writers alone, then eight writers (in a thread of their own, as other clients) and a
    // reader: the targets are apart.
    const started = performance.now();
    const changes = await burst(api, token, orders, BURST_MS);
    const seconds = (performance.now() - started) / 1000;
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(await readMs(api, token));
    const during: number[] = [];
    let writing = true;
    const reader = (async () => {
      while (writing) during.push(await readMs(api, token));
    })();
    await burstElsewhere({ api: { api: api.api }, token, orders, ms: READ_MS });
    writing = false;
    await reader;
    rows.push(
      atLeast(
        "store: acknowledged changes a second, eight writers (100,000 orders)",
        changes / seconds,
        "/s",
        300,
      ),
      info("store: order list read, idle, p50", median(idle), "ms"),
      info("store: order list read during eight writers, p50", median(during), "ms"),
      atMost(
        "store: reads during writes ÷ idle reads (p50)",
        median(during) / median(idle),
        "×",
        2,
      ),
      info(
        "store: reads during writes ÷ idle reads (p90)",
        percentile(during, 90) / percentile(idle, 90),
        "×",
      ),
    );

    // kill -9 in the middle of a burst: every acknowledged change is there after the restart.
    const pairs = Array.from({ length: 400 }, (_, i) => [
      orders[2 * i] as string,
      orders[2 * i + 1] as string,
    ]);
    const acknowledged = new Map<number, number>();
    let stopped = false;
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let round = 0; !stopped; round++) {
        const pair = writer * 50 + (round % 50);
        try {
          await remark(api, token, pairs[pair] as string[], `kill ${writer} ${round}`);
          acknowledged.set(pair, round);
        } catch {
          return;
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const killed = api.stop("SIGKILL");
    stopped = true;
    await killed;
    await Promise.all(writers);
    api = await startApi(LARGE, file);
    rows.push(info("store: restart after kill -9 (100,000 orders)", api.startMs / 1000, "s"));
    const remarks = new Map<string, string>();
    const { list } = await call<{ list: { orderNo: string; reasonForDetention: string }[] }>(
      api,
      `/cba/order?pageSize=1000&current=1`,
      token,
    );
    for (const row of list) remarks.set(row.orderNo, row.reasonForDetention);
    let missing = 0;
    let halves = 0;
    for (const [pair, round] of acknowledged) {
      const [first, second] = pairs[pair] as [string, string];
      const text = remarks.get(first) ?? (await orderRemark(api, token, first));
      const other = remarks.get(second) ?? (await orderRemark(api, token, second));
      if (text !== other) halves += 1;
      const [, writer, now] = /^kill (\d+) (\d+)$/.exec(text) ?? [];
      if (Number(writer) !== Math.floor(pair / 50) || Number(now) < round) missing += 1;
    }
    rows.push(
      info(
        "store: acknowledged changes checked after kill -9 (100,000 orders)",
        acknowledged.size,
        "",
      ),
      atMost("store: acknowledged changes lost after kill -9 (100,000 orders)", missing, "", 0),
      atMost("store: changes half applied after kill -9 (100,000 orders)", halves, "", 0),
    );
  } finally {
    await api.stop();
  }
  return rows;
}

async function orderRemark(api: Backend, token: string, orderNo: string): Promise<string> {
  const { list } = await call<{ list: { reasonForDetention: string }[] }>(
    api,
    `/cba/order?orderNo=${orderNo}&pageSize=1&current=1`,
    token,
  );
  return list[0]?.reasonForDetention ?? "";
}

async function growth(dir: string): Promise<Row[]> {
  const file = join(dir, "store.data");
  const api = await startApi(SMALL, file);
  try {
    const token = await signIn(api);
    const orders = await orderNumbers(api, token, SMALL);
    let worst = 0;
    let sampling = true;
    const generations = new Set<string>();
    const sampler = (async () => {
      while (sampling) {
        const { journals, base } = await journalRatio(dir);
        if (base > 0) worst = Math.max(worst, journals / base);
        for (const name of await readdir(dir))
          if (name.includes(".journal-")) generations.add(name);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const changes = await burst(api, token, orders, GROWTH_MS);
    sampling = false;
    await sampler;
    return [
      info("store: changes while the journal grew (5,000 orders)", changes, ""),
      info("store: compactions (5,000 orders)", generations.size - 1, ""),
      atMost("store: largest journal ÷ base (5,000 orders)", worst, "×", 2),
    ];
  } finally {
    await api.stop();
  }
}

export async function store(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), "bench-store-"));
  const smallDir = await mkdtemp(join(tmpdir(), "bench-store-small-"));
  try {
    return [...(await large(dir)), ...(await growth(smallDir))];
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(smallDir, { recursive: true, force: true });
  }
}
