/**
 * `npm run mock-api` with MOCK_API_DATA_FILE: changes survive a restart, an
 * answer means the change is on disk (even when the process is killed in the
 * middle of a burst of writes), a journal cut short by a crash is cut at its
 * last whole record, and damage anywhere else stops the start.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { frame, JOURNAL_MAGIC } from "../../mocks/store-format.ts";
import { type Child, freePort, startMockApi, stop, waitForOutput } from "./processes.ts";

// Each test starts and stops the fake backend on 5,000 orders: slow beside other suites.
vi.setConfig({ testTimeout: 60_000 });

const PASSWORD = "Demo1234!";
const FILE_NAME = "mock-api.data";

/** The default seed: the kill test runs at the data size of the demo. */
const SEED = { SEED_SERVICES: "20", SEED_PALLETS: "200", SEED_ORDERS: "5000" };

/**
 * A data file of a test's own, in a folder of its own, and the backend
 * started on it. Every test works on its own copy, so none depends on what
 * another test did to the files or the process, whatever their order.
 */
interface Backend {
  dir: string;
  file: string;
  port: number;
  api?: Child;
}

const opened: Backend[] = [];

async function newBackend(): Promise<Backend> {
  const dir = await mkdtemp(join(tmpdir(), "mock-api-data-"));
  const backend: Backend = { dir, file: join(dir, FILE_NAME), port: 0 };
  opened.push(backend);
  return backend;
}

/** The seeded data file with a manager signed in, written once for the tests that start from it. */
let seeded: { dir: string; token: string };

/** A copy of the seeded data file, its journals beside it. */
async function copyOfSeeded(): Promise<Backend> {
  const backend = await newBackend();
  await cp(seeded.dir, backend.dir, { recursive: true });
  return backend;
}

async function startApi(backend: Backend): Promise<Child> {
  // A port found free now, not the last start's: while the backend was down,
  // a test file beside this one may have taken that port.
  backend.port = await freePort();
  backend.api = startMockApi(backend.port, { ...SEED, MOCK_API_DATA_FILE: backend.file });
  await waitForOutput(backend.api, "listening on");
  return backend.api;
}

/** Starts the backend on the file as it is and expects it to refuse, saying so. */
async function refusedStart(backend: Backend): Promise<string> {
  const child = startMockApi(await freePort(), { ...SEED, MOCK_API_DATA_FILE: backend.file });
  expect(await child.exited).toBe(1);
  return child.output();
}

interface Envelope<T = unknown> {
  code: number;
  data: T;
  msg: string;
}

