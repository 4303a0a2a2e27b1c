import { expect, type Page } from "@playwright/test";
import { E2E_CAPTCHA_CODE } from "../../playwright.config.ts";

export const PASSWORD = "Demo1234!";
export const ACCOUNTS = {
  admin: "admin@demo.test",
  manager: "manager@demo.test",
  guest: "guest@demo.test",
} as const;

/** Fills and submits the login form of the page already open. */
export async function submitLogin(
  page: Page,
  username: string,
  password = PASSWORD,
  code = E2E_CAPTCHA_CODE,
) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('form[method="post"] button[type="submit"]').click();
}

/** Logs in from the login page of `locale` and waits to leave it. */
export async function login(
  page: Page,
  username: string,
  options: { locale?: "zh" | "en"; password?: string } = {},
) {
  await page.goto(options.locale === "en" ? "/en" : "/");
  await submitLogin(page, username, options.password);
  await expect(page.getByTestId("user-name")).toHaveText(username);
}
