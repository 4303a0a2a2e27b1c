/**
 * Password recovery (docs/product.md, Forgot password) through its route module: every
 * step's refusal and success, the image code, sending the code again, the
 * systems of `?system=`, and the sign-in with the new password.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as page from "~/routes/forgot-password.tsx";
import * as signIn from "~/routes/login-form.tsx";
import { setAuditDestination } from "~/utils/audit.server.ts";
import { errorsOf, freshBackend, type Visitor, visitor } from "./account-harness.ts";

const PATH = "/forge_password";
/** An account each test's browser registers: a published demo account cannot be reset. */
const ACCOUNT = "recovering@example.com";

beforeEach(freshBackend);
afterEach(() => {
  vi.useRealTimers();
});

type State = {
  system: string;
  step: number;
  email: string;
  resendIn: number;
  sentBefore: boolean;
  notice: { kind: string; message: string } | null;
};

async function stateOf(browser: Visitor, path = PATH): Promise<State> {
  return (await browser.get(page, path)).data as State;
}

/** Step 1 for `email`, right: the browser stands on step 2. */
async function confirmAccount(browser: Visitor, email = ACCOUNT, path = PATH) {
  const code = await browser.imageCode("forgot");
  const outcome = await browser.post(page, path, { intent: "account", email, code });
  expect(outcome.location).toBe(path);
}

/** Steps 1 and 2: the code sent and typed in; the browser stands on step 3. */
async function toStepThree(browser: Visitor, email = ACCOUNT) {
  await confirmAccount(browser, email);
  await browser.post(page, PATH, { intent: "send" });
  const code = await browser.mailedCode(email);
  expect((await browser.post(page, PATH, { intent: "next", emailCode: code })).location).toBe(PATH);
  expect((await stateOf(browser)).step).toBe(3);
  return code;
}

/** A browser that registered ACCOUNT: it reads that account's mail. */
async function owner(): Promise<Visitor> {
  const browser = visitor();
  await browser.registerAccount(ACCOUNT);
  return browser;
}

describe("recovery step 1: the account behind an image code", () => {
  it("refuses a form that does not parse and a wrong image code, with a new image each time", async () => {
    const browser = visitor();
    const empty = await browser.post(page, PATH, { intent: "account", email: "" });
    expect(Object.keys(errorsOf(empty))).toEqual(expect.arrayContaining(["email", "code"]));
    expect(empty.data).toHaveProperty("captchaNonce");

    const wrong = await browser.post(page, PATH, {
      intent: "account",
      email: ACCOUNT,
      code: "ZZ9Z",
    });
    expect(errorsOf(wrong).code).toEqual(["auth.codeWrong"]);
    expect(wrong.data).toHaveProperty("captchaNonce");
    expect((wrong.data as { initialValue?: object }).initialValue).not.toHaveProperty("code");
    expect((await stateOf(browser)).step).toBe(1);
  });

  it("refuses an address without an account", async () => {
    const browser = visitor();
    const code = await browser.imageCode("forgot");
    const outcome = await browser.post(page, PATH, {
      intent: "account",
      email: "nobody-here@example.com",
      code,
    });
    expect(errorsOf(outcome).email).toEqual(["account.errors.accountNotFound"]);
  });

  it("goes on to step 2 with an account", async () => {
    const browser = await owner();
    await confirmAccount(browser);
    expect(await stateOf(browser)).toMatchObject({
      system: "cba",
      step: 2,
      email: ACCOUNT,
      sentBefore: false,
    });
  });

  it("goes on without the image code for whoever cannot read it: the e-mail code is sent at once", async () => {
    const browser = await owner();
    const refused = await browser.post(page, PATH, { intent: "account", email: ACCOUNT });
    expect(errorsOf(refused).code).toEqual(["auth.codeRequired"]);
    const outcome = await browser.post(page, PATH, {
      intent: "account",
      email: ACCOUNT,
      withoutImage: "1",
    });
    expect(outcome.status).toBe(302);
    expect(await stateOf(browser)).toMatchObject({ step: 2, email: ACCOUNT, sentBefore: true });
    expect(await browser.mailedCode(ACCOUNT)).toMatch(/^\d{6}$/);
  });

  it("keeps each system's flow to itself", async () => {
    const browser = await owner();
    const seller = `${PATH}/?system=seller`;
    await confirmAccount(browser, ACCOUNT, seller);
    expect(await stateOf(browser, seller)).toMatchObject({ system: "seller", step: 2 });
    expect(await stateOf(browser)).toMatchObject({ system: "cba", step: 1 });
  });
});

