import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { E2E_CAPTCHA_CODE } from "../../playwright.config.ts";
import {
  ACCOUNTS,
  createSubAccount,
  expect,
  hydrated,
  login,
  PASSWORD,
  setPasswordByRecovery,
  signIn,
  submitLogin,
  test,
  uniqueEmail,
} from "./fixtures.ts";

/** Account and layout defects a new user met: each test failed before its fix. */

/** A sub-account of manager@demo.test with `role`, its password set through forgot password. */
async function subAccountWithPassword(
  newRequest: () => Promise<APIRequestContext>,
  role: "CBA_MANAGER" | "GUEST",
): Promise<string> {
  const owner = await newRequest();
  const email = await createSubAccount(owner, role);
  await setPasswordByRecovery(owner, email, PASSWORD);
  return email;
}

/**
 * Demo mailbox privacy: the mail sent to `email` by `page`'s browser is on
 * its mailbox page; another browser sees neither the page's mails nor the
 * outbox's ("registration" sends the mail).
 */
async function expectMailboxPrivate(
  page: Page,
  newContext: () => Promise<BrowserContext>,
  email: string,
) {
  await page.goto(`/demo/mailbox/?to=${encodeURIComponent(email)}`);
  await expect(page.getByTestId("mail")).toHaveCount(1);

  const stranger = await (await newContext()).newPage();
  await stranger.goto(`/demo/mailbox/?to=${encodeURIComponent(email)}`);
  await expect(stranger.getByTestId("mailbox-empty")).toBeVisible();
  // The page says what it shows: this browser's mails, not everybody's.
  await expect(stranger.locator("input[name=to]")).toHaveAttribute(
    "placeholder",
    "按收件邮箱筛选，留空显示本浏览器可见的全部邮件",
  );
  // The backend's outbox is closed to callers from outside: only the page shows mail.
  const outbox = await stranger.request.get(`/api/v1/demo/outbox?to=${encodeURIComponent(email)}`);
  expect(outbox.status()).toBe(404);
  expect(await outbox.text()).not.toContain(email);
}

test.describe("login", () => {
  test("a disabled sub-account sees the backend's message on the login form (both languages)", async ({
    page,
    newRequest,
  }) => {
    const email = await subAccountWithPassword(newRequest, "GUEST");
    await signIn(page, ACCOUNTS.manager);
    await page.goto("/sub_account");
    const row = page.getByTestId("sub-accounts").locator("tbody tr", { hasText: email });
    await row.getByTestId("toggle-sub-account").click();
    await expect(row.getByTestId("sub-account-status")).toHaveText("已停用");
    await page.context().clearCookies();

    await page.goto("/");
    await submitLogin(page, email);
    await expect(page.locator("form").getByText("该账号已停用")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/login");

    await page.goto("/en");
    await submitLogin(page, email);
    await expect(page.locator("form").getByText("This account is disabled")).toBeVisible();
  });
});

test.describe("menu and page rules", () => {
  test("a business-manager sub-account is not offered the sub-account page it may not open", async ({
    page,
    newRequest,
  }) => {
    const email = await subAccountWithPassword(newRequest, "CBA_MANAGER");
    await login(page, email);
    const menu = page.getByTestId("side-menu");
    await expect(menu.getByRole("link", { name: "登录设置" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "子账号" })).toHaveCount(0);
    // That it may not open it (403) is the access matrix's sub-account row
    // (access-matrix.spec.ts).
  });
});

test.describe("refusals", () => {
  test("a refused page or address shows the translated error page, never raw JSON", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.guest);
    for (const [path, status, text] of [
      ["/setting", 403, "抱歉，您无权访问此页面"],
      ["/inventory_system", 403, "抱歉，您无权访问此页面"],
      ["/en/setting", 403, "Sorry, you are not allowed to see this page"],
      ["/en/inventory_system", 403, "Sorry, you are not allowed to see this page"],
      ["/order/import-template", 403, "抱歉，您无权访问此页面"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(status);
      expect(response?.headers()["content-type"], path).toContain("text/html");
      await expect(page.getByTestId("error-message"), path).toHaveText(text);
    }
  });

  test("opening a download address answers the translated 405 page", async ({ page }) => {
    await signIn(page, ACCOUNTS.manager);
    const response = await page.goto("/order/download");
    expect(response?.status()).toBe(405);
    await expect(page.getByTestId("error-message")).toHaveText(
      "抱歉，此地址不能这样打开，请从页面上的按钮操作",
    );
    await page.goto("/en/order");
    const english = await page.goto("/inventory/download", { referer: page.url() });
    expect(english?.status()).toBe(405);
    await expect(page.getByTestId("error-message")).toHaveText(
      "Sorry, this address cannot be opened like this: use the buttons on the page",
    );
  });
});

test.describe("demo mailbox", () => {
  test("English users get an English mailbox, linked from the login page and registration step 2", async ({
    newContext,
  }) => {
    const context = await newContext({ locale: "en-US" });
    const page = await context.newPage();
    const email = uniqueEmail("mailbox-en");

    const direct = await page.goto("/demo/mailbox");
    expect(direct?.status()).toBe(200);
    await expect(page).toHaveURL(/\/en\/demo\/mailbox$/);
    await expect(page.getByText("Demo mailbox").first()).toBeVisible();

    await page.goto("/en");
    await expect(page.getByTestId("demo-mailbox-link")).toHaveAttribute("href", "/en/demo/mailbox");

    await page.goto("/en/register/accountRegistration");
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill("Harbour#2024");
    await page.locator('input[name="checkPass"]').fill("Harbour#2024");
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    await page.locator("#register-account button[type=submit]").click();
    await expect(page.getByTestId("registration-step")).toHaveAttribute("data-step", "2");
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("flow-notice")).toHaveText("Sent successfully");
    const link = page.getByTestId("demo-mailbox-link");
    const href = await link.getAttribute("href");
    expect(href).toBe(`/en/demo/mailbox/?to=${encodeURIComponent(email)}`);
    await page.goto(href!);
    await expect(page.getByTestId("mail-text").first()).toContainText(/\b\d{6}\b/);
  });
});

