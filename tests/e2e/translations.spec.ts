import type { Page } from "@playwright/test";
import { resources } from "../../app/locales/resources.ts";
import { ACCOUNTS, expect, login, STAFF_PAGES, test } from "./fixtures.ts";

/** A translation key that i18next could not find shows up as the key itself. */
const RAW_KEY = new RegExp(`\\b(${Object.keys(resources.zh.translation).join("|")})\\.[a-zA-Z]+`);

const PUBLIC_PAGES = [
  "/",
  "/forge_password",
  "/register/residence_process",
  "/register/accountRegistration",
  "/register/privacyPolicy",
  "/error/404",
  "/error/500",
];

async function expectTranslated(page: Page, path: string) {
  await page.goto(path);
  // Visible text only: loader data in scripts may carry keys on purpose.
  const text = await page.locator("body").innerText();
  expect(text, `${path} shows a raw translation key`).not.toMatch(RAW_KEY);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${path} overflows horizontally`).toBeLessThanOrEqual(0);
}

for (const locale of ["zh", "en"] as const) {
  const prefix = locale === "en" ? "/en" : "";

  test(`every public page is translated (${locale})`, async ({ page }) => {
    for (const path of PUBLIC_PAGES)
      await expectTranslated(page, prefix + (path === "/" && prefix ? "" : path));
  });

  test(`every page of the menu is translated (${locale})`, async ({ page }) => {
    await login(page, ACCOUNTS.admin, { locale });
    for (const path of STAFF_PAGES) await expectTranslated(page, prefix + path);
  });
}
