import { describe, expect, it } from "vitest";
import { SESSION_IDLE_MS, SESSION_MAX_MS } from "../../app/config/session-lifetime.ts";
import {
  ApiCode,
  currentUserSchema,
  loginDeviceSchema,
  pagedListOf,
  subAccountSchema,
} from "../../app/contract/index.ts";
import { mockClock } from "../../mocks/api.ts";
import { db } from "../../mocks/db.ts";
import { ADMIN, contractBackend, GUEST, MANAGER, PASSWORD, unpublishedCopyOf } from "./helpers.ts";

/** A manager of the demo's company that is not a published account. */
const OWN_MANAGER = "own.manager@example.test";

const server = contractBackend();
const { api } = server;

describe("login, logout and the current user", () => {
  it("logs in with a demo account and answers the user without secrets", async () => {
    const token = await api.login(ADMIN);
    expect(token).toMatch(/^[\w-]{40,}$/);
    const info = await api.call("/account/account-info", { token });
    expect(info.code).toBe(200);
    expect(currentUserSchema.strict().parse(info.data)).toEqual({
      username: ADMIN,
      isSingleLogin: false,
      scope: ["SYSTEM_ADMINISTRATOR", "CBA_MANAGER"],
      subAccount: false,
    });
    expect(JSON.stringify(info)).not.toMatch(/scrypt|password/i);
  });

  it("accepts the username in any case and answers 1001 for a wrong password or unknown user", async () => {
    await expect(api.login("Manager@Demo.Test")).resolves.toBeTypeOf("string");
    const wrong = await api.call("/account/login", {
      method: "POST",
      body: { username: MANAGER, password: "nope1234" },
    });
    expect(wrong).toMatchObject({ code: ApiCode.wrongCredentials, data: "用户名或密码错误" });
    const unknown = await api.call("/account/login", {
      method: "POST",
      body: { username: "nobody@demo.test", password: PASSWORD },
      lang: "en",
    });
    expect(unknown).toMatchObject({ code: 1001, data: "Wrong username or password" });
  });

  it("answers 40001 with the first problem for a malformed body, localised", async () => {
    const zh = await api.call("/account/login", { method: "POST", body: { username: "" } });
    expect(zh.code).toBe(ApiCode.invalidParameters);
    expect(zh.data).toMatch(/^username: /);
    const en = await api.call("/account/login", {
      method: "POST",
      body: "{not json",
      lang: "en-US,en;q=0.9",
    });
    expect(en.code).toBe(40001);
    const bad = await api.raw("/account/login", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "en" },
    });
    expect(bad.status).toBe(200);
    expect(((await bad.json()) as { data: string }).data).toMatch(/^username: /);
  });

  it("10 wrong passwords slow that address for 15 minutes, never the owner elsewhere (1000)", async () => {
    const attacker = { "x-forwarded-for": "203.0.113.7" };
    const owner = { "x-forwarded-for": "198.51.100.20" };
    for (let i = 0; i < 10; i++) {
      const answer = await api.call("/account/login", {
        method: "POST",
        body: { username: GUEST, password: `wrong${i}pass` },
        headers: attacker,
      });
      expect(answer.code).toBe(1001);
    }
    const refused = await api.call("/account/login", {
      method: "POST",
      body: { username: GUEST, password: PASSWORD },
      headers: attacker,
      lang: "en",
    });
    expect(refused.code).toBe(ApiCode.tooManyAttempts);
    expect(refused.data).toMatch(/from this address/);
    // The real owner, from their own address, is not locked out.
    await expect(api.login(GUEST, PASSWORD, owner)).resolves.toBeTypeOf("string");
    mockClock.advance(15 * 60 * 1000 + 1000);
    await expect(api.login(GUEST, PASSWORD, attacker)).resolves.toBeTypeOf("string");
  });

  it("has no call of the portal's own for counting attempts, as the real backend has none", async () => {
    const answer = await api.call("/account/attempts", {
      method: "POST",
      body: { add: true, counters: [{ key: "a".repeat(64), windowSeconds: 60 }] },
    });
    expect(answer.code).toBe(ApiCode.notFound);
  });

  it("answers 20001 without a token and 20002 for an unknown or malformed token", async () => {
    expect((await api.call("/account/account-info")).code).toBe(ApiCode.noToken);
    expect((await api.call("/account/account-info", { token: "forged" })).code).toBe(
      ApiCode.tokenInvalid,
    );
    const malformed = await api.call("/account/account-info", {
      headers: { authorization: "Basic abc" },
    });
    expect(malformed.code).toBe(20002);
  });

  it("logout revokes the token (20002 afterwards) and marks the device offline", async () => {
    const token = await api.login(MANAGER);
    const other = await api.login(MANAGER);
    expect((await api.call("/account/logout", { method: "POST", token })).code).toBe(200);
    expect((await api.call("/account/account-info", { token })).code).toBe(20002);
    const devices = await api.ok(
      "/account/login-device",
      { token: other },
      pagedListOf(loginDeviceSchema),
    );
    expect(devices.list.map((d) => d.status)).toEqual(["online", "Offline"]);
  });

  it("ends a token after the portal's idle time without a call (20002), and shows its device offline", async () => {
    const idle = await api.login(MANAGER);
    const kept = await api.login(MANAGER);
    mockClock.advance(SESSION_IDLE_MS - 60_000);
    expect((await api.call("/account/account-info", { token: kept })).code).toBe(200);
    mockClock.advance(60_000);
    expect((await api.call("/account/account-info", { token: idle })).code).toBe(20002);
    // A call just now kept the other token alive.
    const devices = await api.ok(
      "/account/login-device",
      { token: kept },
      pagedListOf(loginDeviceSchema),
    );
    expect(devices.list.slice(0, 2).map((device) => device.status)).toEqual(["online", "Offline"]);
  });

  it("ends a token the portal's session lifetime after its login, however busy (20002)", async () => {
    const token = await api.login(MANAGER);
    for (let elapsed = 0; elapsed < SESSION_MAX_MS - 20 * 60_000; elapsed += 20 * 60_000) {
      mockClock.advance(20 * 60_000);
      expect((await api.call("/account/account-info", { token })).code).toBe(200);
    }
    mockClock.advance(20 * 60_000);
    expect((await api.call("/account/account-info", { token })).code).toBe(20002);
  });

  it("serves the prefixed variants under /seller and /is", async () => {
    const answer = await api.call<{ token: string }>("/seller/account/login", {
      method: "POST",
      body: { username: MANAGER, password: PASSWORD },
    });
    expect(answer.code).toBe(200);
    const info = await api.call("/is/account/account-info", { token: answer.data.token });
    expect(info.code).toBe(200);
    expect((await api.call("/seller/cba/service", { token: answer.data.token })).code).toBe(40004);
  });
});

