/**
 * The shared store's one interface, in memory and in a real Redis (Debian's
 * redis-server on a loopback port): what one replica claims or sets, every
 * other sees.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MemoryStore,
  RedisStore,
  type SharedStore,
  SharedStoreUnavailable,
} from "../../app/utils/shared-store.server.ts";
import { freePort } from "../integration/processes.ts";
import { haveRedis, type RedisServer, startRedis, warnWithoutRedis } from "../integration/redis.ts";

warnWithoutRedis("the shared store's tests in Redis");

function contractOf(name: string, replicas: () => [SharedStore, SharedStore]) {
  describe(`shared store ${name}`, () => {
    const key = () => `test:${randomUUID()}`;

    it("claims a key for the first caller only, on whichever replica", async () => {
      const [first, second] = replicas();
      const claimed = key();
      expect(await first.claim(claimed, 60_000)).toBe(true);
      expect(await second.claim(claimed, 60_000)).toBe(false);
      expect(await first.claim(claimed, 60_000)).toBe(false);
      expect(await second.claim(key(), 60_000)).toBe(true);
    });

    it("keeps, replaces and forgets values, seen alike by every replica", async () => {
      const [first, second] = replicas();
      const kept = key();
      expect(await second.get(kept)).toBeNull();
      await first.set(kept, "one", 60_000);
      expect(await second.get(kept)).toBe("one");
      await second.set(kept, "two", 60_000);
      expect(await first.get(kept)).toBe("two");
      await first.delete(kept);
      expect(await second.get(kept)).toBeNull();
      expect(await second.claim(kept, 60_000)).toBe(true);
    });

    it("reads several keys at once, in their order, null for a key not set", async () => {
      const [first, second] = replicas();
      const [a, b, c] = [key(), key(), key()];
      await first.set(a, "one", 60_000);
      await first.set(c, "three", 60_000);
      expect(await second.getMany([a, b, c])).toEqual(["one", null, "three"]);
    });
  });
}

contractOf("in memory", () => {
  const store = new MemoryStore();
  return [store, store];
});

describe("shared store in memory, over time", () => {
  it("forgets a key once its time is up", async () => {
    let now = 1_700_000_000_000;
    const store = new MemoryStore(() => now);
    expect(await store.claim("k", 1000)).toBe(true);
    await store.set("v", "value", 1000);
    now += 1000;
    expect(await store.get("v")).toBeNull();
    expect(await store.claim("k", 1000)).toBe(true);
  });
});

describe("shared store in a Redis that is not there", () => {
  it("refuses every call with SharedStoreUnavailable instead of waiting for it", async () => {
    const store = new RedisStore(`redis://127.0.0.1:${await freePort()}`);
    try {
      await expect(store.claim("claim:a", 1000)).rejects.toBeInstanceOf(SharedStoreUnavailable);
      await expect(store.get("a")).rejects.toBeInstanceOf(SharedStoreUnavailable);
      await expect(store.set("a", "1", 1000)).rejects.toBeInstanceOf(SharedStoreUnavailable);
      await expect(store.delete("a")).rejects.toBeInstanceOf(SharedStoreUnavailable);
    } finally {
      await store.close();
    }
  });
});

describe.skipIf(!haveRedis)("a real Redis", () => {
  let redis: RedisServer;
  let first: RedisStore;
  let second: RedisStore;
  beforeAll(async () => {
    redis = await startRedis();
    first = new RedisStore(redis.url);
    second = new RedisStore(redis.url);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await redis?.close();
  });

  contractOf("in Redis", () => [first, second]);

  it("forgets a key once its time is up", async () => {
    const claimed = `test:${randomUUID()}`;
    expect(await first.claim(claimed, 50)).toBe(true);
    for (let tries = 0; !(await second.claim(claimed, 50)); tries++) {
      expect(tries).toBeLessThan(50);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
