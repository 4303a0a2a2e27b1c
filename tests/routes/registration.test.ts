/**
 * Registration (docs/product.md, Registration) through its route modules: every step's
 * refusal and success, the image code, sending the e-mail code again.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as page from "~/routes/register/account-registration.tsx";
import * as stepPage from "~/routes/register/account-registration-step.tsx";
import { errorsOf, freshBackend, type Visitor, visitor } from "./account-harness.ts";

const PATH = "/register/accountRegistration";
const PASSWORD = "Bonded-2026";
let serial = 0;

beforeAll(freshBackend);
afterEach(() => {
  vi.useRealTimers();
});

function newAddress(): string {
  serial += 1;
  return `route-register-${serial}-${Date.now()}@example.com`;
}

type State = { step: number; email: string; notice: { message: string } | null };

async function stateOf(browser: Visitor, path = PATH): Promise<State> {
  return (await browser.get(page, path)).data as State;
}

/** Step 1, right to the end: the browser stands on step 2. */
async function toStepTwo(browser: Visitor, email = newAddress()) {
  const code = await browser.imageCode("register");
  const outcome = await browser.post(page, PATH, {
    intent: "account",
    email,
    password: PASSWORD,
    checkPass: PASSWORD,
    code,
  });
  expect(outcome.status).toBe(302);
  expect(outcome.location).toBe(PATH);
  return email;
}

describe("registration step 1: account details behind an image code", () => {
  it("refuses a form that does not parse, with a new image and no secrets sent back", async () => {
    const browser = visitor();
    await browser.get(page, PATH);
    const outcome = await browser.post(page, PATH, { intent: "account", email: "not-an-address" });
    expect(outcome.status).toBe(200);
    const reply = outcome.data as { captchaNonce?: string; initialValue?: Record<string, unknown> };
    expect(reply.captchaNonce).toEqual(expect.any(String));
    expect(Object.keys(errorsOf(outcome))).toEqual(
      expect.arrayContaining(["email", "password", "checkPass", "code"]),
    );
    expect(reply.initialValue).not.toHaveProperty("code");
    expect(reply.initialValue).not.toHaveProperty("password");
    expect((await stateOf(browser)).step).toBe(1);
  });

  it("refuses a wrong image code, and a right one used twice", async () => {
    const browser = visitor();
    const email = newAddress();
    const fields = { intent: "account", email, password: PASSWORD, checkPass: PASSWORD };
    const wrong = await browser.post(page, PATH, { ...fields, code: "ZZ9Z" });
    expect(errorsOf(wrong).code).toEqual(["auth.codeWrong"]);

    const code = await browser.imageCode("register");
    const jar = new Map(browser.jar);
    expect((await browser.post(page, PATH, { ...fields, code })).status).toBe(302);
    // The same cookie and code again (a replay): the ticket is spent.
    const replay = visitor({ ip: browser.ip });
    for (const [name, value] of jar) replay.jar.set(name, value);
    expect(errorsOf(await replay.post(page, PATH, { ...fields, code })).code).toEqual([
      "auth.codeWrong",
    ]);
  });

  it("goes on without the image code for whoever cannot read it: the activation code is sent at once", async () => {
    const browser = visitor();
    await browser.get(page, PATH);
    const email = newAddress();
    const fields = { intent: "account", email, password: PASSWORD, checkPass: PASSWORD };
    expect(errorsOf(await browser.post(page, PATH, fields)).code).toEqual(["auth.codeRequired"]);
    const outcome = await browser.post(page, PATH, { ...fields, withoutImage: "1" });
    expect(outcome.status).toBe(302);
    const state = await stateOf(browser);
    expect(state).toMatchObject({ step: 2, email });
    expect(state.notice?.message).toBeTruthy();
    expect(await browser.mailedCode(email)).toMatch(/^\d{6}$/);
  });

  it("counts a post without the image code as a code request: the eleventh in a minute is refused", async () => {
    const browser = visitor();
    const outcomes: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const outcome = await browser.post(page, PATH, {
        intent: "account",
        email: newAddress(),
        password: PASSWORD,
        checkPass: PASSWORD,
        withoutImage: "1",
      });
      outcomes.push(outcome.status);
    }
    expect(outcomes.slice(0, 10).every((status) => status === 302)).toBe(true);
    expect(outcomes[10]).toBe(429);
  });

  it("refuses an address that is taken", async () => {
    const browser = visitor();
    const code = await browser.imageCode("register");
    const outcome = await browser.post(page, PATH, {
      intent: "account",
      email: "manager@demo.test",
      password: PASSWORD,
      checkPass: PASSWORD,
      code,
    });
    expect(errorsOf(outcome).email).toEqual(["account.errors.emailTaken"]);
    expect((await stateOf(browser)).step).toBe(1);
  });

  it("goes on to step 2 with a free address; the step page says so", async () => {
    const browser = visitor();
    expect(
      (await browser.get(stepPage, "/register/components/accountRegistrationStep")).data,
    ).toEqual({
      step: 1,
      started: false,
    });
    const email = await toStepTwo(browser);
    expect(await stateOf(browser)).toMatchObject({ step: 2, email, notice: null });
    expect(
      (await browser.get(stepPage, "/register/components/accountRegistrationStep")).data,
    ).toEqual({
      step: 2,
      started: true,
    });
  });
});