describe("login devices, single login and force offline", () => {
  it("records device and client IP of each login, newest first, with the current one flagged", async () => {
    await api.login(MANAGER, PASSWORD, {
      "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Gecko/20100101 Firefox/140.0",
      "x-forwarded-for": "203.0.113.9, 10.0.0.1",
    });
    const token = await api.login(MANAGER, PASSWORD, { "x-forwarded-for": "198.51.100.7" });
    const devices = await api.ok(
      "/account/login-device",
      { token },
      pagedListOf(loginDeviceSchema),
    );
    expect(devices.pagination).toEqual({ total: 2, pageSize: 10, current: 1 });
    expect(devices.list[0]).toMatchObject({
      device: "Chrome 156 / Windows",
      ip: "198.51.100.7",
      current: true,
    });
    expect(devices.list[1]).toMatchObject({
      device: "Firefox 140 / macOS",
      ip: "203.0.113.9",
      current: false,
    });
    const page2 = await api.ok(
      "/account/login-device",
      { token, query: { current: 2, pageSize: 1 } },
      pagedListOf(loginDeviceSchema),
    );
    expect(page2.list).toHaveLength(1);
    expect(page2.list[0]?.ip).toBe("203.0.113.9");
  });

  it("single login on: a new login sets the other devices offline and their tokens answer 20003", async () => {
    await unpublishedCopyOf(MANAGER, OWN_MANAGER);
    const first = await api.login(OWN_MANAGER);
    const set = await api.call("/account/account-info", {
      method: "PUT",
      token: first,
      body: { isSingleLogin: true },
    });
    expect(set).toMatchObject({ code: 200, data: { isSingleLogin: true } });
    const second = await api.login(OWN_MANAGER);
    const kicked = await api.call("/account/account-info", { token: first, lang: "en" });
    expect(kicked).toMatchObject({
      code: ApiCode.loggedInElsewhere,
      data: "Your account was signed in on another device, so this one was signed out",
    });
    expect((await api.call("/account/account-info", { token: second })).code).toBe(200);
  });

  it("single login off: several devices stay online", async () => {
    await unpublishedCopyOf(MANAGER, OWN_MANAGER);
    const first = await api.login(OWN_MANAGER);
    await api.login(OWN_MANAGER);
    expect((await api.call("/account/account-info", { token: first })).code).toBe(200);
  });

  it("force offline: that device's token answers 20004; offline, current and foreign devices are refused", async () => {
    await unpublishedCopyOf(MANAGER, OWN_MANAGER);
    const victim = await api.login(OWN_MANAGER);
    const me = await api.login(OWN_MANAGER);
    const devices = await api.ok(
      "/account/login-device",
      { token: me },
      pagedListOf(loginDeviceSchema),
    );
    const target = devices.list.find((d) => !d.current);
    const current = devices.list.find((d) => d.current);
    if (!target || !current) throw new Error("devices missing");
    expect(
      (await api.call(`/account/login-device/${target.deviceNo}`, { method: "PUT", token: me }))
        .code,
    ).toBe(200);
    expect((await api.call("/account/account-info", { token: victim })).code).toBe(
      ApiCode.forcedOffline,
    );
    expect(
      (await api.call(`/account/login-device/${target.deviceNo}`, { method: "PUT", token: me }))
        .code,
    ).toBe(ApiCode.wrongStatus);
    expect(
      (await api.call(`/account/login-device/${current.deviceNo}`, { method: "PUT", token: me }))
        .code,
    ).toBe(40009);
    // Another account's device is unknown to the caller, even to the platform.
    const stranger = await api.login(ADMIN);
    expect(
      (
        await api.call(`/account/login-device/${current.deviceNo}`, {
          method: "PUT",
          token: stranger,
        })
      ).code,
    ).toBe(ApiCode.notFound);
  });

  it("a published demo account refuses single login and forcing its other devices offline (40009), in the caller's language", async () => {
    const other = await api.login(MANAGER);
    const me = await api.login(MANAGER);
    const single = await api.call("/account/account-info", {
      method: "PUT",
      token: me,
      body: { isSingleLogin: true },
      lang: "en",
    });
    expect(single).toMatchObject({ code: ApiCode.wrongStatus });
    expect(String(single.data)).toContain("published demo account");
    const devices = await api.ok(
      "/account/login-device",
      { token: me },
      pagedListOf(loginDeviceSchema),
    );
    const target = devices.list.find((d) => !d.current);
    if (!target) throw new Error("the other device is missing");
    const forced = await api.call(`/account/login-device/${target.deviceNo}`, {
      method: "PUT",
      token: me,
    });
    expect(forced).toMatchObject({ code: ApiCode.wrongStatus });
    expect(String(forced.data)).toContain("公开的演示账号");
    // Nothing changed: the other person is still signed in, several at once.
    expect((await api.call("/account/account-info", { token: other })).data).toMatchObject({
      isSingleLogin: false,
    });
    // Turning it off stays possible (it cannot be on, but a request to keep it off is harmless).
    const off = await api.call("/account/account-info", {
      method: "PUT",
      token: me,
      body: { isSingleLogin: false },
    });
    expect(off.code).toBe(200);
  });

  it("the settings calls are the settings pages': a Guest is refused (40003) and changes nothing", async () => {
    const guest = await api.login(GUEST);
    const refused = [
      await api.call("/account/login-device", { token: guest }),
      await api.call("/account/account-info", {
        method: "PUT",
        token: guest,
        body: { isSingleLogin: true },
      }),
      await api.call("/account/modify-password/pwd", {
        method: "POST",
        token: guest,
        body: { oldPassword: PASSWORD, password: "N3w-secret!", checkPass: "N3w-secret!" },
      }),
    ];
    expect(refused.map((answer) => answer.code)).toEqual([
      ApiCode.forbidden,
      ApiCode.forbidden,
      ApiCode.forbidden,
    ]);
    const me = currentUserSchema.parse(
      (await api.call("/account/account-info", { token: guest })).data,
    );
    expect(me.isSingleLogin).toBe(false);
    expect(await api.login(GUEST, PASSWORD)).toBeTruthy();
  });

  it("password change: wrong old password 1001; rules 40001; other devices answer 20004, this one stays", async () => {
    // A staff account of our own: a published demo account's password cannot change.
    const own = await api.staffAccount("own.staff@example.com");
    const other = await api.login(own);
    const me = await api.login(own);
    const modify = (body: object) =>
      api.call("/account/modify-password/pwd", { method: "POST", token: me, body });
    expect(
      (
        await modify({
          oldPassword: "wrong-old",
          password: "N3w-secret!",
          checkPass: "N3w-secret!",
        })
      ).code,
    ).toBe(ApiCode.wrongCredentials);
    expect(
      (await modify({ oldPassword: PASSWORD, password: "N3w-secret!", checkPass: "different!" }))
        .code,
    ).toBe(40001);
    expect(
      (await modify({ oldPassword: PASSWORD, password: "12345678", checkPass: "12345678" })).code,
    ).toBe(40001);
    expect(
      (await modify({ oldPassword: PASSWORD, password: "password123", checkPass: "password123" }))
        .code,
    ).toBe(40001);
    expect((await modify({ oldPassword: PASSWORD, password: own, checkPass: own })).code).toBe(
      40001,
    );
    expect(
      (await modify({ oldPassword: PASSWORD, password: PASSWORD, checkPass: PASSWORD })).code,
    ).toBe(40001);
    expect(
      (await modify({ oldPassword: PASSWORD, password: "N3w-secret!", checkPass: "N3w-secret!" }))
        .code,
    ).toBe(200);
    expect((await api.call("/account/account-info", { token: other })).code).toBe(
      ApiCode.forcedOffline,
    );
    expect((await api.call("/account/account-info", { token: me })).code).toBe(200);
    expect(
      (
        await api.call("/account/login", {
          method: "POST",
          body: { username: own, password: PASSWORD },
        })
      ).code,
    ).toBe(1001);
    await expect(api.login(own, "N3w-secret!")).resolves.toBeTypeOf("string");
  });
});

