/**
 * The abuse limiter, counting in memory (one process) and in a real Redis
 * (Debian's redis-server on a loopback port: several replicas).
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { counterKey, LIMITS, type Limit, Limiter } from "../../app/utils/rate-limit.server.ts";
import {
  MemoryStore,
  RedisStore,
  type SharedStore,
  SharedStoreUnavailable,
} from "../../app/utils/shared-store.server.ts";
import { haveRedis, type RedisServer, startRedis, warnWithoutRedis } from "../integration/redis.ts";

warnWithoutRedis("the limiter's tests in Redis");

const perMinute: Limit = { name: "posts", max: 10, windowSeconds: 60 };
const tight: Limit = { name: "tight", max: 2, windowSeconds: 900 };

interface Backend {
  /** A store of its own for one test. */
  store(): SharedStore;
  /** Another replica's view of the same counters. */
  replica(first: SharedStore): SharedStore;
}

function contractOf(name: string, backend: () => Backend) {
  describe(`limiter ${name}`, () => {
    // Every test counts under a secret of its own: its keys are nobody else's.
    const setup = () => {
      const store = backend().store();
      const secret = randomUUID();
      return { store, secret, limiter: new Limiter(store, secret) };
    };

    it("lets 10 posts a window through and refuses the 11th with the window's seconds left", async () => {
      const { limiter } = setup();
      for (let i = 0; i < 10; i++)
        expect(await limiter.hit([[perMinute, "203.0.113.7"]])).toBeNull();
      const over = await limiter.hit([[perMinute, "203.0.113.7"]]);
      expect(over?.limit).toBe(perMinute);
      expect(over?.retryAfter).toBeGreaterThan(0);
      expect(over?.retryAfter).toBeLessThanOrEqual(60);
    });

    it("counts each subject apart: another address is not slowed by the first", async () => {
      const { limiter } = setup();
      for (let i = 0; i < 11; i++) await limiter.hit([[perMinute, "203.0.113.7"]]);
      expect(await limiter.hit([[perMinute, "198.51.100.20"]])).toBeNull();
    });

    it("peek does not count; it reports a limit once its attempts are used up", async () => {
      const { limiter } = setup();
      for (let i = 0; i < 5; i++) expect(await limiter.peek([[perMinute, "a"]])).toBeNull();
      for (let i = 0; i < 9; i++) await limiter.hit([[perMinute, "a"]]);
      expect(await limiter.peek([[perMinute, "a"]])).toBeNull();
      await limiter.hit([[perMinute, "a"]]);
      expect((await limiter.peek([[perMinute, "a"]]))?.limit).toBe(perMinute);
    });

    it("answers the longest wait of the limits that refuse, whatever their order", async () => {
      const { limiter } = setup();
      const short: Limit = { name: "short", max: 2, windowSeconds: 60 };
      for (const checks of [
        [
          [short, "a"],
          [tight, "a"],
        ],
        [
          [tight, "b"],
          [short, "b"],
        ],
      ] as [Limit, string][][]) {
        expect(await limiter.hit(checks)).toBeNull();
        expect(await limiter.hit(checks)).toBeNull();
        const over = await limiter.hit(checks);
        expect(over?.limit).toBe(tight);
        expect(over?.retryAfter).toBeGreaterThan(60);
        expect((await limiter.peek(checks))?.limit).toBe(tight);
      }
    });

    it("tells an address that failed 11 sign-ins the wait of the account's window, not the address's minute", async () => {
      const { limiter } = setup();
      const address = "203.0.113.9";
      const perAddress: [Limit, string][] = [
        [LIMITS.loginPerAddress, address],
        [LIMITS.loginPerAccountAddress, `owner@demo.test\n${address}`],
      ];
      for (let i = 0; i < 11; i++) await limiter.hit(perAddress);
      const { exceeded } = await limiter.inspect(perAddress, []);
      expect(exceeded?.limit).toBe(LIMITS.loginPerAccountAddress);
      expect(exceeded?.retryAfter).toBeGreaterThan(14 * 60);
    });

    it("measures how far beyond its limit a much-tried account is (the slowdown, never a lock)", async () => {
      const { limiter } = setup();
      const limit = LIMITS.loginPerAccount;
      expect(await limiter.excess(limit, "owner@demo.test")).toBe(0);
      for (let i = 0; i < limit.max; i++) await limiter.hit([[limit, "owner@demo.test"]]);
      expect(await limiter.excess(limit, "owner@demo.test")).toBe(1);
      await limiter.hit([[limit, "owner@demo.test"]]);
      expect(await limiter.excess(limit, "owner@demo.test")).toBe(2);
    });

    it("inspects refusing and slowing limits in one look, counting nothing", async () => {
      const { limiter } = setup();
      const account = LIMITS.loginPerAccount;
      for (let i = 0; i < account.max + 2; i++) await limiter.hit([[account, "owner@demo.test"]]);
      const first = await limiter.inspect([[perMinute, "a"]], [[account, "owner@demo.test"]]);
      expect(first).toEqual({ exceeded: null, excess: 3 });
      for (let i = 0; i < 10; i++) await limiter.hit([[perMinute, "a"]]);
      const second = await limiter.inspect([[perMinute, "a"]], [[account, "owner@demo.test"]]);
      expect(second.exceeded?.limit).toBe(perMinute);
      expect(second.excess).toBe(3);
    });

    it("answers an image-code ticket once", async () => {
      const { limiter } = setup();
      const ticket = randomUUID();
      expect(await limiter.hit([[LIMITS.imageCodeTicket, ticket]])).toBeNull();
      expect(await limiter.hit([[LIMITS.imageCodeTicket, ticket]])).not.toBeNull();
      expect(await limiter.hit([[LIMITS.imageCodeTicket, randomUUID()]])).toBeNull();
    });

    it("replicas that share the store count together", async () => {
      const { store, secret } = setup();
      const first = new Limiter(store, secret);
      const second = new Limiter(backend().replica(store), secret);
      for (let i = 0; i < 5; i++) await first.hit([[perMinute, "a"]]);
      for (let i = 0; i < 5; i++) await second.hit([[perMinute, "a"]]);
      expect(await first.hit([[perMinute, "a"]])).not.toBeNull();
      expect(await second.peek([[perMinute, "a"]])).not.toBeNull();
    });
  });
}