describe("registration step 2: the activation code", () => {
  it("refuses to activate before a code was sent", async () => {
    const browser = visitor();
    await toStepTwo(browser);
    const outcome = await browser.post(page, PATH, {
      intent: "activate",
      activationCode: "123456",
    });
    expect(errorsOf(outcome).activationCode).toEqual(["account.errors.sendFirst"]);
  });

  it("sends the code, refuses to send again within 60 s, sends again after", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const browser = visitor();
    const email = await toStepTwo(browser);

    const sent = await browser.post(page, PATH, { intent: "send" });
    expect(sent.location).toBe(PATH);
    const state = (await browser.get(page, PATH)).data as State & {
      resendIn: number;
      sentBefore: boolean;
    };
    expect(state).toMatchObject({ step: 2, sentBefore: true, notice: { message: "发送成功" } });
    expect(state.resendIn).toBeGreaterThan(55);
    // The notice is shown once.
    expect((await stateOf(browser)).notice).toBeNull();
    const first = await browser.mailedCode(email);

    vi.setSystemTime(Date.now() + 30_000);
    const early = await browser.post(page, PATH, { intent: "send" });
    expect(early.status).toBe(200);
    expect(errorsOf(early)[""]?.[0]).toMatch(/发送过于频繁，请 3\d 秒后再试/);

    vi.setSystemTime(Date.now() + 31_000);
    expect((await browser.post(page, PATH, { intent: "send" })).location).toBe(PATH);
    const second = await browser.mailedCode(email);
    expect(second).not.toBe(first);
  });

  it("refuses a wrong code on its field, activates with the right one, and can start again", async () => {
    const browser = visitor();
    const email = await toStepTwo(browser);
    await browser.post(page, PATH, { intent: "send" });
    const code = await browser.mailedCode(email);

    const wrong = await browser.post(page, PATH, {
      intent: "activate",
      activationCode: code === "000000" ? "111111" : "000000",
    });
    expect(errorsOf(wrong).activationCode?.[0]).toEqual(expect.any(String));
    expect((await stateOf(browser)).step).toBe(2);

    const done = await browser.post(page, PATH, { intent: "activate", activationCode: code });
    expect(done.location).toBe(PATH);
    expect(await stateOf(browser)).toMatchObject({
      step: 3,
      email,
      notice: { message: "激活成功" },
    });

    expect((await browser.post(page, PATH, { intent: "restart" })).location).toBe(PATH);
    expect(await stateOf(browser)).toMatchObject({ step: 1, email: "" });
  });

  it("goes back to step 1 keeping the address", async () => {
    const browser = visitor();
    const email = await toStepTwo(browser);
    await browser.post(page, PATH, { intent: "back" });
    expect(await stateOf(browser)).toMatchObject({ step: 1, email });
  });

  it("answers a stale step-2 form with the current step", async () => {
    const browser = visitor();
    const outcome = await browser.post(page, PATH, {
      intent: "activate",
      activationCode: "123456",
    });
    expect(outcome.location).toBe(PATH);
    expect((await stateOf(browser)).step).toBe(1);
  });

  it("speaks English under /en", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const browser = visitor();
    const code = await browser.imageCode("register");
    const email = newAddress();
    const english = `/en${PATH}`;
    const next = await browser.post(page, english, {
      intent: "account",
      email,
      password: PASSWORD,
      checkPass: PASSWORD,
      code,
    });
    expect(next.location).toBe(english);
    await browser.post(page, english, { intent: "send" });
    expect((await stateOf(browser, english)).notice).toMatchObject({
      message: "Sent successfully",
    });
    const early = await browser.post(page, english, { intent: "send" });
    expect(errorsOf(early)[""]?.[0]).toMatch(/^Sent too often, please try again in \d+ s$/);
  });
});
