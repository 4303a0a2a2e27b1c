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
