/**
 * The sign-in's abuse limits through its route module: the wait a refused
 * address is told is the one that lets it back in.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as login from "~/routes/login-form.tsx";
import type { ErrorPayload } from "~/utils/error-payload.ts";
import { LIMITS } from "~/utils/rate-limit.server.ts";
import { freshBackend, visitor } from "./account-harness.ts";

beforeAll(freshBackend);

describe("sign-in limits", () => {
  it("after 10 failed sign-ins of one account the 11th is refused with the account's 15 minutes, not the address's minute", async () => {
    const browser = visitor();
    const form = { username: "manager@demo.test", password: "not-the-password", code: "ZZ9Z" };
    for (let i = 0; i < LIMITS.loginPerAccountAddress.max; i++) {
      expect((await browser.post(login, "/login", form)).status, `attempt ${i + 1}`).toBe(200);
    }
    const refused = await browser.post(login, "/login", form);
    expect(refused.status).toBe(429);
    const seconds = Number(refused.response.headers.get("Retry-After"));
    expect(seconds).toBeGreaterThan(LIMITS.loginPerAddress.windowSeconds);
    expect(seconds).toBeLessThanOrEqual(LIMITS.loginPerAccountAddress.windowSeconds);
    expect((refused.data as ErrorPayload).retryAfter).toBe(seconds);
  });
});

describe("sign-in limits over IPv6", () => {
  it("count the addresses of one /64 network together: a new address of it is refused too", async () => {
    const form = { username: "nobody@example.test", password: "not-the-password", code: "ZZ9Z" };
    for (let i = 0; i < LIMITS.loginPerAddress.max; i++) {
      const browser = visitor({ ip: `2001:db8:77:1::${(i + 1).toString(16)}` });
      expect((await browser.post(login, "/login", form)).status, `attempt ${i + 1}`).toBe(200);
    }
    const sameNetwork = visitor({ ip: "2001:db8:77:1:ffff:ffff:ffff:fffe" });
    expect((await sameNetwork.post(login, "/login", form)).status).toBe(429);
    const otherNetwork = visitor({ ip: "2001:db8:77:2::1" });
    expect((await otherNetwork.post(login, "/login", form)).status).toBe(200);
  });
});
