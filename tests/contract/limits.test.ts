/**
 * The fake backend's own limits per client address (mocks/limits.ts): the
 * calls anyone may make without a token are held to the portal's limits, so
 * a direct caller of `/api/v1` gets no more than the portal's forms give.
 */
import { describe, expect, it } from "vitest";
import { ApiCode } from "../../app/contract/index.ts";
import { mockClock } from "../../mocks/api.ts";
import { ADDRESS_LIMITS, countAddress, counterCount, MAX_COUNTERS } from "../../mocks/limits.ts";
import { contractBackend, MANAGER, PASSWORD } from "./helpers.ts";

const server = contractBackend();
const { api } = server;

const from = (address: string) => ({ "x-forwarded-for": address });

function login(address: string, username: string, password: string) {
  return api.call("/account/login", {
    method: "POST",
    body: { username, password },
    headers: from(address),
  });
}

function sendCode(address: string, email: string, lang?: string) {
  return api.call("/account/captcha/email", {
    query: { email, scene: "register" },
    headers: from(address),
    lang,
  });
}

describe("limits per client address", () => {
  it("10 failed sign-ins from one address, whatever the accounts, hold that address back for the minute", async () => {
    for (let index = 0; index < 10; index += 1) {
      const account = index % 2 === 0 ? MANAGER : `nobody${index}@example.com`;
      expect((await login("203.0.113.7", account, "wrong-Pass1")).code).toBe(
        ApiCode.wrongCredentials,
      );
    }
    // Even the right password is refused from that address now...
    const held = await login("203.0.113.7", "guest@demo.test", PASSWORD);
    expect(held).toMatchObject({ code: ApiCode.tooManyAttempts });
    expect(held.data).toMatch(/^此地址的请求过于频繁，请 \d+ 秒后再试$/);
    // ...not from another address, and not once the minute is over.
    expect((await login("203.0.113.8", "guest@demo.test", PASSWORD)).code).toBe(200);
    mockClock.advance(60_000);
    expect((await login("203.0.113.7", "guest@demo.test", PASSWORD)).code).toBe(200);
  });

  it("successful sign-ins are not counted", async () => {
    for (let index = 0; index < 12; index += 1) {
      expect((await login("203.0.113.9", MANAGER, PASSWORD)).code).toBe(200);
    }
  });

  it("10 e-mail codes from one address, to any addresses, then 1000 in the caller's language", async () => {
    for (let index = 0; index < 10; index += 1) {
      expect((await sendCode("198.51.100.20", `visitor${index}@example.com`)).code).toBe(200);
    }
    const refused = await sendCode("198.51.100.20", "visitor10@example.com", "en");
    expect(refused).toMatchObject({ code: ApiCode.tooManyAttempts });
    expect(refused.data).toMatch(
      /^Too many requests from this address, please try again in \d+ s$/,
    );
    // Nothing was mailed for the refused call.
    expect(
      (await api.call("/demo/outbox", { query: { to: "visitor10@example.com" } })).data,
    ).toEqual([]);
    expect((await sendCode("198.51.100.21", "visitor10@example.com")).code).toBe(200);
  });

  it("registrations, resets and account lookups from one address are limited too", async () => {
    const register = () =>
      api.call("/account/register/email", {
        method: "POST",
        headers: from("192.0.2.30"),
        body: {
          email: "x@example.com",
          username: "x@example.com",
          password: "Harbour#2024",
          checkPass: "Harbour#2024",
          captcha_id: "unknown",
          captcha_code: "000000",
        },
      });
    const reset = () =>
      api.call("/account/login/forgot-password", {
        method: "POST",
        headers: from("192.0.2.30"),
        body: {
          password: "Harbour#2024",
          checkPass: "Harbour#2024",
          captcha_id: "unknown",
          captcha_code: "000000",
        },
      });
    const lookup = () =>
      api.call("/account/check/account", {
        query: { username: "x@example.com" },
        headers: from("192.0.2.30"),
      });
    for (const [call, max] of [
      [register, ADDRESS_LIMITS.register.max],
      [reset, ADDRESS_LIMITS.reset.max],
      [lookup, ADDRESS_LIMITS.accountLookup.max],
    ] as const) {
      for (let index = 0; index < max; index += 1) {
        expect((await call()).code).not.toBe(ApiCode.tooManyAttempts);
      }
      expect((await call()).code).toBe(ApiCode.tooManyAttempts);
    }
  });

  it("keeps a bounded number of counters, and drops ended ones as new ones come", () => {
    const limit = ADDRESS_LIMITS.emailCode;
    const call = (address: string) =>
      new Request("http://backend.test/", { headers: { "x-forwarded-for": address } });
    for (let index = 0; index < MAX_COUNTERS + 50; index += 1)
      countAddress(call(`a${index}`), limit);
    expect(counterCount(limit)).toBe(MAX_COUNTERS);
    mockClock.advance(limit.windowSeconds * 1000);
    countAddress(call("late"), limit);
    expect(counterCount(limit)).toBe(1);
  });
});