async function call<T = unknown>(
  backend: Backend,
  path: string,
  options: { method?: string; token?: string; body?: unknown; mailbox?: string } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {
    "x-demo-mailbox": options.mailbox ?? "durability-mailbox-1",
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`http://127.0.0.1:${backend.port}/api/v1${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return (await response.json()) as Envelope<T>;
}

async function newestJournal(backend: Backend): Promise<string> {
  const journals = (await readdir(backend.dir)).filter((name) => /\.journal-\d+$/.test(name));
  const newest = journals.sort((a, b) => Number(a.split("-").at(-1)) - Number(b.split("-").at(-1)));
  return join(backend.dir, newest.at(-1) ?? "none");
}

async function login(backend: Backend, username: string, password = PASSWORD): Promise<string> {
  const answer = await call<{ token: string }>(backend, "/account/login", {
    method: "POST",
    body: { username, password },
  });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.token;
}

async function remarksOf(backend: Backend, token: string): Promise<Map<string, string>> {
  const answer = await call<{ list: { orderNo: string; reasonForDetention: string }[] }>(
    backend,
    "/cba/order?pageSize=100&pageNum=1",
    { token },
  );
  expect(answer.code, answer.msg).toBe(200);
  return new Map(answer.data.list.map((row) => [row.orderNo, row.reasonForDetention]));
}

/** Sets a remark on the first `count` orders of the page, one call each: records in the journal. */
async function writeRemarks(backend: Backend, token: string, count: number, text: string) {
  const orderNos = [...(await remarksOf(backend, token)).keys()].slice(0, count);
  for (const orderNo of orderNos) {
    const answer = await call(backend, "/cba/order-remarks", {
      method: "PUT",
      token,
      body: { orderNoList: [orderNo], reasonForDetention: `${text} ${orderNo}` },
    });
    expect(answer.code, answer.msg).toBe(200);
  }
}

beforeAll(async () => {
  const backend = await newBackend();
  await startApi(backend);
  const token = await login(backend, "manager@demo.test");
  await stop(backend.api as Child, "SIGTERM");
  seeded = { dir: backend.dir, token };
});

afterAll(async () => {
  for (const backend of opened) {
    if (backend.api) await stop(backend.api, "SIGKILL");
    await rm(backend.dir, { recursive: true, force: true });
  }
});

describe("the standalone fake backend with a data file", () => {
  it("keeps a sign-in, a remark and a new account across a restart (SIGTERM)", async () => {
    const backend = await newBackend();
    const newAccount = `durable-${Date.now()}@example.com`;
    const waiting = `waiting-${Date.now()}@example.com`;
    await startApi(backend);
    const token = await login(backend, "manager@demo.test");
    const [orderNo = ""] = (await remarksOf(backend, token)).keys();
    const remark = await call(backend, "/cba/order-remarks", {
      method: "PUT",
      token,
      body: { orderNoList: [orderNo], reasonForDetention: "kept across a restart" },
    });
    expect(remark.code, remark.msg).toBe(200);

    const code = await call<{ captcha_id: string }>(
      backend,
      `/account/captcha/email?scene=register&email=${encodeURIComponent(newAccount)}`,
    );
    expect(code.code, code.msg).toBe(200);
    const outbox = await call<{ text: string }[]>(
      backend,
      `/demo/outbox?to=${encodeURIComponent(newAccount)}`,
    );
    const digits = outbox.data[0]?.text.match(/\d{6}/)?.[0] ?? "";
    const registered = await call(backend, "/account/register/email", {
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
    const pending = await call(
      backend,
      `/account/captcha/email?scene=register&email=${encodeURIComponent(waiting)}`,
    );
    expect(pending.code, pending.msg).toBe(200);

    await stop(backend.api as Child, "SIGTERM");
    await startApi(backend);

    // The token still works: devices and tokens came back.
    expect((await remarksOf(backend, token)).get(orderNo)).toBe("kept across a restart");
    await login(backend, newAccount, "Bonded-2026");
    // The 60 s resend rule remembers the code sent before the restart (a code not used yet).
    const again = await call(
      backend,
      `/account/captcha/email?scene=register&email=${encodeURIComponent(waiting)}`,
    );
    expect(again.code).toBe(1000);
    // The mail is still in its mailbox.
    const mails = await call<unknown[]>(
      backend,
      `/demo/outbox?to=${encodeURIComponent(newAccount)}`,
    );
    expect(mails.data.length).toBeGreaterThan(0);
  });

  it("keeps every acknowledged change, and no half of one, when killed (SIGKILL) in a burst of writes", async () => {
    const backend = await copyOfSeeded();
    const { token } = seeded;
    await startApi(backend);
    const orderNos = [...(await remarksOf(backend, token)).keys()].slice(0, 80);
    const pairs = Array.from({ length: 40 }, (_, i) => [orderNos[2 * i], orderNos[2 * i + 1]]);
    const acknowledged = new Map<number, string>();
    let stopped = false;
    // Four writers, each setting one remark on both orders of its own ten pairs in turn until the process dies.
    const writers = [0, 1, 2, 3].map(async (writer) => {
      for (let round = 0; !stopped; round++) {
        const pair = writer * 10 + (round % 10);
        const text = `writer ${writer} round ${round}`;
        try {
          const answer = await call(backend, "/cba/order-remarks", {
            method: "PUT",
            token,
            body: { orderNoList: pairs[pair], reasonForDetention: text },
          });
          if (answer.code === 200) acknowledged.set(pair, text);
        } catch {
          return; // the connection died with the process
        }
      }
    });
    while (acknowledged.size < 40) await new Promise((resolve) => setTimeout(resolve, 5));
    (backend.api as Child).process.kill("SIGKILL");
    stopped = true;
    await (backend.api as Child).exited;
    await Promise.all(writers);

    await startApi(backend);
    const remarks = await remarksOf(backend, token);
    for (const [pair, text] of acknowledged) {
      const [first, second] = pairs[pair] as [string, string];
      // Both orders of a call, or neither: one remark for the pair.
      expect(remarks.get(second), `pair ${pair}`).toBe(remarks.get(first));
      // The acknowledged remark, or a later one of the same writer whose answer never arrived.
      const now = remarks.get(first) ?? "";
      const [, writer, round] = /writer (\d) round (\d+)/.exec(text) ?? [];
      expect(now, `order ${first}`).toMatch(new RegExp(`^writer ${writer} round \\d+$`));
      expect(Number(now.split(" round ")[1]), `order ${first}`).toBeGreaterThanOrEqual(
        Number(round),
      );
    }
    // No temporary file is left beside the data file.
    expect((await readdir(backend.dir)).filter((name) => name.includes(".tmp-"))).toEqual([]);
  });

  it("cuts a journal whose last record was cut short, says so, and keeps the whole records", async () => {
    const backend = await copyOfSeeded();
    const { token } = seeded;
    await startApi(backend);
    await writeRemarks(backend, token, 5, "before the crash");
    const before = await remarksOf(backend, token);
    await stop(backend.api as Child, "SIGKILL");
    const journal = await newestJournal(backend);
    const whole = await readFile(journal);
    const partial = frame(`"orders"\t"x"\t{"never":"acknowledged"}`);
    await writeFile(journal, Buffer.concat([whole, partial.subarray(0, partial.length - 5)]));

    const child = await startApi(backend);
    expect(child.output()).toMatch(/last record was cut short.*removed/);
    expect(await readFile(journal)).toEqual(whole);
    expect(await remarksOf(backend, token)).toEqual(before);
  });

  it("refuses to start on a journal damaged before its end, and leaves the files as they are", async () => {
    const backend = await copyOfSeeded();
    await startApi(backend);
    await writeRemarks(backend, seeded.token, 5, "before the damage");
    await stop(backend.api as Child, "SIGTERM");
    const journal = await newestJournal(backend);
    const whole = await readFile(journal);
    // The first entry record, after the magic line and the header record.
    const headerEnd = JOURNAL_MAGIC.length + 8 + whole.readUInt32BE(JOURNAL_MAGIC.length);
    expect(whole.length).toBeGreaterThan(headerEnd + 200);
    const damaged = Buffer.from(whole);
    damaged[headerEnd + 20] = (damaged[headerEnd + 20] ?? 0) ^ 0x20;
    await writeFile(journal, damaged);
    expect(await refusedStart(backend)).toMatch(
      /MOCK_API_DATA_FILE=.*damaged before its end.*did not start/s,
    );
    expect((await readFile(journal)).equals(damaged)).toBe(true);
  });

  it("refuses to start on a damaged or cut-short file, and leaves it as it is", async () => {
    const backend = await copyOfSeeded();
    const whole = await readFile(backend.file);
    for (const damaged of [whole.subarray(0, whole.length - 100), Buffer.from("{}")]) {
      await writeFile(backend.file, damaged);
      expect(await refusedStart(backend)).toMatch(/MOCK_API_DATA_FILE=.*did not start/);
      expect((await readFile(backend.file)).equals(damaged)).toBe(true);
    }
  });
});
