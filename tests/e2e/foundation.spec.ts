import { SIGN_IN_DEMO_ACCOUNTS } from "../../app/config/demo-accounts.ts";
import { PRODUCT_NAME } from "../../app/config/product.ts";
import zhAuth from "../../app/locales/zh/auth.ts";
import zhCommon from "../../app/locales/zh/common.ts";
import { E2E_CAPTCHA_CODE } from "../../playwright.config.ts";
import { ACCOUNTS, expect, hydrated, login, signIn, submitLogin, test } from "./fixtures.ts";

test.describe("languages and routes", () => {
  // With the login page's picture, name and detail ("page frames" below
  // checked them on a load of its own): the same page in the same state.
  test("the login page speaks Chinese by default, with the platform's picture, name and detail", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("heading", { name: "账号登录" })).toBeVisible();
    await expect(page.getByRole("link", { name: "创建账号" })).toHaveAttribute(
      "href",
      "/register/residence_process",
    );
    await expect(page.getByRole("link", { name: "忘记密码" })).toHaveAttribute(
      "href",
      "/forge_password",
    );
    // The five demo accounts of the README, each with what it is.
    const demo = page.getByTestId("demo-accounts");
    for (const { username, about } of SIGN_IN_DEMO_ACCOUNTS) {
      await expect(demo).toContainText(username);
      await expect(demo).toContainText(zhAuth[about]);
    }
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "i18n_redirected")?.value).toBe("zh");

    const aside = page.locator("aside");
    await expect(aside.locator('img[src="/login-illustration.svg"]')).toBeVisible();
    await expect(aside.getByRole("heading", { name: PRODUCT_NAME.zh })).toBeVisible();
    await expect(aside.getByText(zhCommon.appDetail)).toBeVisible();
  });

  test("an English browser is sent to /en on its first visit, for 365 days", async ({
    newContext,
  }) => {
    const context = await newContext({ locale: "en-US" });
    const page = await context.newPage();
    const response = await page.goto("/forge_password");
    expect(page.url()).toMatch(/\/en\/forge_password$/);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
    expect(cookie?.value).toBe("en");
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    await context.close();
  });

  test("cookie lang=en redirects an unprefixed path to /en, keeping the query", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
    await page.goto("/error/404/?from=mail");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      "/en/error/404/?from=mail",
    );
  });

  test("a query on a path without trailing slash gets one", async ({ request }) => {
    const response = await request.get("/forge_password?system=seller", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/forge_password/?system=seller");
  });

  test("an English page's link back to sign in opens the English sign-in page, which stays English", async ({
    page,
  }) => {
    await page.goto("/en/register/residence_process");
    await hydrated(page);
    // A navigation in the browser: React Router asks for the data of /en as /en.data.
    await page.getByRole("link", { name: "Back to sign in" }).first().click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "Forgot password" })).toHaveAttribute(
      "href",
      "/en/forge_password",
    );
    await submitLogin(page, ACCOUNTS.manager);
    await expect(page).toHaveURL(/\/en\/server$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  // Ends with the switcher's keyboard use, which was a journey of its own
  // on the Chinese login page this one comes back to.
  test("the switcher lists the other language and remembers the choice; it answers the keyboard: Enter opens it, Escape closes it", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByTestId("language-switcher").click();
    const items = page.getByTestId("language-choices").getByRole("button");
    await expect(items).toHaveCount(1);
    await expect(items).toHaveText("English");
    await items.click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "lang")?.value).toBe("en");
    // The choice outweighs the browser's language from now on, for 365 days.
    const redirected = cookies.find((c) => c.name === "i18n_redirected");
    expect(redirected?.value).toBe("en");
    expect((redirected?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 86_400);
    // Back to Chinese through the switcher, once the English page runs its JavaScript.
    await hydrated(page);
    await page.getByTestId("language-switcher").click();
    await page.getByTestId("language-choices").getByRole("button", { name: "中文" }).click();
    await expect(page.getByRole("heading", { name: "账号登录" })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("zh");
    expect((await context.cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe("zh");

    // The keyboard, once the Chinese page runs its JavaScript.
    await hydrated(page);
    const switcher = page.getByTestId("language-switcher");
    const choice = page.getByTestId("language-choices").getByRole("button", { name: "English" });
    await switcher.focus();
    await page.keyboard.press("Enter");
    await expect(choice).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(choice).toBeHidden();
    await expect(switcher).toBeFocused();
    // A click elsewhere closes it too.
    await switcher.click();
    await expect(choice).toBeVisible();
    await page.getByRole("heading", { name: "账号登录" }).click();
    await expect(choice).toBeHidden();
    await switcher.press("Enter");
    await page.keyboard.press("Tab");
    await expect(choice).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/en$/);
  });

  test("the switcher opens and posts without JavaScript", async ({ newContext }) => {
    const context = await newContext({ javaScriptEnabled: false, locale: "zh-CN" });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByTestId("language-switcher").click();
    await page.getByTestId("language-choices").getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await context.close();
  });

  // The switcher's keyboard use: the journey above, which remembers the choice.

  test("demo mode publishes the contract beside its fake backend", async ({ request }) => {
    const answer = await request.get("/api/v1/openapi.json");
    expect(answer.status()).toBe(200);
    const document = (await answer.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toContain("/cba/order");
  });
});

