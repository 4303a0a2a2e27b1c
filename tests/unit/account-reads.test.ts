/**
 * The rules of the account reads kept between pages
 * (app/utils/account-reads.server.ts), on a store of the test's own: a value
 * is served only under the generation it was read under and within its time;
 * a change during a read keeps that read from being served; a store that
 * fails steps aside, and a change it could not record is recorded before the
 * store serves again; what is not kept (no account, nothing read, too long).
 */
import { describe, expect, it } from "vitest";
import { type AccountRead, AccountReads } from "~/utils/account-reads.server.ts";
import { MemoryStore, SharedStoreUnavailable } from "~/utils/shared-store.server.ts";

const KIND: AccountRead = { name: "unread", ttlMs: 20_000 };

/** A memory store that can be taken down, like Redis stopped and started again. */
class FlakyStore extends MemoryStore {
  down = false;
  private check() {
    if (this.down) throw new SharedStoreUnavailable("Redis is reconnecting");
  }
  override async get(key: string) {
    this.check();
    return super.get(key);
  }
  override async getMany(keys: readonly string[]) {
    this.check();
    return super.getMany(keys);
  }
  override async set(key: string, value: string, ttlMs: number) {
    this.check();
    return super.set(key, value, ttlMs);
  }
}

function setUp(now = () => Date.now()) {
  const store = new FlakyStore(now);
  const reads = new AccountReads(async () => store);
  let value = 1;
  let calls = 0;
  const backend = async () => {
    calls += 1;
    return value;
  };
  return {
    store,
    reads,
    read: (account = "manager@demo.test") => reads.read(account, KIND, backend),
    set: (next: number) => {
      value = next;
    },
    calls: () => calls,
  };
}

describe("account reads", () => {
  it("are served from the store until a change, then read again", async () => {
    const { reads, read, set, calls } = setUp();
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    expect(calls()).toBe(1);
    set(2);
    await reads.mayHaveChanged();
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
    expect(calls()).toBe(2);
  });

  it("are kept per account", async () => {
    const { read, set, calls } = setUp();
    expect(await read("a@demo.test")).toBe(1);
    set(2);
    expect(await read("b@demo.test")).toBe(2);
    expect(await read("a@demo.test")).toBe(1);
    expect(calls()).toBe(2);
  });

  it("are read again once their time is up", async () => {
    let now = 1_800_000_000_000;
    const { read, set, calls } = setUp(() => now);
    await read();
    set(2);
    now += KIND.ttlMs - 1;
    expect(await read()).toBe(1);
    now += 1;
    expect(await read()).toBe(2);
    expect(calls()).toBe(2);
  });

  it("are not served when a change ended while they were being read", async () => {
    const store = new MemoryStore();
    const reads = new AccountReads(async () => store);
    let calls = 0;
    // The backend answers the old value, and a change is answered before the read ends.
    const racing = async () => {
      calls += 1;
      if (calls === 1) await reads.mayHaveChanged();
      return calls;
    };
    expect(await reads.read("a@demo.test", KIND, racing)).toBe(1);
    expect(await reads.read("a@demo.test", KIND, racing)).toBe(2);
    expect(await reads.read("a@demo.test", KIND, racing)).toBe(2);
  });

  it("step aside while the store fails, and record a change made meanwhile before serving again", async () => {
    const { store, reads, read, set, calls } = setUp();
    expect(await read()).toBe(1);
    store.down = true;
    set(2);
    // The change could not be recorded; the backend is asked, the page works.
    await reads.mayHaveChanged();
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
    expect(calls()).toBe(3);
    store.down = false;
    // The value kept before the change is never served again.
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
    expect(calls()).toBe(4);
  });

  it("keep nothing without an account, a failed read, or a value too long", async () => {
    const store = new MemoryStore();
    const reads = new AccountReads(async () => store);
    let calls = 0;
    const counted =
      <T>(value: T) =>
      async () => {
        calls += 1;
        return value;
      };
    await reads.read(undefined, KIND, counted(1));
    await reads.read(undefined, KIND, counted(1));
    expect(calls).toBe(2);
    await reads.read("a@demo.test", KIND, counted(null));
    await reads.read("a@demo.test", KIND, counted(null));
    expect(calls).toBe(4);
    const long = "x".repeat(20_000);
    await reads.read("b@demo.test", KIND, counted(long));
    expect(await reads.read("b@demo.test", KIND, counted(long))).toBe(long);
    expect(calls).toBe(6);
  });
});
