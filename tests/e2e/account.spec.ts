import type {
  APIRequestContext,
  BrowserContext,
  BrowserContextOptions,
  Page,
} from "@playwright/test";
import zhAccount from "../../app/locales/zh/account.ts";
import { E2E_CAPTCHA_CODE } from "../../playwright.config.ts";
import {
  ACCOUNTS,
  codeFromOutbox,
  createSubAccount,
  expect,
  setPasswordByRecovery,
  signIn,
  submitLogin,
  test,
  uniqueEmail,
} from "./fixtures.ts";

/**
 * Account screens. Every test that changes an account (password, single
 * login, devices) works on accounts it creates itself: a self-registered
 * account, or a business-manager sub-account whose password is set through
 * "forgot password", as its owner would do after the invitation mail.
 */

const NEW_PASSWORD = "Harbour#2024";
const NEWER_PASSWORD = "Lighthouse#77";

/** The same code, read the way a person would: on the demo mailbox page. */
async function codeFromMailbox(page: Page, email: string): Promise<string> {
  await page.goto(`/demo/mailbox/?to=${encodeURIComponent(email)}`);
  const text = await page.getByTestId("mail-text").first().textContent();
  const code = text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code on the mailbox page for ${email}`);
  return code;
}

/** A business-manager account of our own, its password set through forgot password. */
async function createStaffAccount(newRequest: () => Promise<APIRequestContext>): Promise<string> {
  const owner = await newRequest();
  const email = await createSubAccount(owner, "CBA_MANAGER");
  await setPasswordByRecovery(owner, email, NEW_PASSWORD);
  return email;
}

async function newPage(
  newContext: (options: BrowserContextOptions) => Promise<BrowserContext>,
  locale: "zh" | "en",
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext({ locale: locale === "en" ? "en-US" : "zh-CN" });
  return { context, page: await context.newPage() };
}

test.describe("registration", () => {
  test("register, read the activation mail, activate, log in (Chinese)", async ({ page }) => {
    const email = uniqueEmail("reg-zh");
    await page.goto("/");
    await page.getByRole("link", { name: "创建账号" }).click();
    await expect(page).toHaveURL(/\/register\/residence_process$/);
    await expect(page.getByTestId("residence-stages").locator("li")).toHaveCount(4);
    await expect(page.getByText("约需 7 个工作日").first()).toBeVisible();
    await page.getByRole("link", { name: "立即注册" }).click();

    // Step 1: live validation, then the real thing.
    await expect(page.getByTestId("one-account-hint")).toHaveText("每个邮箱只能申请一个账号");
    await page.locator('input[name="email"]').fill("not-an-email");
    await page.locator('input[name="password"]').fill("12345678");
    await page.locator('input[name="checkPass"]').fill("1234567");
    await page.locator("#register-account button[type=submit]").click();
    await expect(page.getByText("请输入正确的邮箱地址")).toBeVisible();
    await expect(page.getByText("密码不能全是数字")).toBeVisible();
    await expect(page.getByText("两次输入密码不一致")).toBeVisible();
    await expect(page.getByText("请输入验证码")).toBeVisible();

    // A taken e-mail is refused before step 2.
    await page.locator('input[name="email"]').fill(ACCOUNTS.guest);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="checkPass"]').fill(NEW_PASSWORD);
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    await page.locator("#register-account button[type=submit]").click();
    await expect(page.getByText("该邮箱已被占用，请更换邮箱")).toBeVisible();

    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="checkPass"]').fill(NEW_PASSWORD);
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    await page.locator("#register-account button[type=submit]").click();

    // Step 2, kept by the server: a reload stays here.
    const step = page.getByTestId("registration-step");
    await expect(step).toHaveAttribute("data-step", "2");
    await page.reload();
    await expect(step).toHaveAttribute("data-step", "2");
    // The help for a mail that does not come: the address, spam, resend, re-enter.
    for (const help of [
      `请确认邮箱地址 ${email} 填写正确；`,
      "请检查邮件是否被归入垃圾邮件或广告邮件；",
      "倒计时结束后，可点击“重新发送”再次获取；",
    ]) {
      await expect(page.getByText(help)).toBeVisible();
    }
    await expect(page.getByTestId("reenter")).toBeVisible();
    await page.getByRole("button", { name: "确认激活" }).click();
    await expect(page.getByText("请输入邮箱激活码")).toBeVisible();
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("flow-notice")).toHaveText("发送成功");
    await expect(page.getByTestId("send-code")).toBeDisabled();
    await expect(page.getByTestId("send-code")).toHaveText(/\d+ 秒后重新发送/);

    const code = await codeFromMailbox(page, email);
    await page.goto("/register/accountRegistration");
    await expect(step).toHaveAttribute("data-step", "2");
    await page.locator('input[name="activationCode"]').fill(code);
    await page.getByRole("button", { name: "确认激活" }).click();

    // Step 3: welcome, then log in with the new account.
    await expect(page.getByTestId("flow-notice")).toHaveText("激活成功");
    await expect(page.getByTestId("registration-done")).toContainText(email);
    await expect(page.getByTestId("registration-done")).toContainText(zhAccount.register.doneNext);
    await page.goto("/register/components/accountRegistrationStep");
    await expect(page.getByTestId("current-step")).toContainText("注册完成");
    await page.goto("/register/accountRegistration");
    await page.getByRole("link", { name: "去登录" }).click();
    await expect(page).toHaveURL(/\/$/);
    await submitLogin(page, email, NEW_PASSWORD);
    await expect(page.getByTestId("user-name")).toHaveText(email);
    await expect(page).toHaveURL(/\/qualificat$/);
  });

  test("the whole registration works without JavaScript (English)", async ({ newContext }) => {
    const context = await newContext({ javaScriptEnabled: false, locale: "en-US" });
    const page = await context.newPage();
    const email = uniqueEmail("reg-en");
    await page.goto("/en/register/accountRegistration");
    await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="checkPass"]').fill("Different#2024");
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    await page.locator("#register-account button[type=submit]").click();
    await expect(page.getByText("Passwords inconsistent")).toBeVisible();

    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="checkPass"]').fill(NEW_PASSWORD);
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    await page.locator("#register-account button[type=submit]").click();
    await expect(page.getByTestId("registration-step")).toHaveAttribute("data-step", "2");

    // Go back to re-enter, and forward again: the e-mail is kept.
    await page.getByTestId("reenter").click();
    await expect(page.locator('input[name="email"]')).toHaveValue(email);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="checkPass"]').fill(NEW_PASSWORD);
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    await page.locator("#register-account button[type=submit]").click();

    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("flow-notice")).toHaveText("Sent successfully");
    await expect(page.getByTestId("send-code")).toHaveText(/Send again in \d+ s/);
    // An early resend is refused by the server too.
    const early = await context.request.post("/en/register/accountRegistration", {
      form: { intent: "send" },
    });
    expect(await early.text()).toContain("Sent too often");

    const code = await codeFromOutbox(context.request, email);
    await page.locator('input[name="activationCode"]').fill("000000");
    await page.getByRole("button", { name: "Activate" }).click();
    await expect(page.getByText("The e-mail code is wrong or has expired")).toBeVisible();
    await page.locator('input[name="activationCode"]').fill(code);
    await page.getByRole("button", { name: "Activate" }).click();
    await expect(page.getByTestId("flow-notice")).toHaveText("Activated successfully");
    await expect(page.getByRole("heading", { name: "Welcome aboard!" })).toBeVisible();

    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await submitLogin(page, email, NEW_PASSWORD);
    await expect(page.getByTestId("user-name")).toHaveText(email);
    await context.close();
  });

  test("the privacy policy exists in both languages", async ({ page }) => {
    await page.goto("/register/privacyPolicy");
    await expect(page.getByRole("heading", { name: "隐私政策" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 })).toHaveCount(7);
    await page.goto("/en/register/privacyPolicy");
    await expect(page.getByRole("heading", { name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 })).toHaveCount(7);
  });
});

test.describe("forgot password", () => {
  test("reset for the seller system, then log in with the new password", async ({ page }) => {
    // An invited sub-account sets its first password here, in the browser that created it.
    const email = await createSubAccount(page.request, "GUEST");

    await page.goto("/en");
    await page.getByRole("link", { name: "Forgot password" }).click();
    await expect(page).toHaveURL(/\/en\/forge_password$/);
    await page.goto("/en/forge_password/?system=seller");
    await expect(page.locator("[data-system]")).toHaveAttribute("data-system", "seller");
    await expect(page.getByTestId("system-name")).toHaveText("Seller Center");

    // Step 1: an unknown account is refused.
    await page.locator('input[name="email"]').fill(uniqueEmail("nobody"));
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    await page.locator("#forgot-account button[type=submit]").click();
    await expect(page.getByText("This account does not exist")).toBeVisible();
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    await page.locator("#forgot-account button[type=submit]").click();

    // Step 2: send, countdown, previous and next. Focus follows the flow:
    // to the new current step, then, after sending, into the code's input.
    const step = page.getByTestId("forgot-step");
    await expect(step).toHaveAttribute("data-step", "2");
    await expect(page.locator('[aria-current="step"]')).toBeFocused();
    await page.getByTestId("send-code").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("flow-notice")).toHaveText("Sent successfully");
    await expect(page.getByTestId("send-code")).toBeDisabled();
    await expect(page.locator('input[name="emailCode"]')).toBeFocused();
    // Tab order is reading order: "Previous" comes before "Next".
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Previous" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Next" })).toBeFocused();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(step).toHaveAttribute("data-step", "1");
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    await page.locator("#forgot-account button[type=submit]").click();
    await expect(step).toHaveAttribute("data-step", "2");
    await expect(page.getByTestId("send-code")).toBeDisabled();
    // The demo outbox shows this browser's own mail: read it with the page's cookies.
    const code = await codeFromOutbox(page.request, email);
    await page.locator('input[name="emailCode"]').fill(code);
    // Enter in the input goes on, not back.
    await page.locator('input[name="emailCode"]').press("Enter");

    // Step 3: the rules, then the new password.
    await expect(step).toHaveAttribute("data-step", "3");
    await page.locator('input[name="password"]').fill(NEWER_PASSWORD);
    await page.locator('input[name="checkPass"]').fill("Lighthouse#78");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("The two passwords differ")).toBeVisible();
    await page.locator('input[name="checkPass"]').fill(NEWER_PASSWORD);
    await page.getByRole("button", { name: "Confirm" }).click();

    // Step 4: done, and back to the login page after 2 s.
    await expect(page.getByTestId("forgot-done")).toBeVisible();
    await expect(page).toHaveURL(/\/en$/, { timeout: 5_000 });
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await submitLogin(page, email, NEWER_PASSWORD);
    await expect(page.getByTestId("user-name")).toHaveText(email);
  });

  test("a wrong e-mail code sends the user back to step 2 (Chinese, no JavaScript)", async ({
    newContext,
  }) => {
    const context = await newContext({ javaScriptEnabled: false, locale: "zh-CN" });
    const email = await createSubAccount(context.request, "GUEST");
    const page = await context.newPage();
    await page.goto("/forge_password");
    await expect(page.getByTestId("system-name")).toHaveText("跨境电商保税物流平台");
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    await page.locator("#forgot-account button[type=submit]").click();
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("flow-notice")).toHaveText("发送成功");
    await page.locator('input[name="emailCode"]').fill("000000");
    await page.getByRole("button", { name: "下一步" }).click();
    await page.locator('input[name="password"]').fill(NEWER_PASSWORD);
    await page.locator('input[name="checkPass"]').fill(NEWER_PASSWORD);
    await page.getByRole("button", { name: "确定" }).click();
    const step = page.getByTestId("forgot-step");
    await expect(step).toHaveAttribute("data-step", "2");
    await expect(page.getByTestId("flow-notice")).toHaveText("邮箱验证码错误或已过期");

    // The right code this time; the done page returns to login by itself.
    await page
      .locator('input[name="emailCode"]')
      .fill(await codeFromOutbox(context.request, email));
    await page.getByRole("button", { name: "下一步" }).click();
    await page.locator('input[name="password"]').fill(NEWER_PASSWORD);
    await page.locator('input[name="checkPass"]').fill(NEWER_PASSWORD);
    await page.getByRole("button", { name: "确定" }).click();
    await expect(page.getByRole("heading", { name: "密码重置成功" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
    await submitLogin(page, email, NEWER_PASSWORD);
    await expect(page.getByTestId("user-name")).toHaveText(email);
    await context.close();
  });
});

test.describe("password and login settings", () => {
  test("change the password: other devices go offline", async ({ newContext, newRequest }) => {
    const email = await createStaffAccount(newRequest);
    const first = await newPage(newContext, "en");
    const second = await newPage(newContext, "en");
    await signIn(first.page, email, { locale: "en", password: NEW_PASSWORD });
    await signIn(second.page, email, { locale: "en", password: NEW_PASSWORD });

    await first.page.goto("/en/setting/center");
    await first.page.locator('input[name="oldPassword"]').fill("Wrong#Pass1");
    await first.page.locator('input[name="password"]').fill(NEWER_PASSWORD);
    await first.page.locator('input[name="checkPass"]').fill(NEWER_PASSWORD);
    await first.page.getByRole("button", { name: "Change password" }).click();
    await expect(first.page.getByText("The old password is wrong")).toBeVisible();

    await first.page.locator('input[name="oldPassword"]').fill(NEW_PASSWORD);
    await first.page.locator('input[name="password"]').fill(email);
    await first.page.locator('input[name="checkPass"]').fill(email);
    await first.page.getByRole("button", { name: "Change password" }).click();
    await expect(first.page.getByText("The password cannot be the e-mail address")).toBeVisible();

    await first.page.locator('input[name="oldPassword"]').fill(NEW_PASSWORD);
    await first.page.locator('input[name="password"]').fill(NEWER_PASSWORD);
    await first.page.locator('input[name="checkPass"]').fill(NEWER_PASSWORD);
    await first.page.getByRole("button", { name: "Change password" }).click();
    await expect(first.page.getByTestId("password-changed")).toBeVisible();
    await expect(first.page.locator('input[name="password"]')).toHaveValue("");

    // The other device is signed out with the message, this one stays.
    await second.page.goto("/en/server");
    await expect(second.page).toHaveURL(/\/en$/);
    await expect(
      second.page.getByText(
        "The account's password was changed, please sign in with the new password",
      ),
    ).toBeVisible();
    await first.page.goto("/en/setting/center");
    await expect(first.page.getByTestId("user-name")).toHaveText(email);
    await signIn(second.page, email, { locale: "en", password: NEWER_PASSWORD });
    await first.context.close();
    await second.context.close();
  });

  test("single login on: a new login throws the older session out", async ({
    newContext,
    newRequest,
  }) => {
    const email = await createStaffAccount(newRequest);
    const older = await newPage(newContext, "zh");
    const newer = await newPage(newContext, "zh");
    await signIn(older.page, email, { password: NEW_PASSWORD });
    await older.page.goto("/setting/account");
    const toggle = older.page.getByTestId("single-login-switch");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(older.page.getByTestId("single-login-text")).toContainText("允许多人同时登录");
    await toggle.click();
    await expect(older.page.getByTestId("login-settings-notice")).toHaveText("单点登录已开启");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(older.page.getByTestId("single-login-text")).toContainText(
      "同一时间只允许一人登录",
    );

    await signIn(newer.page, email, { password: NEW_PASSWORD });
    await older.page.reload();
    await expect(older.page).toHaveURL(/\/$/);
    await expect(older.page.getByText("您的账号已在其他设备登录")).toBeVisible();
    await expect(older.page.getByRole("heading", { name: "账号登录" })).toBeVisible();

    // The newer session goes on, and can switch single login off again.
    await newer.page.goto("/setting/account");
    await newer.page.getByTestId("single-login-switch").click();
    await expect(newer.page.getByTestId("login-settings-notice")).toHaveText("单点登录已关闭");
    await older.context.close();
    await newer.context.close();
  });

  test("force a device offline; forcing this device logs out", async ({
    newContext,
    newRequest,
  }) => {
    const email = await createStaffAccount(newRequest);
    const mine = await newPage(newContext, "en");
    const other = await newPage(newContext, "en");
    await signIn(other.page, email, { locale: "en", password: NEW_PASSWORD });
    await signIn(mine.page, email, { locale: "en", password: NEW_PASSWORD });

    await mine.page.goto("/en/setting/account");
    const table = mine.page.getByTestId("login-history");
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(table.getByTestId("login-history-paging-size").locator("option")).toHaveText([
      "10 / page",
      "100 / page",
      "200 / page",
      "500 / page",
      "1000 / page",
    ]);
    const otherRow = rows.filter({ hasNot: mine.page.getByText("This device") });
    await otherRow.getByTestId("force-offline").click();
    await expect(mine.page.getByTestId("login-settings-notice")).toHaveText(
      "The device has been signed out",
    );
    await expect(otherRow.getByTestId("device-status")).toHaveText("Offline");
    await expect(otherRow.getByTestId("force-offline")).toBeDisabled();

    await other.page.goto("/en/setting/account");
    await expect(other.page).toHaveURL(/\/en$/);
    await expect(
      other.page.getByText("This device was signed out from another device, please sign in again"),
    ).toBeVisible();

    const thisRow = rows.filter({ has: mine.page.getByText("This device") });
    await thisRow.getByTestId("force-offline").click();
    await expect(mine.page).toHaveURL(/\/en$/);
    await expect(
      mine.page.getByText("This device was signed out, please sign in again"),
    ).toBeVisible();
    await mine.page.goto("/en/setting/account");
    await expect(mine.page).toHaveURL(/\/en$/);
    await mine.context.close();
    await other.context.close();
  });
});

test.describe("sub-accounts", () => {
  test("the main account creates, disables and enables a sub-account", async ({ page }) => {
    const email = uniqueEmail("sub");
    await signIn(page, ACCOUNTS.manager);
    await page.goto("/sub_account");
    await page.locator('#create-sub-account input[name="email"]').fill("bad-address");
    await page.getByRole("button", { name: "创建" }).click();
    await expect(page.getByText("请输入正确的邮箱地址")).toBeVisible();
    await page.locator('#create-sub-account input[name="email"]').fill(email);
    await page.locator('#create-sub-account select[name="role"]').selectOption("GUEST");
    await page.getByRole("button", { name: "创建" }).click();
    await expect(page.getByTestId("sub-account-notice")).toContainText(email);

    const row = page.getByTestId("sub-accounts").locator("tbody tr", { hasText: email });
    await expect(row).toContainText("访客");
    await expect(row.getByTestId("sub-account-status")).toHaveText("启用");
    await row.getByTestId("toggle-sub-account").click();
    await expect(row.getByTestId("sub-account-status")).toHaveText("已停用");
    await row.getByTestId("toggle-sub-account").click();
    await expect(row.getByTestId("sub-account-status")).toHaveText("启用");

    await page.goto(`/demo/mailbox/?to=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("mail")).toHaveCount(1);
  });

  // A guest (and a sub-account) refused the page: tests/routes/sub-account.test.ts.
});