test.describe("login", () => {
  test("works without JavaScript and lands on the service list", async ({ newContext }) => {
    const context = await newContext({ javaScriptEnabled: false, locale: "zh-CN" });
    const page = await context.newPage();
    await page.goto("/");
    await submitLogin(page, ACCOUNTS.manager);
    await expect(page).toHaveURL(/\/server$/);
    await expect(page.getByTestId("user-name")).toHaveText(ACCOUNTS.manager);
    // The menu toggle needs JavaScript: without it, it is not offered.
    await expect(page.getByTestId("menu-toggle")).toBeHidden();
    const session = (await context.cookies()).find((c) => c.name === "__session");
    expect(session?.httpOnly).toBe(true);
    // The token never appears in the page.
    expect(await page.content()).not.toMatch(/token/i);
    await context.close();
  });

  // A wrong password refused in the user's language: tests/routes/login-refusals.test.ts;
  // the alert drawn in English, the next journey.

  test("a refused sign-in keeps the focus in the form and announces no new page", async ({
    page,
  }) => {
    await page.goto("/en");
    await hydrated(page);
    await page.locator('input[name="username"]').fill(ACCOUNTS.manager);
    await page.locator('input[name="password"]').fill("wrong-password");
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    // Enter in the last field: the form posts to /login, which shows the same page again.
    await page.locator('input[name="code"]').press("Enter");
    await expect(page.getByRole("alert")).toContainText("Wrong username or password");
    await expect(page).toHaveURL(/\/en\/login$/);
    expect(await page.evaluate(() => document.activeElement?.closest("form") !== null)).toBe(true);
    await expect(page.getByTestId("route-announcer")).toHaveText("");
  });

  test("refuses a wrong image code, and the code is required", async ({ page }) => {
    await page.goto("/");
    await submitLogin(page, ACCOUNTS.manager, undefined, "ZZZZ");
    await expect(page.getByText("验证码错误，请重新输入")).toBeVisible();
    await page.locator('input[name="code"]').fill("");
    await page.locator('input[name="username"]').fill(ACCOUNTS.manager);
    await page.locator('input[name="password"]').fill("x");
    await page.locator('form[method="post"] button[type="submit"]').click();
    await expect(page.getByText("请输入验证码")).toBeVisible();
  });

  test("the sign-in form is checked with the page, without a form library: a field left empty says so at once", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("response", async (response) => {
      if (/\/assets\/.*\.js$/.test(response.url())) scripts.push(await response.text());
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/");
    await hydrated(page);
    await page.locator('input[name="username"]').focus();
    await page.locator('input[name="password"]').focus();
    await expect(page.getByText("请输入用户名")).toBeVisible();
    // A wrong image code is named before posting; typing a right one takes the message away.
    await page.locator('input[name="code"]').fill("AB");
    await page.locator('input[name="username"]').focus();
    await expect(page.getByText(zhAuth.codeWrong)).toBeVisible();
    await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
    await expect(page.getByText(zhAuth.codeWrong)).toHaveCount(0);
    expect(posts).toEqual([]);
    // Neither Conform nor zod came with the page.
    expect(scripts.some((code) => code.includes("conform") || code.includes("ZodError"))).toBe(
      false,
    );
  });

  test("the image code is a PNG drawn by the server", async ({ request }) => {
    const response = await request.get("/captcha/?purpose=login");
    expect(response.headers()["content-type"]).toBe("image/png");
    expect((await response.body()).subarray(1, 4).toString()).toBe("PNG");
  });

  // With the guest's header ("page frames" below checked it after a sign-in of
  // its own). The 403 elsewhere (the service list, its status and translated
  // message) is the access matrix's guest row (access-matrix.spec.ts) and
  // error-boundary.spec.ts's signed-in 403, which opens the same page.
  test("a guest goes to the qualification page, whose header has no settings link", async ({
    page,
  }) => {
    await login(page, ACCOUNTS.guest);
    await expect(page).toHaveURL(/\/qualificat$/);
    const menu = page.getByTestId("side-menu");
    await expect(menu.getByRole("link")).toHaveCount(1);
    await expect(page.getByTestId("user-name")).toHaveText(ACCOUNTS.guest);
    await expect(page.locator("header").getByRole("link", { name: zhCommon.settings })).toHaveCount(
      0,
    );
  });

  test("the requested page is remembered across login", async ({ page }) => {
    await page.goto("/setting/account");
    await expect(page).toHaveURL(/\/$/);
    // The login page says why it shows instead of the page.
    await expect(page.getByText(zhAuth.signInToContinue)).toBeVisible();
    await submitLogin(page, ACCOUNTS.manager);
    await expect(page).toHaveURL(/\/setting\/account$/);
  });

  test("signed out in another tab: the next click says so, and signing in returns to the page", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.manager);
    await page.goto("/order/?salverNo=TP");
    await hydrated(page);
    // Another tab signs out: this tab's cookie has no session any more.
    await page.context().clearCookies({ name: "__session" });
    await page.context().clearCookies({ name: "__Host-session" });
    await page.getByTestId("side-menu").getByRole("link", { name: "出入库管理" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(zhAuth.signInToContinue)).toBeVisible();
    await submitLogin(page, ACCOUNTS.manager);
    await expect(page).toHaveURL(/\/inventory_system\/inventory$/);
  });

  // Logout returns to the login page and forgets the session: "layout", the
  // administrator's side menu, ends with it.
});

