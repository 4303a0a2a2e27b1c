import { constants } from "node:fs";
import { mkdtemp, readdir, readFile, readlink, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handleMockApiRequest } from "../../mocks/api.ts";
import {
  DataFileError,
  type DurableStore,
  databaseOf,
  entriesOf,
  keptValues,
  openDurableStore,
} from "../../mocks/data-file.ts";
import { encodeDataFile, snapshotDb } from "../../mocks/data-file-v1.ts";
import { createDb, type Db, DERIVED_KEYS } from "../../mocks/db.ts";
import { reseed } from "../../mocks/state.ts";
import { encodeBase, frame, readRecords } from "../../mocks/store-format.ts";
import { JournaledMap, Table } from "../../mocks/table.ts";
import { currentWorld } from "../../mocks/worlds.ts";

process.env.MOCK_API_QUIET = "1";

let dir: string;
let file: string;
let store: DurableStore | undefined;
const notes: string[] = [];
const log = (message: string) => notes.push(message);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "data-file-"));
  file = join(dir, "mock-api.data");
  notes.length = 0;
  await reseed({ services: 2, pallets: 4, orders: 30 });
});

afterEach(async () => {
  await store?.close();
  store = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function call<T = unknown>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ code: number; data: T; msg: string }> {
  const headers: Record<string, string> = { "x-demo-mailbox": "data-file-mailbox-1" };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`http://backend.test/api/v1${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  await store?.enter();
  let response: Response;
  try {
    response = await handleMockApiRequest(request);
  } finally {
    store?.leave();
  }
  await store?.commit();
  return (await response.json()) as { code: number; data: T; msg: string };
}

/** A sign-in, remarks, a detention and an image: rows of several tables, maps and the sequence. */
async function change(round: number): Promise<void> {
  const login = await call<{ token: string }>("/account/login", {
    method: "POST",
    body: { username: "admin@demo.test", password: "Demo1234!" },
  });
  const token = login.data.token;
  const orders = [...currentWorld().db.orders.values()].map((row) => row.orderNo);
  const remark = await call("/cba/order-remarks", {
    method: "PUT",
    token,
    body: { orderNoList: orders.slice(0, 3), reasonForDetention: `round ${round}` },
  });
  expect(remark.code, remark.msg).toBe(200);
  const code = await call(`/account/captcha/email?scene=register&email=new${round}%40example.com`);
  expect(code.code, code.msg).toBe(200);
}

function expectSameData(live: Db, restored: Db): void {
  for (const [key, value] of Object.entries(live)) {
    const back = (restored as unknown as Record<string, unknown>)[key];
    if (value instanceof Table) {
      expect([...(back as typeof value).values()], key).toEqual([...value.values()]);
    } else {
      expect(back, key).toEqual(value);
    }
  }
}

describe("the mock API's data file", () => {
  it("keeps every value of the database: tables, journaled maps and plain values, or derives it", () => {
    const kept = keptValues();
    for (const key of Object.keys(createDb())) {
      expect(kept.has(key) || (DERIVED_KEYS as readonly string[]).includes(key), key).toBe(true);
    }
    expect(kept.get("orders")).toBe("table");
    expect(kept.get("lastCodeSentAt")).toBe("map");
    expect(kept.get("sequence")).toBe("value");
  });

  it("restores every collection and index from the base and its journal, indexes holding the restored rows", async () => {
    const seeded = currentWorld().db;
    await seeded.images.insert({
      id: "image-1",
      userId: "user-1",
      mime: "image/png",
      bytes: new Uint8Array([137, 80, 78, 71]),
      createdOn: 0,
    });
    store = await openDurableStore(file, { log });
    for (let round = 0; round < 3; round++) await change(round);
    const live = currentWorld().db;
    expect(live.lastCodeSentAt.size).toBeGreaterThan(0);
    expect(live.mailboxesByUser.size).toBeGreaterThan(0);
    await store.close();

    store = await openDurableStore(file, { log });
    const restored = currentWorld().db;
    expect(restored).not.toBe(live);
    expectSameData(live, restored);
    expect(restored.lastCodeSentAt).toBeInstanceOf(JournaledMap);
    // The order table changes rows in place: the lists must hold the table's own rows.
    const first = restored.orderList[0];
    expect(first && restored.orders.get(first.orderNo)).toBe(first);
    const pallet = restored.palletOrders.get(first?.salverNo ?? "")?.[0];
    expect(pallet && restored.orders.get(pallet.orderNo)).toBe(pallet);
    // Uploaded bytes stay bytes.
    const image = restored.images.get("image-1");
    expect(image?.bytes).toBeInstanceOf(Uint8Array);
    expect([...(image?.bytes ?? [])]).toEqual([137, 80, 78, 71]);
    expect(notes).toEqual([]);
  });

  it("appends only the rows a change touched", async () => {
    store = await openDurableStore(file, { log });
    const base = store.sizes().base;
    const before = store.sizes().journals;
    await change(0);
    const grown = store.sizes().journals - before;
    expect(grown).toBeGreaterThan(0);
    // A sign-in, three remarked orders and their history, a code: a few rows, not the database.
    expect(grown).toBeLessThan(base / 4);
  });

  it.runIf(process.platform === "linux")(
    "writes the journal through a handle opened for synchronised data writes (O_DSYNC)",
    async () => {
      store = await openDurableStore(file, { log });
      await change(0);
      const journalFds: number[] = [];
      for (const fd of await readdir("/proc/self/fd")) {
        const target = await readlink(`/proc/self/fd/${fd}`).catch(() => "");
        if (target.startsWith(`${file}.journal-`)) journalFds.push(Number(fd));
      }
      expect(journalFds).toHaveLength(1);
      const info = await readFile(`/proc/self/fdinfo/${journalFds[0]}`, "utf8");
      const flags = Number.parseInt(/^flags:\s+(\d+)/m.exec(info)?.[1] ?? "0", 8);
      // A write returns once its bytes are on disk: no fdatasync of its own to wait for.
      expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
    },
  );

  it("folds the journal into a new base once it outgrows its threshold, and loads the result", async () => {
    store = await openDurableStore(file, { log, compactAtBytes: 4000 });
    for (let round = 0; round < 8; round++) await change(round);
    const live = currentWorld().db;
    await store.close();
    expect(store.sizes().compactions).toBeGreaterThan(0);
    const journals = (await readdir(dir)).filter((name) => name.includes(".journal-"));
    // The folded journals are gone: the newest one remains.
    expect(journals).toHaveLength(1);

    store = await openDurableStore(file, { log });
    expectSameData(live, currentWorld().db);
  });

  it("converts a file of the whole-snapshot format, keeping its data", async () => {
    await change(0);
    const live = currentWorld().db;
    await writeFile(file, encodeDataFile(snapshotDb(live)));
    store = await openDurableStore(file, { log });
    expectSameData(live, currentWorld().db);
    expect(notes.join("\n")).toMatch(/converted/);
    expect((await readFile(file)).subarray(0, 19).toString()).toBe("CBA-MOCK-API-DATA 2");
  });

  it("refuses rows that no longer fit their collection", async () => {
    // @msw/data prints the schema's complaint before it throws.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const entries = entriesOf(currentWorld().db);
    const users = entries.get('"users"') as Map<string, string>;
    const [key, json] = [...users][0] as [string, string];
    const { username: _dropped, ...rest } = JSON.parse(json) as Record<string, unknown>;
    users.set(key, JSON.stringify(rest));
    await expect(databaseOf(entries, false)).rejects.toThrow(DataFileError);
    await expect(databaseOf(entries, false)).rejects.toThrow(/"users"/);
    // Written under other row schemas: checked even when the file is whole.
    await writeFile(
      file,
      Buffer.concat(encodeBase({ generation: 1, fingerprint: "old" }, entries)),
    );
    await expect(openDurableStore(file, { log })).rejects.toThrow(/"users"/);
  });
});

describe("the records of the data files", () => {
  const whole = Buffer.concat([frame("first"), frame("second"), frame("third")]);
  const last = whole.length - frame("third").length;

  it("frames a payload as its UTF-8 length, its CRC-32 and its bytes", () => {
    const record = frame("茶\tone");
    const body = Buffer.from("茶\tone", "utf8");
    expect(record.readUInt32BE(0)).toBe(body.length);
    expect(record.readUInt32BE(4)).toBe(crc32(body));
    expect(record.subarray(8)).toEqual(body);
    expect(record.length).toBe(8 + body.length);
  });

  it("reads whole records", () => {
    expect(readRecords(whole, 0)).toEqual({
      payloads: ["first", "second", "third"],
      whole: whole.length,
      damage: null,
    });
  });

  it("calls a record cut by a crash a damaged tail, and keeps the records before it", () => {
    const torn = [
      whole.subarray(0, whole.length - 2),
      whole.subarray(0, last + 3),
      Buffer.concat([whole.subarray(0, last), Buffer.alloc(40)]),
    ];
    const zeroed = Buffer.from(whole);
    zeroed.fill(0, last + 8);
    torn.push(zeroed);
    for (const bytes of torn) {
      expect(readRecords(bytes, 0)).toEqual({
        payloads: ["first", "second"],
        whole: last,
        damage: "tail",
      });
    }
  });

  it("calls a damaged record followed by more data damage in the middle", () => {
    const altered = Buffer.from(whole);
    altered[10] = (altered[10] ?? 0) ^ 1;
    expect(readRecords(altered, 0)).toMatchObject({ payloads: [], whole: 0, damage: "middle" });
    const garbage = Buffer.concat([whole, Buffer.from("not a record at all, and long")]);
    expect(readRecords(garbage, 0).damage).toBe("middle");
  });
});
