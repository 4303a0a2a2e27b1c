/**
 * The writers of the data-file stage (bench/store.ts): one remark per
 * request, eight writers at once. Run in a worker thread while the main
 * thread reads, the writers' own answers do not queue behind the reader's in
 * one event loop, so the reads measure the backend, as another client would.
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

/** Where the backend answers: `…/api/v1`. */
export interface Api {
  api: string;
}

export const WRITERS = 8;

export async function call<T>(
  api: Api,
  path: string,
  token?: string,
  method = "GET",
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { "x-demo-mailbox": "bench-store-mailbox-01" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const answer = await fetch(api.api + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { code: number; data: T; msg: string };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** One change: the same remark on `orderNos` (all of them or none), its time in ms. */
export async function remark(
  api: Api,
  token: string,
  orderNos: string[],
  text: string,
): Promise<number> {
  const started = performance.now();
  await call(api, "/cba/order-remarks", token, "PUT", {
    orderNoList: orderNos,
    reasonForDetention: text,
  });
  return performance.now() - started;
}

/** Eight writers, each on its own orders, for `ms`: the changes acknowledged. */
export async function burst(
  api: Api,
  token: string,
  orders: string[],
  ms: number,
  onAcknowledged: (writer: number, round: number) => void = () => {},
): Promise<number> {
  const until = Date.now() + ms;
  const share = Math.floor(orders.length / WRITERS);
  let changes = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let round = 0; Date.now() < until; round++) {
        const at = writer * share + (round % share);
        await remark(api, token, [orders[at] as string], `writer ${writer} round ${round}`);
        changes += 1;
        onAcknowledged(writer, round);
      }
    }),
  );
  return changes;
}

interface BurstJob {
  api: Api;
  token: string;
  orders: string[];
  ms: number;
}

/** `burst` in a worker thread of its own: the changes acknowledged. */
export function burstElsewhere(job: BurstJob): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once("message", (changes: number) => resolve(changes));
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the writers stopped with ${code}`));
    });
  });
}

if (!isMainThread && parentPort) {
  const job = workerData as BurstJob;
  const port = parentPort;
  burst(job.api, job.token, job.orders, job.ms).then((changes) => port.postMessage(changes));
}
