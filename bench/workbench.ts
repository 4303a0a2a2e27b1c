/**
 * The workbench's figures (GET /cba/workbench) at 100,000 orders, in-process
 * (no HTTP): a company's and the platform's, and the first call after a
 * start, which builds the per-day counts from the orders' history
 * (mocks/workbench.ts). Calls after changes read the counts the changes
 * kept in step.
 */
import { handleMockApiRequest, resetMockDb } from "../mocks/api.ts";
import { atMost, info, median, PASSWORD, type Row } from "./lib.ts";

const BASE = "http://bench.local/api/v1";
const ORDERS = 100_000;
export const WORKBENCH_LIMIT_MS = 20;

async function call(path: string, token?: string, body?: unknown, method = "GET") {
  const headers = new Headers({ "user-agent": "bench", "accept-language": "zh-CN" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (body) headers.set("content-type", "application/json");
  const answer = await handleMockApiRequest(
    new Request(BASE + path, {
      method: body ? (method === "GET" ? "POST" : method) : method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
  const envelope = (await answer.json()) as { code: number; data: unknown };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code}`);
  return envelope.data;
}

async function signIn(username: string): Promise<string> {
  const { token } = (await call("/account/login", undefined, { username, password: PASSWORD })) as {
    token: string;
  };
  return token;
}

async function timed(task: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

async function medianOf(runs: number, task: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await timed(task));
  return median(times.slice(3));
}

export async function workbench(): Promise<Row[]> {
  process.env.MOCK_API_QUIET = "1";
  const pallets = Math.round(ORDERS / 100);
  await resetMockDb({ orders: ORDERS, pallets, services: Math.round(pallets / 10) });
  const manager = await signIn("manager@demo.test");
  const admin = await signIn("admin@demo.test");
  const first = await timed(() => call("/cba/workbench", manager));
  const company = await medianOf(23, () => call("/cba/workbench", manager));
  const platform = await medianOf(23, () => call("/cba/workbench", admin));
  // A change of the day, then the figures again: the counts follow it without a rebuild.
  const initial = (await call("/cba/order?cbaStatus=1&pageSize=50", manager)) as {
    list: { orderNo: string }[];
  };
  await call(
    "/cba/order",
    manager,
    {
      orderNoList: initial.list.map((order) => order.orderNo),
      cbaStatus: 2,
      reasonForDetention: "待查验",
    },
    "PUT",
  );
  const afterChange = await medianOf(13, () => call("/cba/workbench", manager));
  await resetMockDb({ orders: 1, pallets: 1, services: 1 });
  return [
    info("workbench first call at 100,000 orders (builds the per-day counts)", first, "ms"),
    atMost("workbench of a company at 100,000 orders", company, "ms", WORKBENCH_LIMIT_MS),
    atMost("workbench of the platform at 100,000 orders", platform, "ms", WORKBENCH_LIMIT_MS),
    atMost("workbench after a change, 100,000 orders", afterChange, "ms", WORKBENCH_LIMIT_MS),
  ];
}
