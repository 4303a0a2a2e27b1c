/**
 * `npm run mock-api` with MOCK_API_DATA_FILE: changes survive a restart, an
 * answer means the change is on disk (even when the process is killed in the
 * middle of writing), and a damaged file stops the start.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeDataFile } from "../../mocks/data-file.ts";
import { type Child, freePort, startMockApi, stop, waitForOutput } from "./processes.ts";

const PASSWORD = "Demo1234!";
let dir: string;
let file: string;
let port: number;
let api: Child | undefined;

async function startApi(): Promise<Child> {
  api = startMockApi(port, { MOCK_API_DATA_FILE: file });
  await waitForOutput(api, "listening on");
  return api;
}

interface Envelope<T = unknown> {
  code: number;
  data: T;
  msg: string;
}

async function call<T = unknown>(
  path: string,
  options: { method?: string; token?: string; body?: unknown; mailbox?: string } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {
    "x-demo-mailbox": options.mailbox ?? "durability-mailbox-1",
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return (await response.json()) as Envelope<T>;
}

async function login(username: string, password = PASSWORD): Promise<string> {
  const answer = await call<{ token: string }>("/account/login", {
    method: "POST",
    body: { username, password },
  });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.token;
}

async function remarksOf(token: string): Promise<Map<string, string>> {
  const answer = await call<{ list: { orderNo: string; reasonForDetention: string }[] }>(
    "/cba/order?pageSize=100&pageNum=1",
    { token },
  );
  expect(answer.code, answer.msg).toBe(200);
  return new Map(answer.data.list.map((row) => [row.orderNo, row.reasonForDetention]));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mock-api-data-"));
  file = join(dir, "mock-api.data");
  port = await freePort();
});

afterAll(async () => {
  if (api) await stop(api, "SIGKILL");
  await rm(dir, { recursive: true, force: true });
});

describe("the standalone fake backend with a data file", () => {
  let token: string;
  let orderNo: string;
  const newAccount = `durable-${Date.now()}@example.com`;

  it("keeps a sign-in, a remark and a new account across a restart (SIGTERM)", async () => {
    await startApi();
    token = await login("manager@demo.test");
    const [first] = (await remarksOf(token)).keys();
    orderNo = first ?? "";
    const remark = await call("/cba/order-remarks", {
      method: "PUT",
      token,
      body: { orderNoList: [orderNo], reasonForDetention: "kept across a restart" },
    });
    expect(remark.code, remark.msg).toBe(200);

    const code = await call<{ captcha_id: string }>(
      `/account/captcha/email?scene=register&email=${encodeURIComponent(newAccount)}`,
    );
    expect(code.code, code.msg).toBe(200);
    const outbox = await call<{ text: string }[]>(
      `/demo/outbox?to=${encodeURIComponent(newAccount)}`,
    );
    const digits = outbox.data[0]?.text.match(/\d{6}/)?.[0] ?? "";
    const registered = await call("/account/register/email", {
      method: "POST",
      body: {
        email: newAccount,
        username: newAccount,
        password: "Bonded-2026",
        checkPass: "Bonded-2026",
        captcha_id: code.data.captcha_id,
        captcha_code: digits,
      },
    });
    expect(registered.code, registered.msg).toBe(200);

    await stop(api as Child, "SIGTERM");
    await startApi();

    // The token still works: devices and tokens came back.
    expect((await remarksOf(token)).get(orderNo)).toBe("kept across a restart");
    await login(newAccount, "Bonded-2026");
    // The 60 s resend rule remembers the code sent before the restart.
    const again = await call(
      `/account/captcha/email?scene=forgot&email=${encodeURIComponent(newAccount)}`,
    );
    expect(again.code).toBe(1000);
    // The mail is still in its mailbox.
    const mails = await call<unknown[]>(`/demo/outbox?to=${encodeURIComponent(newAccount)}`);
    expect(mails.data.length).toBeGreaterThan(0);
  });

  it("keeps every acknowledged change when killed (SIGKILL) in the middle of a burst of writes", async () => {
    const orderNos = [...(await remarksOf(token)).keys()].slice(0, 40);
    const acknowledged = new Map<string, string>();
    let stopped = false;
    // Four writers, each setting the remarks of its own ten orders in turn until the process dies.
    const writers = [0, 1, 2, 3].map(async (writer) => {
      for (let round = 0; !stopped; round++) {
        const no = orderNos[writer * 10 + (round % 10)] as string;
        const text = `writer ${writer} round ${round}`;
        try {
          const answer = await call("/cba/order-remarks", {
            method: "PUT",
            token,
            body: { orderNoList: [no], reasonForDetention: text },
          });
          if (answer.code === 200) acknowledged.set(no, text);
        } catch {
          return; // the connection died with the process
        }
      }
    });
    // Once writes are landing, kill it while a snapshot is being written (its temporary file exists).
    while (acknowledged.size < 8) await new Promise((resolve) => setTimeout(resolve, 5));
    const writing = async () => (await readdir(dir)).some((name) => name.includes(".tmp-"));
    const deadline = Date.now() + 5000;
    while (!(await writing()) && Date.now() < deadline);
    (api as Child).process.kill("SIGKILL");
    stopped = true;
    await (api as Child).exited;
    await Promise.all(writers);
    console.info(`killed ${(await writing()) ? "with" : "without"} a snapshot half written`);

    // The data file is whole (header, length and checksum hold).
    decodeDataFile(await readFile(file));

    await startApi();
    const remarks = await remarksOf(token);
    for (const [no, text] of acknowledged) {
      // The acknowledged remark, or a later one of the same writer whose answer never arrived.
      const now = remarks.get(no) ?? "";
      const [, writer, round] = /writer (\d) round (\d+)/.exec(text) ?? [];
      expect(now, `order ${no}`).toMatch(new RegExp(`^writer ${writer} round \\d+$`));
      expect(Number(now.split(" round ")[1]), `order ${no}`).toBeGreaterThanOrEqual(Number(round));
    }
    // No temporary file is left beside the data file.
    expect((await readdir(dir)).filter((name) => name !== "mock-api.data")).toEqual([]);
  });

  it("refuses to start on a damaged or cut-short file, and leaves it as it is", async () => {
    await stop(api as Child, "SIGTERM");
    const whole = await readFile(file);
    for (const damaged of [whole.subarray(0, whole.length - 100), Buffer.from("{}")]) {
      await writeFile(file, damaged);
      const child = startMockApi(port, { MOCK_API_DATA_FILE: file });
      expect(await child.exited).toBe(1);
      expect(child.output()).toMatch(/MOCK_API_DATA_FILE=.*did not start/);
      expect((await readFile(file)).equals(damaged)).toBe(true);
    }
    await writeFile(file, whole);
  });
});
