/**
 * How the fake backend's order list grows with the data: the filtered, paged
 * list with its total and amount sum, in-process (no HTTP), at 1,000 and at
 * 100,000 orders.
 *
 * Like against like: the page asked for is full at both sizes (page 2 of the
 * orders whose consignee holds 张: some 30 of 1,000, some 3,300 of 100,000),
 * so the ratio is the data's growth, not a page of ten rows against an empty
 * one. The sizes are measured in turns (1,000, 100,000, 1,000, 100,000), each
 * turn after calls that are not counted, so neither size is the one measured
 * while the code is still being compiled (docs/performance.md, "The order
 * list's growth row, like against like").
 */
import { handleMockApiRequest, resetMockDb } from "../mocks/api.ts";
import { atMost, info, median, PASSWORD, type Row } from "./lib.ts";

const BASE = "http://bench.local/api/v1";

async function call(path: string, token?: string, body?: unknown) {
  const headers = new Headers({ "user-agent": "bench", "accept-language": "zh-CN" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (body) headers.set("content-type", "application/json");
  const answer = await handleMockApiRequest(
    new Request(BASE + path, {
      method: body ? "POST" : "GET",
      headers,
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
  const envelope = (await answer.json()) as { code: number; data: unknown };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code}`);
  return envelope.data;
}

const LIST = `/cba/order?consignee=${encodeURIComponent("张")}&current=2&pageSize=10`;
const UNCOUNTED = 500;
const COUNTED = 200;

/** Seeds `orders` orders and times the list, in ms, COUNTED times after UNCOUNTED calls. */
async function listTimes(orders: number): Promise<number[]> {
  const pallets = Math.max(1, Math.round(orders / 25));
  await resetMockDb({ orders, pallets, services: Math.max(1, Math.round(pallets / 10)) });
  const { token } = (await call("/account/login", undefined, {
    username: "admin@demo.test",
    password: PASSWORD,
  })) as { token: string };
  const times: number[] = [];
  for (let run = 0; run < UNCOUNTED + COUNTED; run++) {
    const start = performance.now();
    const { list } = (await call(LIST, token)) as { list: unknown[] };
    if (run >= UNCOUNTED) times.push(performance.now() - start);
    if (list.length !== 10) throw new Error(`${LIST} at ${orders} orders: ${list.length} rows`);
  }
  return times;
}

export async function growth(): Promise<Row[]> {
  process.env.MOCK_API_QUIET = "1";
  const smallTimes: number[] = [];
  const largeTimes: number[] = [];
  for (let turn = 0; turn < 2; turn++) {
    smallTimes.push(...(await listTimes(1_000)));
    largeTimes.push(...(await listTimes(100_000)));
  }
  const small = median(smallTimes);
  const large = median(largeTimes);
  await resetMockDb({ orders: 1, pallets: 1, services: 1 });
  return [
    info("order list (filtered, paged, total, sum) at 1,000 orders", small, "ms"),
    atMost("order list (filtered, paged, total, sum) at 100,000 orders", large, "ms", 5),
    atMost("order list growth, 100,000 vs 1,000 orders", large / small, "×", 3),
  ];
}