test.describe("image code", () => {
  test("after a failed sign-in the spent image code is cleared with the new image", async ({
    page,
  }) => {
    await page.goto("/");
    const image = page.getByTestId("captcha-login");
    const before = await image.getAttribute("src");
    // An unknown account: a wrong password would count against a shared one.
    await submitLogin(page, "nobody@e2e.test", "Wrong-password-1");
    await expect(page.getByText("用户名或密码错误")).toBeVisible();
    await expect(image).not.toHaveAttribute("src", before!);
    await expect(page.locator('input[name="code"]')).toHaveValue("");
    await expect(page.locator('input[name="username"]')).toHaveValue("nobody@e2e.test");
  });

  test("a code typed as soon as a refusal shows is kept when the page's data arrives later", async ({
    page,
  }) => {
    // The refusal comes first and the loaders' revalidation after it: on a slow
    // link the gap is long enough for a user to type the new code. The
    // revalidation is held until the code is typed, however fast the machine.
    const revalidation = /forge_password.*\.data/;
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route(revalidation, async (route) => {
      if (route.request().method() === "GET") await held;
      await route.continue();
    });
    await page.goto("/en/forge_password");
    await hydrated(page);
    const code = page.locator('input[name="code"]');
    await page.locator('input[name="email"]').fill(uniqueEmail("nobody"));
    await code.fill(E2E_CAPTCHA_CODE);
    const revalidated = page.waitForResponse(
      (response) => response.request().method() === "GET" && revalidation.test(response.url()),
    );
    await page.locator("#forgot-account button[type=submit]").click();
    await expect(page.getByText("This account does not exist")).toBeVisible();
    // The spent code went with the refusal itself, not when the revalidation came.
    expect(await code.inputValue()).toBe("");
    await code.fill(E2E_CAPTCHA_CODE);
    release();
    await revalidated;
    await expect(code).toHaveValue(E2E_CAPTCHA_CODE);
  });
});

test.describe("registration", () => {
  // Goes on to the demo mailbox's privacy, which was a journey of its own
  // with the same registration up to the sent code.
  test("the activation-code error goes away when a code is sent; another browser sees neither the mailbox page's mails nor the outbox's", async ({
    page,
    newContext,
  }) => {
    const email = uniqueEmail("reg-error");
    await page.goto("/register/accountRegistration");
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill("Harbour#2024");
    await page.locator('input[name="checkPass"]').fill("Harbour#2024");
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    await page.locator("#register-account button[type=submit]").click();
    await expect(page.getByTestId("registration-step")).toHaveAttribute("data-step", "2");
    await page.getByRole("button", { name: "确认激活" }).click();
    await expect(page.getByText("请输入邮箱激活码")).toBeVisible();
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("flow-notice")).toHaveText("发送成功");
    await expect(page.getByText("请输入邮箱激活码")).toHaveCount(0);

    await expectMailboxPrivate(page, newContext, email);
  });

  test("registration and forgot password send a signed-in user to their home page", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.manager);
    for (const path of [
      "/register/accountRegistration",
      "/register/components/accountRegistrationStep",
      "/forge_password",
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/server$/);
    }
    await page.goto("/en/forge_password");
    await expect(page).toHaveURL(/\/en\/server$/);
  });
});