describe("sub-accounts", () => {
  it("lists, creates (invitation mail), changes role and disables sub-accounts of a main account", async () => {
    const token = await api.login(MANAGER);
    const list = await api.ok("/account/sub-account", { token }, pagedListOf(subAccountSchema));
    expect(list.list.map((s) => s.username)).toEqual(["intern@demo.test", "ops@demo.test"]);
    const opsId = list.list.find((s) => s.username === "ops@demo.test")?.id;

    const created = await api.ok(
      "/account/sub-account",
      { method: "POST", token, body: { email: "Picker@Demo.test", role: "CBA_MANAGER" } },
      subAccountSchema,
    );
    expect(created).toMatchObject({
      username: "picker@demo.test",
      scope: ["CBA_MANAGER"],
      enabled: true,
    });
    expect((await api.lastMail("picker@demo.test")).text).toContain(MANAGER);
    const taken = await api.call("/account/sub-account", {
      method: "POST",
      token,
      body: { email: GUEST, role: "GUEST" },
    });
    expect(taken.code).toBe(ApiCode.emailTaken);

    // A staff sub-account like ops@demo.test that is not published.
    const staff = await unpublishedCopyOf("ops@demo.test", "ops.copy@example.com");
    const staffId = db.userIdByName.get(staff);
    const signedInStaff = await api.login(staff);
    const demoted = await api.ok(
      `/account/sub-account/${staffId}`,
      { method: "PUT", token, body: { role: "GUEST" } },
      subAccountSchema,
    );
    expect(demoted.scope).toEqual([]);
    const disabled = await api.ok(
      `/account/sub-account/${staffId}`,
      { method: "PUT", token, body: { enabled: false } },
      subAccountSchema,
    );
    expect(disabled.enabled).toBe(false);
    expect((await api.call("/account/account-info", { token: signedInStaff })).code).toBe(
      ApiCode.forcedOffline,
    );
    const login = await api.call("/account/login", {
      method: "POST",
      body: { username: staff, password: PASSWORD },
    });
    expect(login.code).toBe(ApiCode.forbidden);
    expect(
      (await api.call(`/account/sub-account/${opsId}`, { method: "PUT", token, body: {} })).code,
    ).toBe(40001);
  });

  it("keeps a published demo sub-account for everyone: it is neither disabled nor given another role (40009), and enabling it is accepted", async () => {
    const token = await api.login(MANAGER);
    const list = await api.ok("/account/sub-account", { token }, pagedListOf(subAccountSchema));
    const idOf = (username: string) => list.list.find((s) => s.username === username)?.id;
    const ops = await api.login("ops@demo.test");
    for (const body of [{ enabled: false }, { role: "GUEST" }, { role: "GUEST", enabled: true }]) {
      const refused = await api.call(`/account/sub-account/${idOf("ops@demo.test")}`, {
        method: "PUT",
        token,
        body,
        lang: "en",
      });
      expect(refused.code, JSON.stringify(body)).toBe(ApiCode.wrongStatus);
      expect(refused.msg).toContain("published demo account");
    }
    // Its own role again, or enabled again, changes nothing and is accepted.
    const same = await api.ok(
      `/account/sub-account/${idOf("ops@demo.test")}`,
      { method: "PUT", token, body: { role: "CBA_MANAGER", enabled: true } },
      subAccountSchema,
    );
    expect(same).toMatchObject({ enabled: true, scope: ["CBA_MANAGER"] });
    expect((await api.call("/account/account-info", { token: ops })).code).toBe(200);
    const intern = await api.ok(
      `/account/sub-account/${idOf("intern@demo.test")}`,
      { method: "PUT", token, body: { enabled: true } },
      subAccountSchema,
    );
    expect(intern.enabled).toBe(true);
  });

  it("refuses sub-account management to sub-accounts and users without a staff role (40003), foreign ids (40004)", async () => {
    const ops = await api.login("ops@demo.test");
    expect((await api.call("/account/sub-account", { token: ops })).code).toBe(ApiCode.forbidden);
    const guest = await api.login(GUEST);
    expect((await api.call("/account/sub-account", { token: guest })).code).toBe(ApiCode.forbidden);
    const grant = await api.call("/account/sub-account", {
      method: "POST",
      token: guest,
      body: { email: "helper@demo.test", role: "GUEST" },
    });
    expect(grant.code).toBe(ApiCode.forbidden);
    const manager = await api.login(MANAGER);
    const list = await api.ok(
      "/account/sub-account",
      { token: manager },
      pagedListOf(subAccountSchema),
    );
    const admin = await api.login(ADMIN);
    const foreign = await api.call(`/account/sub-account/${list.list[0]?.id}`, {
      method: "PUT",
      token: admin,
      body: { enabled: false },
    });
    expect(foreign.code).toBe(ApiCode.notFound);
    const adminList = await api.ok(
      "/account/sub-account",
      { token: admin },
      pagedListOf(subAccountSchema),
    );
    expect(adminList.pagination.total).toBe(0);
  });
});

