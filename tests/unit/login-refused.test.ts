import { afterEach, describe, expect, it, vi } from "vitest";

vi.stubEnv("API_BASE_URL", "http://backend.test/api/v1");

const { Api } = await import("~/utils/api.server.ts");
const { authenticateWithForm, LoginRefused } = await import("~/utils/auth.server.ts");
const { sessionStorage: storage } = await import("~/utils/session.server.ts");

afterEach(() => vi.unstubAllGlobals());

async function loginAnswered(code: number, message: string) {
  vi.stubGlobal("fetch", async () => Response.json({ code, data: message, msg: "error" }));
  const api = new Api({ locale: "en", session: await storage.getSession(), genericMessage: "x" });
  const form = new URLSearchParams({ username: "sub@demo.test", password: "Demo1234!" });
  const request = new Request("http://portal.test/login", { method: "POST", body: form });
  try {
    await authenticateWithForm(api, request);
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

describe("login refusals", () => {
  it("a disabled account (40003) is a refusal with the backend's message, not a 403 page", async () => {
    const error = await loginAnswered(40003, "This account is disabled");
    expect(error).toBeInstanceOf(LoginRefused);
    expect((error as InstanceType<typeof LoginRefused>).failure).toEqual({
      ok: false,
      code: 40003,
      message: "This account is disabled",
    });
  });

  it("wrong credentials stay a refusal", async () => {
    const error = await loginAnswered(1001, "wrong");
    expect(error).toBeInstanceOf(LoginRefused);
  });
});
