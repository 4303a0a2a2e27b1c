/**
 * How the fake backend's order list grows with the data: the filtered, paged
 * list with its total and amount sum, in-process (no HTTP), at 1,000 and at
 * 100,000 orders.
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

async function listMs(orders: number): Promise<number> {
  const pallets = Math.max(1, Math.round(orders / 25));
  await resetMockDb({ orders, pallets, services: Math.max(1, Math.round(pallets / 10)) });
  const { token } = (await call("/account/login", undefined, {
    username: "admin@demo.test",
    password: PASSWORD,
  })) as { token: string };
  const times: number[] = [];
  for (let run = 0; run < 30; run++) {
    const start = performance.now();
    await call(
      `/cba/order?consignee=${encodeURIComponent("张")}&cbaStatus=4&current=2&pageSize=10`,
      token,
    );
    times.push(performance.now() - start);
  }
  return median(times.slice(5));
}

export async function growth(): Promise<Row[]> {
  process.env.MOCK_API_QUIET = "1";
  const small = await listMs(1_000);
  const large = await listMs(100_000);
  await resetMockDb({ orders: 1, pallets: 1, services: 1 });
  return [
    info("order list (filtered, paged, total, sum) at 1,000 orders", small, "ms"),
    atMost("order list (filtered, paged, total, sum) at 100,000 orders", large, "ms", 5),
    atMost("order list growth, 100,000 vs 1,000 orders", large / small, "×", 3),
  ];
}
