import { afterEach, describe, expect, it, vi } from "vitest";

vi.stubEnv("API_BASE_URL", "http://backend.test/api/v1");

const { Api } = await import("~/utils/api.server.ts");
const { setTransport } = await import("~/utils/api.server.ts");
const { fetchTransport } = await import("~/utils/backend-transport.server.ts");
// The backend here is a stubbed `fetch`: the client sends through the Fetch API.
setTransport(fetchTransport);
const { sessionStorage: storage } = await import("~/utils/session.server.ts");

afterEach(() => vi.unstubAllGlobals());

describe("a backend message of code 500", () => {
  it("is replaced by the generic translated text", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json({ code: 500, data: "NullPointerException at OrderDao.java:42", msg: "error" }),
    );
    const api = new Api({
      token: "tok",
      locale: "en",
      session: await storage.getSession(),
      genericMessage: "Network communication abnormal",
    });
    expect(await api.attempt("accountInfo")).toEqual({
      ok: false,
      code: 500,
      message: "Network communication abnormal",
    });
  });
});
