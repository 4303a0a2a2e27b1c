/**
 * Signing in without the image code: the image exists only as a picture
 * (no text form of it), and a person who cannot read it gets a code mailed
 * to the account instead, asked for with the password on the next step.
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as signIn from "~/routes/login-form.tsx";
import * as captcha from "~/routes/resources/captcha.ts";
import { errorsOf, freshBackend, type Visitor, visitor } from "./account-harness.ts";

const PASSWORD = "Demo1234!";
let count = 0;

beforeEach(freshBackend);

/** A browser with an account of its own, whose mail it reads. */
async function owner(): Promise<{ browser: Visitor; email: string }> {
  count += 1;
  const email = `login-code-${count}@example.com`;
  const browser = visitor();
  await browser.registerAccount(email, PASSWORD);
  return { browser, email };
}

async function sendCode(browser: Visitor, email: string) {
  return browser.post(signIn, "/login", { intent: "send", username: email });
}

describe("the image code", () => {
  it("has no text form: `as=text` answers the picture like any other request", async () => {
    const browser = visitor();
    const outcome = await browser.get(captcha, "/captcha?purpose=login&as=text");
    expect(outcome.response.headers.get("Content-Type")).toBe("image/png");
    const body = new Uint8Array(await outcome.response.arrayBuffer());
    expect([...body.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join("")).toBe("PNG");
  });
});

describe("signing in with a code mailed to the account", () => {
  it("offers the e-mail step, which asks for the address first", async () => {
    const browser = visitor();
    const page = await browser.get(signIn, "/?code=email");
    expect(page.data).toMatchObject({ byEmail: true, codeSentTo: null });
    const plain = await browser.get(signIn, "/");
    expect(plain.data).toMatchObject({ byEmail: false, codeSentTo: null });
  });

  it("mails a code, then signs in with the password and the code", async () => {
    const { browser, email } = await owner();
    const sent = await sendCode(browser, email);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/?code=email");
    const step = await browser.get(signIn, "/?code=email");
    expect(step.data).toMatchObject({ byEmail: true, codeSentTo: email, resendIn: 60 });

    const code = await browser.mailedCode(email);
    const answer = await browser.post(signIn, "/login", {
      method: "email",
      username: email,
      password: PASSWORD,
      emailCode: code,
    });
    expect(answer.status).toBe(302);
    expect(browser.jar.has("__session")).toBe(true);
  });

  it("refuses a wrong code on its field, and a wrong password without saying which", async () => {
    const { browser, email } = await owner();
    await sendCode(browser, email);
    const code = await browser.mailedCode(email);
    const wrongCode = await browser.post(signIn, "/login", {
      method: "email",
      username: email,
      password: PASSWORD,
      emailCode: code === "000000" ? "111111" : "000000",
    });
    expect(wrongCode.status).toBe(200);
    expect(errorsOf(wrongCode).emailCode?.[0]).toBeTruthy();
    const wrongPassword = await browser.post(signIn, "/login", {
      method: "email",
      username: email,
      password: "not-the-password",
      emailCode: code,
    });
    expect(errorsOf(wrongPassword)[""]).toEqual(["用户名或密码错误"]);
    // Neither sent the password back.
    expect(JSON.stringify(wrongPassword.data)).not.toContain("not-the-password");
    // The right pair still signs in (the code took 2 of its 5 tries).
    const right = await browser.post(signIn, "/login", {
      method: "email",
      username: email,
      password: PASSWORD,
      emailCode: code,
    });
    expect(right.status).toBe(302);
  });

  it("asks for a code first, for the address it was sent to", async () => {
    const { browser, email } = await owner();
    const none = await browser.post(signIn, "/login", {
      method: "email",
      username: email,
      password: PASSWORD,
      emailCode: "123456",
    });
    expect(errorsOf(none).emailCode).toEqual(["auth.byEmailCodeFirst"]);
    await sendCode(browser, email);
    const other = await browser.post(signIn, "/login", {
      method: "email",
      username: "manager@demo.test",
      password: PASSWORD,
      emailCode: await browser.mailedCode(email),
    });
    expect(errorsOf(other).emailCode).toEqual(["auth.byEmailCodeFirst"]);
  });

  it("sends no second code within 60 s", async () => {
    const { browser, email } = await owner();
    expect((await sendCode(browser, email)).status).toBe(302);
    const soon = await sendCode(browser, email);
    expect(soon.status).toBe(200);
    expect(errorsOf(soon)[""]?.[0]).toMatch(/秒后再试/);
  });

  it("refuses an address that is not an e-mail address, and sends nothing", async () => {
    const browser = visitor();
    const outcome = await sendCode(browser, "not-an-address");
    expect(errorsOf(outcome).username).toEqual(["auth.byEmailEmailFormat"]);
  });
});
