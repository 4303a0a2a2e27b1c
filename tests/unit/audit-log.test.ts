import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// A real backend (not the in-process fake one), answered by a stubbed fetch.
vi.stubEnv("API_BASE_URL", "http://backend.test/api/v1");

const { Api } = await import("~/utils/api.server.ts");
const { setTransport } = await import("~/utils/api.server.ts");
const { fetchTransport } = await import("~/utils/backend-transport.server.ts");
// The backend here is a stubbed `fetch`: the client sends through the Fetch API.
setTransport(fetchTransport);
const { setAuditDestination } = await import("~/utils/audit.server.ts");
const { sessionStorage: storage } = await import("~/utils/session.server.ts");

const TOKEN = "secret-token-0123456789";
const PASSWORD = "Pa55word!secret";
const raw: string[] = [];
const lines = () => raw.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(() => {
  setAuditDestination({ write: (line: string) => raw.push(line) });
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  raw.length = 0;
  vi.unstubAllGlobals();
});

/** A client whose backend answers each path with the envelope given. */
async function apiWith(answers: Record<string, { code: number; data: unknown }>, token?: string) {
  vi.stubGlobal("fetch", async (request: Request) => {
    const path = new URL(request.url).pathname.replace("/api/v1", "");
    const answer = answers[`${request.method} ${path}`] ?? { code: 200, data: null };
    return Response.json({ ...answer, msg: answer.code === 200 ? "success" : "refused" });
  });
  return new Api({
    token,
    locale: "zh",
    session: await storage.getSession(),
    clientIp: "203.0.113.7",
    userAgent: "Mozilla/5.0 AuditTest",
    genericMessage: "网络通信异常",
  });
}