describe("sub-accounts: the invitation again, and deleting", () => {
  async function created(token: string, email: string) {
    return api.ok(
      "/account/sub-account",
      { method: "POST", token, body: { email, role: "GUEST" } },
      subAccountSchema,
    );
  }

  it("mails the invitation again, once a minute per address, only to a sub-account that still needs it", async () => {
    const token = await api.login(MANAGER);
    const sub = await created(token, "again@demo.test");
    const path = `/account/sub-account/${sub.id}/invitation`;
    // The creation's mail was the first: a minute to wait, whoever asks.
    const early = await api.call<string>(path, { method: "POST", token });
    expect(early.code).toBe(ApiCode.tooManyAttempts);
    expect(early.msg).toMatch(/60/);
    mockClock.advance(61_000);
    const again = await api.ok(path, { method: "POST", token }, subAccountSchema);
    expect(again.username).toBe("again@demo.test");
    const mail = await api.lastMail("again@demo.test");
    expect(mail.text).toContain(MANAGER);
    expect((await api.call(path, { method: "POST", token })).code).toBe(ApiCode.tooManyAttempts);

    // Signed in once, the account has its password; disabled, it could not use one.
    const ops = (
      await api.ok("/account/sub-account", { token }, pagedListOf(subAccountSchema))
    ).list
      .filter((row) => row.username === "ops@demo.test" || row.username === "intern@demo.test")
      .map((row) => row.id);
    await api.login("ops@demo.test");
    for (const id of ops) {
      const refused = await api.call(`/account/sub-account/${id}/invitation`, {
        method: "POST",
        token,
      });
      expect(refused.code).toBe(ApiCode.wrongStatus);
    }
  });

  it("counts invitations against the e-mail limit of the caller's address", async () => {
    const token = await api.login(MANAGER);
    const ids: string[] = [];
    for (let index = 0; index < 11; index += 1) {
      ids.push((await created(token, `many-${index}@demo.test`)).id);
    }
    mockClock.advance(61_000);
    const headers = { "X-Forwarded-For": "203.0.113.77" };
    const codes: number[] = [];
    // Each address may be mailed again, but one caller gets ten mails a minute.
    for (const id of ids) {
      codes.push(
        (
          await api.call(`/account/sub-account/${id}/invitation`, {
            method: "POST",
            token,
            headers,
          })
        ).code,
      );
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes[10]).toBe(ApiCode.tooManyAttempts);
  });

  it("deletes a sub-account: its sessions end with the reason, its address is free again, its name stays in answers", async () => {
    const email = await api.staffAccount("leaving@demo.test");
    const own = await api.login(email);
    const token = await api.login(MANAGER);
    const list = await api.ok("/account/sub-account", { token }, pagedListOf(subAccountSchema));
    const id = list.list.find((row) => row.username === email)?.id ?? "";
    const gone = await api.ok(
      `/account/sub-account/${id}`,
      { method: "DELETE", token },
      subAccountSchema,
    );
    expect(gone.username).toBe(email);
    const ended = await api.call<string>("/account/account-info", { token: own });
    expect(ended.code).toBe(ApiCode.forcedOffline);
    expect(ended.msg).toBe("该账号已被公司主账号删除");
    const login = await api.call("/account/login", {
      method: "POST",
      body: { username: email, password: PASSWORD },
    });
    expect(login.code).toBe(ApiCode.wrongCredentials);
    const after = await api.ok("/account/sub-account", { token }, pagedListOf(subAccountSchema));
    expect(after.list.map((row) => row.username)).not.toContain(email);
    expect((await api.call(`/account/sub-account/${id}`, { method: "DELETE", token })).code).toBe(
      ApiCode.notFound,
    );
    // The address may be given again: a new account, with a new id.
    mockClock.advance(61_000);
    expect((await created(token, email)).id).not.toBe(id);
  });

  it("refuses to delete a published demo account, and another company's sub-account is unknown", async () => {
    const token = await api.login(MANAGER);
    const list = await api.ok("/account/sub-account", { token }, pagedListOf(subAccountSchema));
    const ops = list.list.find((row) => row.username === "ops@demo.test")?.id ?? "";
    const demo = await api.call(`/account/sub-account/${ops}`, { method: "DELETE", token });
    expect(demo.code).toBe(ApiCode.wrongStatus);
    const other = await api.login("nansha.trade@demo.test");
    for (const [path, method] of [
      [`/account/sub-account/${ops}`, "DELETE"],
      [`/account/sub-account/${ops}/invitation`, "POST"],
    ] as const) {
      expect((await api.call(path, { method, token: other })).code).toBe(ApiCode.notFound);
    }
    const sub = await api.login("ops@demo.test");
    expect(
      (await api.call(`/account/sub-account/${ops}`, { method: "DELETE", token: sub })).code,
    ).toBe(ApiCode.forbidden);
  });
});

describe("unknown paths", () => {
  it("answers HTTP 404 with an envelope", async () => {
    const response = await api.raw("/no/such/call");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 40004 });
  });

  it("treats a trailing slash like none", async () => {
    const token = await api.login(MANAGER);
    expect((await api.call("/account/account-info/", { token })).code).toBe(200);
  });
});