contractOf("in memory", () => ({ store: () => new MemoryStore(), replica: (first) => first }));

describe.skipIf(!haveRedis)("a real Redis", () => {
  let redis: RedisServer;
  const stores: RedisStore[] = [];
  const connect = () => {
    const store = new RedisStore(redis.url);
    stores.push(store);
    return store;
  };
  let shared: RedisStore;
  beforeAll(async () => {
    redis = await startRedis();
    shared = connect();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis?.close();
  });

  // Each replica has its own connection to the same Redis.
  contractOf("in Redis", () => ({ store: () => shared, replica: () => connect() }));

  describe("limiter in Redis, over time", () => {
    it("starts over when the window ends", async () => {
      const limiter = new Limiter(shared, randomUUID());
      const second: Limit = { name: "second", max: 1, windowSeconds: 1 };
      await limiter.hit([[second, "a"]]);
      expect(await limiter.hit([[second, "a"]])).not.toBeNull();
      for (let tries = 0; (await limiter.peek([[second, "a"]])) !== null; tries++) {
        expect(tries).toBeLessThan(40);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await limiter.hit([[second, "a"]])).toBeNull();
    });
  });
});

describe.skipIf(!haveRedis)("limiter with Redis gone", () => {
  it("refuses to count while Redis is down (never lets the attempt through uncounted) and recovers when it returns", async () => {
    const redis = await startRedis();
    const store = new RedisStore(redis.url);
    try {
      const limiter = new Limiter(store, randomUUID());
      expect(await limiter.hit([[perMinute, "a"]])).toBeNull();

      await redis.stop();
      await expect(limiter.hit([[perMinute, "a"]])).rejects.toBeInstanceOf(SharedStoreUnavailable);
      await expect(limiter.peek([[perMinute, "a"]])).rejects.toBeInstanceOf(SharedStoreUnavailable);
      await expect(store.claim("claim:a", 1000)).rejects.toBeInstanceOf(SharedStoreUnavailable);

      await redis.restart();
      let answer: unknown;
      for (let tries = 0; ; tries++) {
        try {
          answer = await limiter.hit([[perMinute, "a"]]);
          break;
        } catch (error) {
          expect(error).toBeInstanceOf(SharedStoreUnavailable);
          expect(tries, "the client reconnects by itself").toBeLessThan(100);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      // A fresh Redis: the count starts over.
      expect(answer).toBeNull();
    } finally {
      await store.close();
      await redis.close();
    }
  });
});

describe("limiter in memory, over time", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("tells the seconds left of the window, and starts over when it ends", async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const limiter = new Limiter(new MemoryStore(), "secret");
    for (let i = 0; i < 10; i++) {
      expect(await limiter.hit([[perMinute, "203.0.113.7"]])).toBeNull();
      vi.advanceTimersByTime(1000);
    }
    expect((await limiter.hit([[perMinute, "203.0.113.7"]]))?.retryAfter).toBe(50);
    vi.advanceTimersByTime(50_000);
    expect(await limiter.peek([[perMinute, "203.0.113.7"]])).toBeNull();
    expect(await limiter.hit([[perMinute, "203.0.113.7"]])).toBeNull();
  });

  it("after 11 wrong passwords the wait told is the real one, every time: 15 min, then 14 min 70 s later", async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const limiter = new Limiter(new MemoryStore(), "secret");
    const address = "203.0.113.9";
    const perAddress: [Limit, string][] = [
      [LIMITS.loginPerAddress, address],
      [LIMITS.loginPerAccountAddress, `owner@demo.test\n${address}`],
    ];
    for (let i = 0; i < 11; i++) await limiter.hit(perAddress);
    expect((await limiter.peek(perAddress))?.retryAfter).toBe(15 * 60);
    vi.advanceTimersByTime(70_000);
    // The address's minute is over; the account-and-address window still refuses.
    const later = await limiter.peek(perAddress);
    expect(later?.limit).toBe(LIMITS.loginPerAccountAddress);
    expect(later?.retryAfter).toBe(15 * 60 - 70);
  });
});

describe("counter keys", () => {
  it("are opaque HMACs: the store never sees an address, and keys differ per limit and secret", () => {
    const key = counterKey(perMinute, "203.0.113.7", "test secret");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain("203");
    expect(counterKey(LIMITS.loginPerAddress, "203.0.113.7", "test secret")).not.toBe(key);
    expect(counterKey(perMinute, "203.0.113.7", "other secret")).not.toBe(key);
    expect(counterKey(perMinute, "203.0.113.7", "test secret")).toBe(key);
  });
});