describe("recovery step 2: the e-mail code", () => {
  it("refuses to go on before a code was sent, and without a code", async () => {
    const browser = await owner();
    await confirmAccount(browser);
    const early = await browser.post(page, PATH, { intent: "next", emailCode: "123456" });
    expect(errorsOf(early).emailCode).toEqual(["account.errors.sendFirst"]);
    const empty = await browser.post(page, PATH, { intent: "next", emailCode: "" });
    expect(errorsOf(empty).emailCode).toEqual(["account.errors.emailCodeRequired"]);
  });

  it("sends the code, refuses to send again within 60 s, sends again after", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const browser = await owner();
    await confirmAccount(browser);
    await browser.post(page, PATH, { intent: "send" });
    const state = await stateOf(browser);
    expect(state).toMatchObject({ sentBefore: true, notice: { kind: "success" } });
    expect(state.resendIn).toBeGreaterThan(55);
    const first = await browser.mailedCode(ACCOUNT);

    vi.setSystemTime(Date.now() + 10_000);
    const again = await browser.post(page, PATH, { intent: "send" });
    expect(errorsOf(again)[""]?.[0]).toMatch(/发送过于频繁，请 (49|50) 秒后再试/);

    vi.setSystemTime(Date.now() + 51_000);
    expect((await browser.post(page, PATH, { intent: "send" })).location).toBe(PATH);
    expect(await browser.mailedCode(ACCOUNT)).not.toBe(first);
  });

  it("goes back to step 1, and the code sent keeps counting down", async () => {
    const browser = await owner();
    await confirmAccount(browser);
    await browser.post(page, PATH, { intent: "send" });
    await browser.post(page, PATH, { intent: "previous" });
    expect((await stateOf(browser)).step).toBe(1);
    await confirmAccount(browser);
    const state = await stateOf(browser);
    expect(state).toMatchObject({ step: 2, sentBefore: true });
    expect(state.resendIn).toBeGreaterThan(0);
  });
});

describe("recovery step 3: the new password", () => {
  it("refuses passwords that differ, without sending them back", async () => {
    const browser = await owner();
    await toStepThree(browser);
    const outcome = await browser.post(page, PATH, {
      intent: "confirm",
      password: "Bonded-2026",
      checkPass: "Bonded-2027",
    });
    expect(errorsOf(outcome).checkPass).toEqual(["account.errors.passwordsDiffer"]);
    expect((outcome.data as { initialValue?: object }).initialValue).not.toHaveProperty("password");
  });

  it("sends a wrong e-mail code back to step 2 with the backend's message", async () => {
    const browser = await owner();
    await confirmAccount(browser);
    await browser.post(page, PATH, { intent: "send" });
    const code = await browser.mailedCode(ACCOUNT);
    const wrong = code === "000000" ? "111111" : "000000";
    await browser.post(page, PATH, { intent: "next", emailCode: wrong });
    const outcome = await browser.post(page, PATH, {
      intent: "confirm",
      password: "Bonded-2026",
      checkPass: "Bonded-2026",
    });
    expect(outcome.location).toBe(PATH);
    expect(await stateOf(browser)).toMatchObject({ step: 2, notice: { kind: "error" } });
  });

  it("sets the new password, shows done once, and the new password signs in", async () => {
    const browser = await owner();
    const email = ACCOUNT;
    await toStepThree(browser, email);
    const password = "Bonded-Route-2026";
    const done = await browser.post(page, PATH, {
      intent: "confirm",
      password,
      checkPass: password,
    });
    expect(done.location).toBe(PATH);
    expect((await stateOf(browser)).step).toBe(4);
    // "Done" is shown once: the flow ends with it.
    expect((await stateOf(browser)).step).toBe(1);

    const code = await browser.imageCode("login");
    const login = await browser.post(signIn, "/login", { username: email, password, code });
    expect(login.status).toBe(302);
    expect(login.location).not.toBe("/");
  });

  it("goes back to step 2", async () => {
    const browser = await owner();
    await toStepThree(browser);
    await browser.post(page, PATH, { intent: "previous" });
    expect((await stateOf(browser)).step).toBe(2);
  });
});

describe("the audit trail of a recovery", () => {
  it("names the account whose password was reset", async () => {
    const lines: string[] = [];
    setAuditDestination({ write: (line: string) => lines.push(line) });
    try {
      const browser = await owner();
      await toStepThree(browser);
      const password = "Bonded-Route-2026";
      await browser.post(page, PATH, { intent: "confirm", password, checkPass: password });
    } finally {
      setAuditDestination();
    }
    const reset = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.action === "forgotPassword");
    expect(reset).toMatchObject([{ user: ACCOUNT, result: "ok" }]);
  });
});

describe("the published demo accounts", () => {
  it("are named on steps 1 and 2 in demo mode, and refused a code with the backend's reason", async () => {
    const browser = visitor();
    expect(await stateOf(browser)).toMatchObject({ step: 1, demoMode: true });
    await confirmAccount(browser, "manager@demo.test");
    const refused = await browser.post(page, PATH, { intent: "send" });
    expect(errorsOf(refused)[""]).toEqual([
      "这是公开的演示账号，不能重置或修改密码。请注册自己的账号来体验此功能",
    ]);
    expect(await stateOf(browser)).toMatchObject({ step: 2, sentBefore: false });
    await expect(browser.mailedCode("manager@demo.test")).rejects.toThrow(/no code/);
  });

  it("a stranger asking for another's reset code never reads it", async () => {
    await owner();
    const stranger = visitor();
    await confirmAccount(stranger);
    expect((await stranger.post(page, PATH, { intent: "send" })).location).toBe(PATH);
    await expect(stranger.mailedCode(ACCOUNT)).rejects.toThrow(/no code/);
  });
});
