import { describe, expect, it } from "vitest";
import { readFlows, resendWait, saveFlows, seal, unseal } from "~/utils/account-flow.server.ts";

function requestWith(setCookie: string): Request {
  return new Request("http://portal.test/", {
    headers: { Cookie: setCookie.split(";")[0]! },
  });
}

describe("account flow cookie", () => {
  it("round-trips the flows and hides the password", async () => {
    const cookie = await saveFlows({
      register: { step: 2, email: "a@b.cn", password: "Secret#Pass1" },
    });
    expect(cookie).toContain("HttpOnly");
    expect(Buffer.from(cookie.split("=")[1]!.split(";")[0]!, "base64").toString()).not.toContain(
      "Secret#Pass1",
    );
    const flows = await readFlows(requestWith(cookie));
    expect(flows.register).toEqual({ step: 2, email: "a@b.cn", password: "Secret#Pass1" });
  });

  it("treats a tampered or foreign cookie as no flow", async () => {
    expect(await readFlows(new Request("http://portal.test/"))).toEqual({});
    expect(
      await readFlows(
        new Request("http://portal.test/", { headers: { Cookie: "__account_flow=abc" } }),
      ),
    ).toEqual({});
    expect(unseal(`${seal("hello").slice(0, -2)}AA`)).toBeNull();
    expect(unseal(seal("hello"))).toBe("hello");
  });

  it("removes the cookie when no flow is left", async () => {
    expect(await saveFlows({})).toMatch(/Max-Age=0/);
  });

  it("counts the 60 s resend wait", () => {
    const now = 1_000_000;
    expect(resendWait(undefined, now)).toBe(0);
    expect(resendWait(now, now)).toBe(60);
    expect(resendWait(now - 59_100, now)).toBe(1);
    expect(resendWait(now - 60_000, now)).toBe(0);
    expect(resendWait(now + 5_000_000, now)).toBe(60);
  });
});
