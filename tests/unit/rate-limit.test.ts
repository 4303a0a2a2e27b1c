import { describe, expect, it } from "vitest";
import {
  counterKey,
  LIMITS,
  type Limit,
  Limiter,
  MemoryAttemptStore,
} from "../../app/utils/rate-limit.server.ts";

const SECRET = "test secret";
const perMinute: Limit = { name: "posts", max: 10, windowSeconds: 60 };

function setup() {
  let now = 1_700_000_000_000;
  const store = new MemoryAttemptStore(() => now);
  return {
    limiter: new Limiter(store, SECRET),
    store,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("limiter", () => {
  it("lets 10 posts a minute through and refuses the 11th with the seconds left", async () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 10; i++) {
      expect(await limiter.hit([[perMinute, "203.0.113.7"]])).toBeNull();
      advance(1000);
    }
    const over = await limiter.hit([[perMinute, "203.0.113.7"]]);
    expect(over?.limit).toBe(perMinute);
    expect(over?.retryAfter).toBe(50);
  });

  it("starts over when the window ends", async () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 11; i++) await limiter.hit([[perMinute, "a"]]);
    expect(await limiter.peek([[perMinute, "a"]])).not.toBeNull();
    advance(60_000);
    expect(await limiter.peek([[perMinute, "a"]])).toBeNull();
    expect(await limiter.hit([[perMinute, "a"]])).toBeNull();
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
    expect((await limiter.peek([[perMinute, "a"]]))?.retryAfter).toBe(60);
  });

  it("answers the first limit exceeded among several, counting all of them", async () => {
    const { limiter } = setup();
    const tight: Limit = { name: "tight", max: 2, windowSeconds: 900 };
    for (let i = 0; i < 2; i++) {
      expect(
        await limiter.hit([
          [perMinute, "a"],
          [tight, "a"],
        ]),
      ).toBeNull();
    }
    const over = await limiter.hit([
      [perMinute, "a"],
      [tight, "a"],
    ]);
    expect(over?.limit).toBe(tight);
    expect(over?.retryAfter).toBe(900);
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

  it("keys are opaque HMACs: the store never sees an address, and keys differ per limit and secret", () => {
    const key = counterKey(perMinute, "203.0.113.7", SECRET);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain("203");
    expect(counterKey(LIMITS.loginPerAddress, "203.0.113.7", SECRET)).not.toBe(key);
    expect(counterKey(perMinute, "203.0.113.7", "other secret")).not.toBe(key);
    expect(counterKey(perMinute, "203.0.113.7", SECRET)).toBe(key);
  });

  it("instances that share a store share the counts (replicas behind one address)", async () => {
    const store = new MemoryAttemptStore();
    const first = new Limiter(store, SECRET);
    const second = new Limiter(store, SECRET);
    for (let i = 0; i < 5; i++) await first.hit([[perMinute, "a"]]);
    for (let i = 0; i < 5; i++) await second.hit([[perMinute, "a"]]);
    expect(await first.hit([[perMinute, "a"]])).not.toBeNull();
  });
});
