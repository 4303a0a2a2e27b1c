import { describe, expect, it } from "vitest";
import { ApiCode, currentUserSchema } from "../../app/contract/index.ts";
import { mockClock } from "../../mocks/api.ts";
import { contractBackend, MANAGER, PASSWORD } from "./helpers.ts";

const server = contractBackend();
const { api } = server;

const NEW = "new.user@example.com";
const GOOD = "Bonded-2026";

async function sendCode(email: string, scene?: string, prefix = "") {
  return api.call<{ captcha_id: string }>(`${prefix}/account/captcha/email`, {
    query: { email, scene },
  });
}

function register(body: Partial<Record<string, string>>) {
  return api.call("/account/register/email", {
    method: "POST",
    body: { email: NEW, username: NEW, password: GOOD, checkPass: GOOD, ...body },
  });
}

function forgot(body: Record<string, string>, prefix = "") {
  return api.call(`${prefix}/account/login/forgot-password`, { method: "POST", body });
}

describe("availability and e-mail codes", () => {
  it("check/account answers true for a free address and false for a taken one (any case)", async () => {
    expect(await api.call("/account/check/account", { query: { username: NEW } })).toMatchObject({
      code: 200,
      data: true,
    });
    expect(
      (await api.call("/account/check/account", { query: { username: "MANAGER@demo.test" } })).data,
    ).toBe(false);
    expect(
      (await api.call("/is/account/check/account", { query: { username: MANAGER } })).data,
    ).toBe(false);
    expect(
      (await api.call("/account/check/account", { query: { username: "not-an-email" } })).code,
    ).toBe(40001);
  });

  it("mails a 6-digit code bound to a captcha_id; a second request within 60 s answers 1000", async () => {
    const sent = await sendCode(NEW);
    expect(sent.code).toBe(200);
    expect(sent.data.captcha_id).toMatch(/^[0-9a-f]{32}$/);
    const mail = await api.lastMail(NEW);
    expect(mail.subject).toContain("验证码");
    expect(await api.lastCode(NEW)).toMatch(/^\d{6}$/);

    mockClock.advance(59_000);
    const again = await sendCode(NEW, "register");
    expect(again.code).toBe(ApiCode.tooManyAttempts);
    expect(again.data).toMatch(/1 秒/);
    mockClock.advance(1_000);
    expect((await sendCode(NEW)).code).toBe(200);
  });

  it("register flow: 1002 for a taken address; forgot flow: 1003 for an unknown one", async () => {
    const taken = await sendCode(MANAGER, "register");
    expect(taken).toMatchObject({ code: ApiCode.emailTaken, data: "该邮箱已被占用，请更换邮箱" });
    const unknown = await api.call("/account/captcha/email", {
      query: { email: NEW, scene: "forgot" },
      lang: "en",
    });
    expect(unknown).toMatchObject({
      code: ApiCode.accountNotFound,
      data: "This account does not exist",
    });
    expect((await sendCode(NEW, "other")).code).toBe(40001);
    expect((await sendCode("nope")).code).toBe(40001);
  });
});

const OWN = "own.account@example.com";

describe("the e-mail code call without a scene", () => {
  it("a known address gets a recovery code that resets its password; a free one a registration code", async () => {
    await api.registerAccount(OWN);
    const recovery = await sendCode(OWN);
    expect(recovery.code).toBe(200);
    const code = await api.lastCode(OWN);
    const reset = await forgot({
      password: "Harbour-2027",
      checkPass: "Harbour-2027",
      captcha_id: recovery.data.captcha_id,
      captcha_code: code,
    });
    expect(reset.code).toBe(200);
    expect(await api.login(OWN, "Harbour-2027")).toBeTruthy();

    const registration = await sendCode(NEW);
    expect(registration.code).toBe(200);
    const newCode = await api.lastCode(NEW);
    expect(
      (await register({ captcha_id: registration.data.captcha_id, captcha_code: newCode })).code,
    ).toBe(200);
  });
});

