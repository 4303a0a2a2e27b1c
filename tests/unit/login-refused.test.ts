import { afterEach, describe, expect, it, vi } from "vitest";

vi.stubEnv("API_BASE_URL", "http://backend.test/api/v1");

const { Api } = await import("~/utils/api.server.ts");
const { setTransport } = await import("~/utils/api.server.ts");
const { fetchTransport } = await import("~/utils/backend-transport.server.ts");
// The backend here is a stubbed `fetch`: the client sends through the Fetch API.
setTransport(fetchTransport);
const { logIn } = await import("~/utils/auth.server.ts");
const { sessionStorage: storage } = await import("~/utils/session.server.ts");

afterEach(() => vi.unstubAllGlobals());

async function loginAnswered(code: number, message: string) {
  vi.stubGlobal("fetch", async () => Response.json({ code, data: message, msg: "error" }));
  const api = new Api({ locale: "en", session: await storage.getSession(), genericMessage: "x" });
  return logIn(api, { username: "sub@demo.test", password: "Demo1234!" });
}

describe("login refusals", () => {
  it("a disabled account (40003) is a refusal with the backend's message, not a 403 page", async () => {
    expect(await loginAnswered(40003, "This account is disabled")).toEqual({
      ok: false,
      code: 40003,
      message: "This account is disabled",
    });
  });

  it("wrong credentials stay a refusal", async () => {
    expect(await loginAnswered(1001, "wrong")).toMatchObject({ ok: false, code: 1001 });
  });

  it("an accepted login answers the token", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json({ code: 200, data: { token: "t-123" }, msg: "ok" }),
    );
    const api = new Api({ locale: "en", session: await storage.getSession(), genericMessage: "x" });
    expect(await logIn(api, { username: "a@b.cn", password: "p" })).toEqual({
      ok: true,
      token: "t-123",
    });
  });
});
