/**
 * The fake backend holds a direct caller to the limits the portal sets on
 * its pages, and ends a token when the portal's session would end.
 */
import { describe, expect, it } from "vitest";
import { LIMITS } from "~/utils/rate-limit.server.ts";
import { SESSION_IDLE_MS, SESSION_MAX_MS } from "~/utils/session.server.ts";
import {
  ADDRESS_LIMITS,
  checkAddress,
  clearAddressLimits,
  countAddress,
  counterCount,
} from "../../mocks/limits.ts";
import { TOKEN_IDLE_SECONDS, TOKEN_TTL_SECONDS } from "../../mocks/session.ts";

const count = (limit: { max: number; windowSeconds: number }) => ({
  max: limit.max,
  windowSeconds: limit.windowSeconds,
});

describe("the fake backend's limits", () => {
  it("are the portal's limits per address", () => {
    expect(count(ADDRESS_LIMITS.failedLogin)).toEqual(count(LIMITS.loginPerAddress));
    expect(count(ADDRESS_LIMITS.register)).toEqual(count(LIMITS.registerPerAddress));
    expect(count(ADDRESS_LIMITS.reset)).toEqual(count(LIMITS.resetPerAddress));
    expect(count(ADDRESS_LIMITS.emailCode)).toEqual(count(LIMITS.codePerAddress));
    // Step 1 of registration and of reset look the address up: both pages' posts together.
    expect(count(ADDRESS_LIMITS.accountLookup)).toEqual({
      max: LIMITS.registerPerAddress.max + LIMITS.resetPerAddress.max,
      windowSeconds: LIMITS.registerPerAddress.windowSeconds,
    });
  });

  it("end a token when the portal's session ends", () => {
    expect(TOKEN_IDLE_SECONDS * 1000).toBe(SESSION_IDLE_MS);
    expect(TOKEN_TTL_SECONDS * 1000).toBe(SESSION_MAX_MS);
  });
});

describe("the fake backend's limits over IPv6", () => {
  const from = (address: string) =>
    new Request("http://backend.test/api/v1/login", { headers: { "X-Forwarded-For": address } });

  it("count the addresses of one /64 network together, and another /64 apart", () => {
    clearAddressLimits();
    const limit = ADDRESS_LIMITS.failedLogin;
    for (let i = 1; i <= limit.max; i++)
      countAddress(from(`2001:db8:5:6::${i.toString(16)}`), limit);
    expect(counterCount(limit)).toBe(1);
    expect(() => checkAddress(from("2001:db8:5:6:ffff::1"), limit)).toThrow();
    expect(() => checkAddress(from("2001:db8:5:7::1"), limit)).not.toThrow();
    clearAddressLimits();
  });
});
