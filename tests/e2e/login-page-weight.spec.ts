/**
 * The login page is every visitor's first load: what it needs to sign in
 * with the image code comes with the page; the sign-in by e-mail code and
 * the demo accounts' box come after the first paint (app/routes/login-later.tsx),
 * drawn by the server meanwhile, and work without their chunk as without
 * JavaScript.
 */
import type { Page } from "@playwright/test";
import zhAuth from "../../app/locales/zh/auth.ts";
import { E2E_CAPTCHA_CODE } from "../../playwright.config.ts";
import { ACCOUNTS, expect, hydrated, PASSWORD, submitLogin, test } from "./fixtures.ts";

/**
 * The page's first-load scripts, as the benchmark counts them
 * (bench/first-load-js.ts): those its HTML names and what they import
 * statically, to the end; not those fetched later with `import()`.
 */
async function firstLoadScripts(page: Page, path: string): Promise<Map<string, string>> {
  const html = await (await page.request.get(path)).text();
  const pending = [
    ...html.matchAll(
      /<(?:script|link rel="modulepreload")\b[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g,
    ),
    ...html.matchAll(/\bimport\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g),
  ].map((match) => match[1] ?? "");
  const found = new Map<string, string>();
  for (let script = pending.pop(); script; script = pending.pop()) {
    if (found.has(script)) continue;
    const code = await (await page.request.get(script)).text();
    found.set(script, code);
    for (const imported of code.matchAll(
      /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g,
    )) {
      pending.push(new URL(imported[1] ?? "", `http://portal${script}`).pathname);
    }
  }
  return found;
}

test("the login page's first load carries neither the sign-in by e-mail code nor the demo box", async ({
  page,
}) => {
  const scripts = await firstLoadScripts(page, "/");
  expect(scripts.size).toBeGreaterThan(5);
  // Their parts' test ids, as a bundle writes a string.
  const later = /["'`](email-code-request|email-code-sign-in|demo-accounts)["'`]/;
  const carrying = [...scripts].filter(([, code]) => later.test(code));
  expect(carrying.map(([script]) => script)).toEqual([]);

  // They come after the first paint, and the page draws them as the server did.
  await page.goto("/?code=email");
  await hydrated(page);
  await expect(page.getByTestId("email-code-request")).toBeVisible();
  await expect(page.getByTestId("demo-accounts")).toContainText(ACCOUNTS.manager);
});

test.describe("when the later parts' chunk cannot be had", () => {
  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/login-later-[\w-]+\.js$/, (route) => route.abort());
  });

  test("the image-code sign-in works, and the e-mail-code form posts as without JavaScript", async ({
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
