/**
 * The login page is every visitor's first load: its forms (the sign-in with
 * the image code and by e-mail code) and the demo accounts' box come after
 * the first paint (app/routes/login-later.tsx), drawn by the server
 * meanwhile, and work without their chunk as without JavaScript.
 */
import zhAuth from "../../app/locales/zh/auth.ts";
import { E2E_CAPTCHA_CODE } from "../../playwright.config.ts";
import { firstLoadScripts } from "./first-load.ts";
import { ACCOUNTS, expect, hydrated, PASSWORD, submitLogin, test } from "./fixtures.ts";

test("the login page's first load carries neither of its sign-in forms nor the demo box", async ({
  page,
}) => {
  const scripts = await firstLoadScripts(page, "/");
  expect(scripts.size).toBeGreaterThan(5);
  // Their parts' test ids, as a bundle writes a string.
  const later = /["'`](sign-in-by-email|email-code-request|email-code-sign-in|demo-accounts)["'`]/;
  const carrying = [...scripts].filter(([, code]) => later.test(code));
  expect(carrying.map(([script]) => script)).toEqual([]);

  // They come after the first paint, and the page draws them as the server did.
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByTestId("sign-in-by-email")).toBeVisible();
  // Hydrated, the form checks itself: a post with empty fields stays in the browser.
  const username = page.locator('input[name="username"]');
  await page.locator('form[method="post"] button[type="submit"]').click();
  await expect(username).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`#${await username.getAttribute("aria-describedby")}`)).not.toBeEmpty();
  await page.goto("/?code=email");
  await hydrated(page);
  await expect(page.getByTestId("email-code-request")).toBeVisible();
  await expect(page.getByTestId("demo-accounts")).toContainText(ACCOUNTS.manager);
});

test("a navigation inside the app draws the login page with its form at once", async ({ page }) => {
  await page.goto("/forge_password");
  await hydrated(page);
  // Every state of the page's main part from the click on: never the login page without its form.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const title = document.querySelector("main h2")?.textContent ?? "";
      const form = document.querySelector('form[action$="/login"]') !== null;
      seen.push(`${window.location.pathname} ${title} ${form}`);
    }).observe(document.body, { subtree: true, childList: true });
  });
  await page.locator('main a[href="/"]').first().click();
  await expect(page.locator('form[action$="/login"]')).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen).toContain(`/ ${zhAuth.loginTitle} true`);
  expect(seen).not.toContain(`/ ${zhAuth.loginTitle} false`);
});

test.describe("when the later parts' chunk cannot be had", () => {
  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/login-later-[\w-]+\.js$/, (route) => route.abort());
  });

  test("the image-code sign-in and the e-mail-code form post as without JavaScript", async ({
    page,
  }) => {
    await page.goto("/?code=email");
    const request = page.getByTestId("email-code-request");
    await expect(request).toBeVisible();
    await expect(page.getByTestId("demo-accounts")).toBeVisible();
    // Not hydrated, the form posts itself; the next step is drawn by the server.
    await request.locator('input[name="username"]').fill(ACCOUNTS.manager);
    await request.getByRole("button", { name: zhAuth.byEmailSend }).click();
    await expect(page.getByTestId("email-code-sign-in")).toContainText(ACCOUNTS.manager);

    await page.goto("/");
    await submitLogin(page, ACCOUNTS.manager, PASSWORD, E2E_CAPTCHA_CODE);
    await expect(page).toHaveURL(/\/server$/);
  });
});