describe("registration", () => {
  it("creates an account without roles after a correct code; the code works once", async () => {
    const { data } = await sendCode(NEW);
    const code = await api.lastCode(NEW);
    expect((await register({ captcha_id: data.captcha_id, captcha_code: code })).code).toBe(200);
    const token = await api.login(NEW, GOOD);
    const me = currentUserSchema.parse((await api.call("/account/account-info", { token })).data);
    expect(me).toEqual({ username: NEW, isSingleLogin: false, scope: [], subAccount: false });
    expect((await api.call("/account/check/account", { query: { username: NEW } })).data).toBe(
      false,
    );
    const again = await register({ captcha_id: data.captcha_id, captcha_code: code });
    expect(again.code).toBe(ApiCode.emailTaken);
    const notices = await api.call<{ unread: number }>("/notice", { token });
    expect(notices.data.unread).toBe(1);
  });

  it("answers 40001 for a mismatched username, differing or weak passwords, before using the code", async () => {
    const { data } = await sendCode(NEW);
    const code = await api.lastCode(NEW);
    const base = { captcha_id: data.captcha_id, captcha_code: code };
    expect((await register({ ...base, username: "other@example.com" })).code).toBe(
      ApiCode.invalidParameters,
    );
    expect((await register({ ...base, checkPass: "Bonded-2027" })).data).toBe(
      "两次输入的密码不一致",
    );
    for (const weak of ["short1!", "123456789", "Password123", NEW]) {
      const answer = await register({ ...base, password: weak, checkPass: weak });
      expect(answer.code, weak).toBe(40001);
    }
    expect((await register(base)).code).toBe(200);
  });

  it("answers 1004 for a wrong, foreign, superseded or expired code", async () => {
    const first = await sendCode(NEW);
    const firstCode = await api.lastCode(NEW);
    expect(
      (
        await register({
          captcha_id: first.data.captcha_id,
          captcha_code: "000000" === firstCode ? "111111" : "000000",
        })
      ).code,
    ).toBe(ApiCode.wrongEmailCode);
    // A code sent to another address does not register this one.
    const other = await sendCode("other@example.com");
    const otherCode = await api.lastCode("other@example.com");
    expect(
      (await register({ captcha_id: other.data.captcha_id, captcha_code: otherCode })).code,
    ).toBe(1004);
    // A newer code replaces the older one.
    mockClock.advance(61_000);
    const second = await sendCode(NEW);
    expect(
      (await register({ captcha_id: first.data.captcha_id, captcha_code: firstCode })).code,
    ).toBe(1004);
    // Codes expire after 10 minutes.
    mockClock.advance(10 * 60_000);
    const secondCode = await api.lastCode(NEW);
    expect(
      (await register({ captcha_id: second.data.captcha_id, captcha_code: secondCode })).code,
    ).toBe(1004);
    expect((await register({ captcha_id: "unknown", captcha_code: secondCode })).code).toBe(1004);
  });

  it("kills a code after 5 wrong tries (1000 afterwards, even with the right code)", async () => {
    const { data } = await sendCode(NEW);
    const code = await api.lastCode(NEW);
    const wrong = code === "999999" ? "888888" : "999999";
    for (let i = 0; i < 5; i++) {
      expect((await register({ captcha_id: data.captcha_id, captcha_code: wrong })).code).toBe(
        1004,
      );
    }
    const dead = await register({ captcha_id: data.captcha_id, captcha_code: code });
    expect(dead.code).toBe(ApiCode.tooManyAttempts);
  });
});

describe("forgot password", () => {
  it("resets the password of the account the code was sent to; every device goes offline (20004)", async () => {
    await api.registerAccount(OWN);
    const before = await api.login(OWN);
    const sent = await sendCode(OWN, "forgot", "/seller");
    expect(sent.code).toBe(200);
    expect((await api.lastMail(OWN)).text).toContain("重置密码");
    const code = await api.lastCode(OWN);
    const body = {
      password: GOOD,
      checkPass: GOOD,
      captcha_id: sent.data.captcha_id,
      captcha_code: code,
    };
    expect((await forgot({ ...body, checkPass: "different-1" })).code).toBe(40001);
    expect((await forgot({ ...body, password: "12345678", checkPass: "12345678" })).code).toBe(
      40001,
    );
    expect((await forgot({ ...body, password: OWN, checkPass: OWN })).code).toBe(40001);
    expect((await forgot(body, "/is")).code).toBe(200);
    expect((await api.call("/account/account-info", { token: before })).code).toBe(
      ApiCode.forcedOffline,
    );
    const old = await api.call("/account/login", {
      method: "POST",
      body: { username: OWN, password: PASSWORD },
    });
    expect(old.code).toBe(ApiCode.wrongCredentials);
    await expect(api.login(OWN, GOOD)).resolves.toBeTypeOf("string");
    expect((await forgot(body)).code).toBe(1004);
  });

  it("does not accept a registration code, nor a wrong one (1004)", async () => {
    const reg = await sendCode(NEW);
    const regCode = await api.lastCode(NEW);
    const body = {
      password: GOOD,
      checkPass: GOOD,
      captcha_id: reg.data.captcha_id,
      captcha_code: regCode,
    };
    expect((await forgot(body)).code).toBe(ApiCode.wrongEmailCode);
    await api.registerAccount(OWN);
    const sent = await sendCode(OWN, "forgot");
    const code = await api.lastCode(OWN);
    const wrong = code === "123456" ? "654321" : "123456";
    expect(
      (await forgot({ ...body, captcha_id: sent.data.captcha_id, captcha_code: wrong })).code,
    ).toBe(1004);
  });

  it("lets an invited sub-account set its first password", async () => {
    const owner = await api.login(MANAGER);
    await api.call("/account/sub-account", {
      method: "POST",
      token: owner,
      body: { email: "packer@example.com", role: "CBA_MANAGER" },
    });
    mockClock.advance(61_000);
    const sent = await sendCode("packer@example.com", "forgot");
    const code = await api.lastCode("packer@example.com");
    const body = {
      password: GOOD,
      checkPass: GOOD,
      captcha_id: sent.data.captcha_id,
      captcha_code: code,
    };
    expect((await forgot(body)).code).toBe(200);
    const token = await api.login("packer@example.com", GOOD);
    expect((await api.call("/cba/service", { token })).code).toBe(200);
  });
});