describe("audit trail", () => {
  it("records a successful and a failed login with user, IP and device, never the password", async () => {
    let api = await apiWith({ "POST /account/login": { code: 200, data: { token: TOKEN } } });
    await api.attempt("login", { body: { username: "manager@demo.test", password: PASSWORD } });
    api = await apiWith({ "POST /account/login": { code: 1001, data: "用户名或密码错误" } });
    await api.attempt("login", { body: { username: "manager@demo.test", password: "wrong-pass" } });

    expect(lines()).toMatchObject([
      {
        log: "audit",
        event: "login",
        action: "login",
        user: "manager@demo.test",
        ip: "203.0.113.7",
        device: "Mozilla/5.0 AuditTest",
        result: "ok",
      },
      { event: "login", user: "manager@demo.test", result: "refused", backendCode: 1001 },
    ]);
    for (const line of raw) {
      expect(typeof JSON.parse(line).time).toBe("string");
      expect(line).not.toContain(PASSWORD);
      expect(line).not.toContain("wrong-pass");
      expect(line).not.toContain(TOKEN);
    }
  });

  it("records order operations: who, what, which orders, the result", async () => {
    const api = await apiWith(
      {
        "GET /account/account-info": {
          code: 200,
          data: { username: "manager@demo.test", isSingleLogin: false, scope: ["CBA_MANAGER"] },
        },
        "PUT /cba/order-remarks": { code: 40005, data: "扣留订单的备注不能为空" },
        "PUT /cba/order": {
          code: 200,
          data: {
            updated: 2,
            changed: [
              { orderNo: "O-1001", from: 1, to: 2 },
              { orderNo: "O-1002", from: 4, to: 2 },
            ],
          },
        },
        "PUT /cba/order-warehousing": {
          code: 200,
          data: {
            target: "order",
            serviceNo: "S-1",
            salverNo: "P-1",
            direction: "out",
            changed: [{ orderNo: "O-1004", from: 4, to: 3 }],
            unchanged: [],
          },
        },
      },
      TOKEN,
    );
    await api.call("accountInfo");
    await api.call("updateOrders", {
      body: {
        orderNoList: ["O-1001", "O-1002"],
        cbaStatus: 2,
        reasonForDetention: "suspicious parcel",
      },
    });
    await api.attempt("orderRemarks", {
      body: { orderNoList: ["O-1003"], reasonForDetention: "" },
    });
    await api.call("orderWarehousing", { body: { salverNoOrOrderNo: "O-1004", direction: "out" } });

    expect(lines()).toMatchObject([
      {
        event: "operation",
        action: "updateOrders",
        user: "manager@demo.test",
        ip: "203.0.113.7",
        orders: ["O-1001", "O-1002"],
        orderCount: 2,
        target: { cbaStatus: 2 },
        result: "ok",
      },
      {
        event: "operation",
        action: "orderRemarks",
        user: "manager@demo.test",
        orders: ["O-1003"],
        result: "refused",
        backendCode: 40005,
      },
      {
        action: "orderWarehousing",
        target: { salverNoOrOrderNo: "O-1004", direction: "out" },
        orders: ["O-1004"],
        result: "ok",
      },
    ]);
    // Reads (account info) write nothing; the token never appears.
    expect(lines()).toHaveLength(3);
    for (const line of raw) expect(line).not.toContain(TOKEN);
  });

  it("names who did what to which sub-account: a role changed, an invitation mailed again, a deletion", async () => {
    const sub = {
      id: "u-sub-1",
      username: "picker@example.com",
      scope: [],
      enabled: true,
      createdOn: { seconds: 1_764_000_000 },
      lastLoginOn: null,
    };
    const api = await apiWith(
      {
        "GET /account/account-info": {
          code: 200,
          data: { username: "manager@demo.test", isSingleLogin: false, scope: ["CBA_MANAGER"] },
        },
        "PUT /account/sub-account/u-sub-1": { code: 200, data: sub },
        "POST /account/sub-account/u-sub-1/invitation": { code: 1000, data: "发送过于频繁" },
        "DELETE /account/sub-account/u-sub-1": { code: 200, data: sub },
      },
      TOKEN,
    );
    await api.attempt("updateSubAccount", { params: { id: "u-sub-1" }, body: { role: "GUEST" } });
    await api.attempt("resendSubAccountInvitation", { params: { id: "u-sub-1" } });
    await api.attempt("deleteSubAccount", { params: { id: "u-sub-1" } });
    expect(lines()).toMatchObject([
      {
        event: "operation",
        action: "updateSubAccount",
        user: "manager@demo.test",
        result: "ok",
        target: { id: "u-sub-1", role: "GUEST", account: "picker@example.com" },
      },
      {
        action: "resendSubAccountInvitation",
        user: "manager@demo.test",
        result: "refused",
        backendCode: 1000,
        target: { id: "u-sub-1" },
      },
      {
        action: "deleteSubAccount",
        user: "manager@demo.test",
        result: "ok",
        target: { id: "u-sub-1", account: "picker@example.com" },
      },
    ]);
  });

  it("never writes a password or an e-mail code of a password reset", async () => {
    const api = await apiWith({});
    await api.attempt("forgotPassword", {
      body: { password: PASSWORD, checkPass: PASSWORD, captcha_id: "c-1", captcha_code: "493817" },
    });
    expect(lines()).toMatchObject([{ event: "operation", action: "forgotPassword", result: "ok" }]);
    expect(raw.join("")).not.toContain(PASSWORD);
    expect(raw.join("")).not.toContain("493817");
  });

  it("names the account of a password reset, which no session names", async () => {
    const api = await apiWith({});
    await api.attempt("forgotPassword", {
      body: { password: PASSWORD, checkPass: PASSWORD, captcha_id: "c-1", captcha_code: "493817" },
      actor: "owner@example.com",
    });
    expect(lines()).toMatchObject([
      { action: "forgotPassword", user: "owner@example.com", result: "ok" },
    ]);
  });

  it("names the user of a sign-out and of marking notices read, asked of the backend first", async () => {
    const me = {
      "GET /account/account-info": {
        code: 200,
        data: { username: "manager@demo.test", isSingleLogin: false, scope: ["CBA_MANAGER"] },
      },
      "PUT /notice/read": { code: 200, data: { unread: 0 } },
    };
    let api = await apiWith(me, TOKEN);
    await api.attempt("readNotices", { body: { ids: [] } });
    api = await apiWith(me, TOKEN);
    await api.attempt("logout");
    expect(lines()).toMatchObject([
      { action: "readNotices", user: "manager@demo.test", result: "ok" },
      { action: "logout", user: "manager@demo.test", result: "ok" },
    ]);
  });

  it("names the orders an import changed", async () => {
    const api = await apiWith(
      {
        "POST /cba/order-import": {
          code: 200,
          data: {
            total: 3,
            applied: 2,
            refused: 1,
            rows: [
              { row: 2, orderNo: "O-1", logisticsNo: "SF1234567", applied: true, reason: null },
              { row: 3, orderNo: "O-2", logisticsNo: "", applied: false, reason: "blank" },
              { row: 4, orderNo: "O-3", logisticsNo: "SF7654321", applied: true, reason: null },
            ],
          },
        },
      },
      TOKEN,
    );
    const form = new FormData();
    form.set("file", new Blob(["x"]), "numbers.xlsx");
    await api.attempt("importOrders", { formData: form });
    expect(lines()).toMatchObject([
      { action: "importOrders", orders: ["O-1", "O-3"], orderCount: 2, result: "ok" },
    ]);
  });

  it("records an operation the backend never answered", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("fetch failed");
    });
    const api = new Api({
      token: TOKEN,
      locale: "en",
      session: await storage.getSession(),
      genericMessage: "x",
    });
    await api
      .call("updateOrders", { body: { orderNoList: ["O-9"], cbaStatus: 4 } })
      .catch(() => {});
    expect(lines()).toMatchObject([
      { action: "updateOrders", orders: ["O-9"], result: "unreachable" },
    ]);
  });
});