test.describe("login settings", () => {
  test("without JavaScript the single-login switch shows the new state with the banner", async ({
    newContext,
    newRequest,
  }) => {
    const email = await subAccountWithPassword(newRequest, "CBA_MANAGER");
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // Signed in by one post: the login form without JavaScript is foundation.spec.ts's.
    await signIn(page, email);
    await page.goto("/setting/account");
    await expect(page.getByTestId("user-name")).toHaveText(email);
    const toggle = page.getByTestId("single-login-switch");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(page.getByTestId("login-settings-notice")).toHaveText("单点登录已开启");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("single-login-text")).toContainText("同一时间只允许一人登录");
    await toggle.click();
    await expect(page.getByTestId("login-settings-notice")).toHaveText("单点登录已关闭");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
  });
});

test.describe("notifications", () => {
  test("without JavaScript the bell opens the notifications page, newest first", async ({
    newContext,
  }) => {
    const context = await newContext({ javaScriptEnabled: false, locale: "en-US" });
    const page = await context.newPage();
    await page.goto(await signIn(page, ACCOUNTS.admin, { locale: "en" }));
    await expect(page.getByTestId("user-name")).toHaveText(ACCOUNTS.admin);
    await page.getByTestId("notification-bell").click();
    await expect(page).toHaveURL(/\/en\/notifications$/);
    await expect(page.getByRole("heading", { name: "All notifications" })).toBeVisible();
    const times = await page.getByTestId("notice-time").allTextContents();
    expect(times.length).toBeGreaterThan(1);
    expect(times).toEqual([...times].sort().reverse());
  });

  // Two journeys once: the bell's panel leads to the notifications page,
  // on which marking one as read was a journey of its own (the page opened
  // by its address); the same administrator, the same page.
  test("with JavaScript the bell's panel links to the notifications page, where marking one as read lowers the count", async ({
    page,
  }) => {
    await login(page, ACCOUNTS.admin);
    const bell = page.getByTestId("notification-bell");
    // Once JavaScript runs, the bell is the panel's button.
    await expect(bell).toHaveAttribute("aria-expanded", "false");
    await bell.click();
    await page.getByTestId("all-notifications").click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole("heading", { name: "全部通知" })).toBeVisible();
    // The shared paging bar, with the shared page sizes (10 to 500).
    const sizes = page.getByTestId("paging-size").locator("option");
    await expect(sizes).toHaveText([10, 20, 50, 100, 200, 300, 400, 500].map((n) => `${n} 条/页`));

    // Ids that are not ids: refused with the translated message, the count
    // unchanged (tests/routes/notice-read.test.ts).
    // "N unread", or "all read" (none).
    const unread = async () =>
      Number(
        (await page.getByTestId("notifications-unread").textContent())?.match(/\d+/)?.[0] ?? 0,
      );
    const before = await unread();
    expect(before).toBeGreaterThan(0);

    // Only unread notifications have a button ("mark as read").
    await page.getByTestId("notifications").getByRole("button").first().click();
    await expect.poll(unread).toBe(before - 1);
  });
});

test.describe("English wording", () => {
  test("curly quotes on /en/explain are drawn with a Latin font, not the CJK one", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.manager, { locale: "en" });
    await page.goto("/en/explain");
    const item = page.locator("li", { hasText: "“Create an account”" });
    await expect(item).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeIds } = await cdp.send("DOM.querySelectorAll", {
      nodeId: root.nodeId,
      selector: "li",
    });
    const used = new Set<string>();
    for (const nodeId of nodeIds) {
      const { outerHTML } = await cdp.send("DOM.getOuterHTML", { nodeId });
      if (!outerHTML.includes("Create an account")) continue;
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      for (const font of fonts) used.add(font.familyName);
    }
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => name.includes("CJK"))).toEqual([]);
  });

  test("the same verb everywhere: sign in and sign out", async ({ page }) => {
    await login(page, ACCOUNTS.manager, { locale: "en" });
    const menu = page.getByTestId("side-menu");
    await expect(menu.getByRole("link", { name: "Sign-in settings" })).toBeVisible();
    await page.goto("/en/setting/account");
    await expect(page.getByText("Sign-in history")).toBeVisible();
    await expect(page.locator("body")).not.toContainText(
      /\blog(ged)? ?(in|out)\b|(?<!single )\blogin\b/i,
    );
  });
});
