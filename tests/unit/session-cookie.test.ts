import { describe, expect, it, vi } from "vitest";

describe("session cookie over HTTPS", () => {
  it("is named __Host-session, Secure, HttpOnly, path / and no domain", async () => {
    vi.stubEnv("COOKIE_SECURE", "true");
    // The module reads the environment as it loads: a fresh copy, even when
    // another test of the file imported it first (the order is shuffled).
    vi.resetModules();
    const { commitSession, SESSION_COOKIE, sessionStorage } = await import(
      "~/utils/session.server.ts"
    );
    expect(SESSION_COOKIE).toBe("__Host-session");
    const session = await sessionStorage.getSession();
    session.set("token", "tok-1");
    const cookie = await commitSession(session);
    expect(cookie.startsWith("__Host-session=")).toBe(true);
    expect(cookie).toContain("; Secure");
    expect(cookie).toContain("; HttpOnly");
    expect(cookie).toContain("; Path=/");
    expect(cookie).not.toMatch(/Domain=/i);
    // The browser sends it back under the same name and it reads back.
    const back = await sessionStorage.getSession(cookie.split(";")[0]);
    expect(back.get("token")).toBe("tok-1");
  });
});

describe("a session cookie read again", () => {
  it("reads back the same values each time, and a change to one reading stays out of the next", async () => {
    const { commitSession, sessionStorage } = await import("~/utils/session.server.ts");
    const session = await sessionStorage.getSession();
    session.set("token", "tok-2");
    session.set("redirectTo", "/order/?current=2");
    const header = (await commitSession(session)).split(";")[0];
    const first = await sessionStorage.getSession(header);
    expect(first.get("token")).toBe("tok-2");
    first.set("token", "changed");
    first.unset("redirectTo");
    const second = await sessionStorage.getSession(header);
    expect(second.get("token")).toBe("tok-2");
    expect(second.get("redirectTo")).toBe("/order/?current=2");
  });
});

describe("a session's values copied from the verified cookie", () => {
  it("copies JSON data as a parse of its text would, nested values included", async () => {
    const { copyJson } = await import("~/utils/session.server.ts");
    const values = [
      { token: "t", issuedAt: 1, lastSeen: 2.5, on: true, off: false, none: null },
      { captcha: { login: { id: "a", expires: 3 } }, list: [1, "2", [3, { four: 4 }], null] },
      JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":1}}'),
      [],
      {},
    ];
    for (const value of values) {
      const copy = copyJson(value);
      // (An own `__proto__` defeats the deep equality's reading: compared by its text below.)
      if (value !== values[2]) expect(copy).toStrictEqual(JSON.parse(JSON.stringify(value)));
      expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
      if (value && typeof value === "object") expect(copy).not.toBe(value);
    }
    const polluted = copyJson(values[2]) as Record<string, unknown>;
    expect(Object.getPrototypeOf(polluted)).toBe(Object.prototype);
    expect(Object.hasOwn(polluted, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps a change to a nested value of one reading out of the next", async () => {
    const { commitSession, sessionStorage } = await import("~/utils/session.server.ts");
    const session = await sessionStorage.getSession();
    session.set("token", "tok-3");
    session.set("captcha", { login: { answer: "AB12", expiresAt: 10 } } as never);
    const header = (await commitSession(session)).split(";")[0];
    for (let reading = 0; reading < 3; reading += 1) {
      const read = await sessionStorage.getSession(header);
      const captcha = read.get("captcha") as unknown as { login: { answer: string } };
      expect(captcha.login.answer).toBe("AB12");
      captcha.login.answer = "changed";
    }
  });
});
