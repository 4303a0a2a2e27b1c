/**
 * Benchmark of the fake backend at scale: seeds 100,000 orders (override with
 * BENCH_ORDERS) and times typical calls in-process through
 * handleMockApiRequest. Run with `npm run bench:backend`.
 * Prints a table; also writes bench/results/latest.json (not committed).
 */
import { mkdir, writeFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import { handleMockApiRequest, resetMockDb } from "../mocks/api.ts";

process.env.MOCK_API_QUIET = "1";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PALLETS = Math.max(1, Math.round(ORDERS / 100));
const SERVICES = Math.max(1, Math.round(PALLETS / 10));
const BASE = "http://bench.local/api/v1";

interface Result {
  call: string;
  runs: number;
  medianMs: number;
  maxMs: number;
  note: string;
}
const results: Result[] = [];

async function call(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Response> {
  const headers = new Headers({ "user-agent": "bench", "accept-language": "zh-CN" });
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.body);
  }
  return handleMockApiRequest(
    new Request(BASE + path, { method: init.method ?? "GET", headers, body }),
  );
}

async function json<T>(path: string, init: Parameters<typeof call>[1] = {}): Promise<T> {
  const answer = (await (await call(path, init)).json()) as { code: number; data: T };
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${String(answer.data)}`);
  return answer.data;
}

async function measure(
  name: string,
  runs: number,
  task: (run: number) => Promise<string | undefined>,
) {
  const times: number[] = [];
  let note = "";
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    note = (await task(run)) ?? note;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const result = {
    call: name,
    runs,
    medianMs: Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(1)),
    maxMs: Number((times[times.length - 1] ?? 0).toFixed(1)),
    note,
  };
  results.push(result);
  console.info(`  ${name}: median ${result.medianMs} ms`);
}

type OrderList = {
  list: { orderNo: string; salverNo: string; cbaStatus: number }[];
  pagination: { total: number };
  amountTotal: number;
};

console.info(`Seeding ${ORDERS} orders, ${PALLETS} pallets, ${SERVICES} services…`);
const seedStart = performance.now();
await resetMockDb({ orders: ORDERS, pallets: PALLETS, services: SERVICES });
const seedMs = performance.now() - seedStart;
const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
results.push({
  call: "seed",
  runs: 1,
  medianMs: Number(seedMs.toFixed(0)),
  maxMs: Number(seedMs.toFixed(0)),
  note: `heap ${heapMb.toFixed(0)} MB`,
});

const { token } = await json<{ token: string }>("/account/login", {
  method: "POST",
  body: { username: "manager@demo.test", password: "Demo1234!" },
});

await measure("GET /cba/order page 1 (no filter, totals)", 20, async () => {
  const data = await json<OrderList>("/cba/order?current=1&pageSize=10", { token });
  return `total ${data.pagination.total}`;
});
await measure("GET /cba/order filtered (consignee, status) + totals", 20, async () => {
  const data = await json<OrderList>(
    `/cba/order?consignee=${encodeURIComponent("张")}&cbaStatus=4&current=3&pageSize=50`,
    { token },
  );
  return `total ${data.pagination.total}`;
});
await measure("GET /cba/order pageSize 1000", 10, async () => {
  const data = await json<OrderList>("/cba/order?current=2&pageSize=1000", { token });
  return `${data.list.length} rows`;
});
const all = await json<OrderList>("/cba/order?pageSize=1000", { token });
const sampleNos = all.list.map((order) => order.orderNo);
await measure("GET /cba/order lookup by order number", 20, async (run) => {
  const data = await json<OrderList>(`/cba/order?orderNo=${sampleNos[run % sampleNos.length]}`, {
    token,
  });
  return `${data.pagination.total} match`;
});
await measure("GET /cba/service (derived status)", 20, async () => {
  await json("/cba/service?pageSize=100", { token });
  return undefined;
});

const initial = await json<OrderList>("/cba/order?cbaStatus=1&pageSize=1000", { token });
const pallets = [...new Set(initial.list.map((order) => order.salverNo))];
await measure(
  "PUT /cba/salver-warehousing (stock in a pallet)",
  Math.min(5, pallets.length),
  async (run) => {
    const data = await json<{ changed: unknown[] }>("/cba/salver-warehousing", {
      method: "PUT",
      token,
      body: { salverNoOrOrderNo: pallets[run] },
    });
    return `${data.changed.length} orders moved`;
  },
);
const stocked = await json<OrderList>("/cba/order?cbaStatus=4&pageSize=1000", { token });
await measure("PUT /cba/order-warehousing (one order out)", 10, async (run) => {
  await json("/cba/order-warehousing", {
    method: "PUT",
    token,
    body: { salverNoOrOrderNo: stocked.list[run]?.orderNo, direction: "out" },
  });
  return undefined;
});
await measure("PUT /cba/order detain 100 orders", 3, async (run) => {
  const batch = stocked.list.slice(100 + run * 100, 200 + run * 100).map((order) => order.orderNo);
  const data = await json<{ updated: number }>("/cba/order", {
    method: "PUT",
    token,
    body: { orderNoList: batch, cbaStatus: 2, reasonForDetention: "待查验" },
  });
  return `${data.updated} orders`;
});

type AuditPage = { list: { id: string; orderCount: number }[]; pagination: { total: number } };
// The first call builds the audit log from every order's history; later ones read it.
await measure("GET /cba/audit page 1 (first: builds the log)", 1, async () => {
  const data = await json<AuditPage>("/cba/audit?current=1&pageSize=10", { token });
  return `${data.pagination.total} operations`;
});
await measure("GET /cba/audit filtered (operation, person, days)", 20, async () => {
  const data = await json<AuditPage>(
    "/cba/audit?action=detain&actor=manager%40demo.test&startTime=0&current=1&pageSize=50",
    { token },
  );
  return `${data.pagination.total} operations, newest of ${data.list[0]?.orderCount} orders`;
});
await measure("GET /cba/audit by order number", 20, async (run) => {
  const data = await json<AuditPage>(`/cba/audit?orderNo=${sampleNos[run % sampleNos.length]}`, {
    token,
  });
  return `${data.pagination.total} operations`;
});

const tenThousand: string[] = [];
for (let page = 1; tenThousand.length < 10_000; page++) {
  const data = await json<OrderList>(`/cba/order?pageSize=1000&current=${page}`, { token });
  if (data.list.length === 0) break;
  tenThousand.push(...data.list.map((order) => order.orderNo));
}
await measure("POST /cba/down-order 10k orders (streamed xlsx)", 3, async () => {
  const response = await call("/cba/down-order", {
    method: "POST",
    token,
    body: { orderNoList: tenThousand },
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
});
await measure("POST /cba/down-order-logistics 10k orders", 3, async () => {
  const response = await call("/cba/down-order-logistics", {
    method: "POST",
    token,
    body: { orderNoList: tenThousand },
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  return `${(bytes / 1024).toFixed(0)} KB`;
});

const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet("Import");
sheet.addRow(["订单号", "物流单号"]);
for (const [index, orderNo] of tenThousand.slice(0, 1000).entries()) {
  sheet.addRow([orderNo, `BENCH${String(index).padStart(10, "0")}`]);
}
const file = new Blob([(await workbook.xlsx.writeBuffer()) as ArrayBuffer]);
await measure("POST /cba/order-import 1000 rows", 2, async () => {
  const form = new FormData();
  form.set("file", file, "import.xlsx");
  const data = await json<{ applied: number }>("/cba/order-import", {
    method: "POST",
    token,
    body: form,
  });
  return `${data.applied} applied`;
});

const heapAfterMb = process.memoryUsage().heapUsed / 1024 / 1024;
console.info(
  `\nFake backend at ${ORDERS} orders (heap after the run: ${heapAfterMb.toFixed(0)} MB)\n`,
);
const header = ["call", "runs", "median ms", "max ms", "note"];
const rows = results.map((r) => [
  r.call,
  String(r.runs),
  String(r.medianMs),
  String(r.maxMs),
  r.note,
]);
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
);
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
console.info(line(header));
console.info(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
for (const row of rows) console.info(line(row));

await mkdir(new URL("./results/", import.meta.url), { recursive: true });
await writeFile(
  new URL("./results/latest.json", import.meta.url),
  `${JSON.stringify({ orders: ORDERS, pallets: PALLETS, services: SERVICES, results }, null, 2)}\n`,
);
