import { describe, expect, it, vi } from "vitest";

describe("session cookie over HTTPS", () => {
  it("is named __Host-session, Secure, HttpOnly, path / and no domain", async () => {
    vi.stubEnv("COOKIE_SECURE", "true");
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