test.describe("layout", () => {
  // Ends with the logout ("login" checked it after a sign-in of its own):
  // the same administrator on the same page.
  test("side menu: role menu, highlight, collapse 205/64 px, header 60 px; logout returns to the login page and forgets the session", async ({
    page,
  }) => {
    await login(page, ACCOUNTS.admin);
    const menu = page.getByTestId("side-menu");
    await expect(menu.getByRole("link", { name: "服务管理" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(menu.getByRole("link", { name: "出入库明细" })).toBeVisible();
    expect((await menu.boundingBox())?.width).toBe(205);
    expect((await page.locator("header").boundingBox())?.height).toBe(60);
    await page.getByTestId("menu-toggle").click();
    await expect(menu).toHaveAttribute("data-collapsed", "true");
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(64);

    // The user menu opens once the page runs its JavaScript.
    await hydrated(page);
    await page.getByRole("button", { name: "用户菜单" }).click();
    await page.getByTestId("logout").click();
    await expect(page.getByRole("heading", { name: "账号登录" })).toBeVisible();
    await page.goto("/server");
    await expect(page.getByRole("heading", { name: "账号登录" })).toBeVisible();
  });
  test("a page comes back where it was scrolled, after a reload and after Back", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.manager);
    await page.goto("/order/?pageSize=50");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page.getByTestId("orders-paging").locator('a[rel="next"]').click();
    await expect(page).toHaveURL(/current=2/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).not.toHaveURL(/current=2/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  });
});

test.describe("page frames", () => {
  test("the header: the settings link for staff, the avatar with the user's initial and name", async ({
    page,
  }) => {
    await login(page, ACCOUNTS.manager);
    const header = page.locator("header");
    await header.getByRole("link", { name: zhCommon.settings }).click();
    await expect(page).toHaveURL(/\/setting\/center$/);
    await expect(page.getByTestId("user-menu")).toContainText(/^M/i);
    await expect(page.getByTestId("user-name")).toHaveText(ACCOUNTS.manager);
  });

  // A guest's header has no settings link: "login", the guest's journey.

  // The login page's picture, name and detail: "the login page speaks Chinese by default" above.

  test("the register layout: its title returns to the login page, and it keeps 1200 px", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 800, height: 700 });
    await page.goto("/en/register/privacyPolicy");
    const wrapper = page.locator("header").locator("..");
    expect((await wrapper.boundingBox())?.width).toBe(1200);
    await page.getByRole("link", { name: PRODUCT_NAME.en }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("change one draws a new image code; without JavaScript it reloads the page", async ({
    page,
    newContext,
  }) => {
    await page.goto("/register/accountRegistration");
    await hydrated(page);
    const image = page.getByTestId("captcha-register");
    const before = await image.getAttribute("src");
    await page.getByRole("link", { name: zhAuth.changeCode }).click();
    await expect(image).not.toHaveAttribute("src", before!);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(168);

    const context = await newContext({ javaScriptEnabled: false, locale: "zh-CN" });
    const noScript = await context.newPage();
    await noScript.goto("/register/accountRegistration");
    const first = await noScript.getByTestId("captcha-register").getAttribute("src");
    await noScript.getByRole("link", { name: zhAuth.changeCode }).click();
    await expect(noScript).toHaveURL(/\/register\/accountRegistration\/\?captcha=/);
    await expect(noScript.getByTestId("captcha-register")).not.toHaveAttribute("src", first!);
  });
});

test.describe("errors", () => {
  // One signed-out visitor's error pages: the unknown path, the signed-out
  // 404 without the menu (error-boundary.spec.ts's signed-in ones keep it),
  // and the error pages' way home (each was a journey of its own).
  test("unknown paths answer 404 in the page's language, alone; the error pages return home, or to /pc under /pc", async ({
    page,
  }) => {
    let response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("抱歉，您访问的页面不存在");
    // A signed-out 404 stands alone: no menu.
    await expect(page.getByTestId("side-menu")).toHaveCount(0);
    response = await page.goto("/en/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText(
      "Sorry, the page you visited does not exist",
    );
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/en");

    await page.goto("/error/500");
    await expect(page.getByTestId("error-message")).toHaveText("抱歉，服务器出错了");
    await expect(page.getByRole("link", { name: "返回首页" })).toHaveAttribute("href", "/");
    await page.goto("/pc/orders");
    await expect(page.getByRole("link", { name: "返回首页" })).toHaveAttribute("href", "/pc");
    // /pc itself leads to the visitor's home: the login page, or /server once signed in.
    await page.getByRole("link", { name: "返回首页" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "账号登录" })).toBeVisible();
    await signIn(page, ACCOUNTS.manager);
    await page.goto("/en/pc/orders");
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/en\/server$/);
  });

  test("pages are sent with protective headers", async ({ request }) => {
    const headers = (await request.get("/")).headers();
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
  });

  test("/healthz answers 200", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });
});
