/**
 * The route manifest is a file of the build that every page imports
 * (React Router's route discovery "initial",
 * docs/decisions/2026-11-27-route-manifest-as-a-file.md): no page writes
 * routes into its HTML, and the browser never asks the server for routes
 * (`/__manifest`), neither as a page starts (the discovery of the links it
 * finds) nor before it goes to a page of another branch it has not seen,
 * back, forward, or to an address no page has. The manifest is a file of
 * the portal's own, so the page's policy lets it run: the console stays
 * clean.
 */
import type { Page } from "@playwright/test";
import enErrors from "../../app/locales/en/errors.ts";
import enLogistics from "../../app/locales/en/logistics.ts";
import zhErrors from "../../app/locales/zh/errors.ts";
import zhLogistics from "../../app/locales/zh/logistics.ts";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

/** How a page's HTML brings the manifest: imported as a file, not written inline. */
async function expectManifestFile(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  expect(html.includes("__reactRouterManifest"), `${path} writes routes into its HTML`).toBe(false);
  const imported = /<script[^>]*type="module"[^>]*>import "\/assets\/manifest-[\w-]+\.js"/;
  expect(imported.test(html), `${path} imports the manifest file`).toBe(true);
}

/** Follows a link drawn into the side menu, which the menu follows inside the app. */
async function followFromMenu(page: Page, href: string) {
  await page.evaluate((to) => {
    const link = document.createElement("a");
    link.href = to;
    link.textContent = to;
    document
      .querySelector('[data-testid="side-menu"] nav, [data-testid="side-menu"]')
      ?.append(link);
    link.click();
  }, href);
}

for (const lang of ["zh", "en"] as const) {
  const prefix = lang === "en" ? "/en" : "";
  const errors = lang === "en" ? enErrors : zhErrors;
  const logistics = (lang === "en" ? enLogistics : zhLogistics).order;

  test(`pages of other branches, back, forward and a 404 without asking the server for routes (${lang})`, async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.endsWith("/__manifest")) asked.push(pathname + search);
    });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(String(error)));
    page.on("console", (message) => {
      // Expected: the 404's data request, answered 404, and the suite's
      // browser refusing the service worker (Playwright blocks them).
      if (/status of 404|Service Worker registration blocked/.test(message.text())) return;
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });

    await expectManifestFile(page, `${prefix}/`);
    await signIn(page, ACCOUNTS.admin, { locale: lang });
    await expectManifestFile(page, `${prefix}/order/`);

    await page.goto(`${prefix}/order/`);
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { sameDocument?: boolean }).sameDocument = true;
    });

    // A row's lines and history, fetched.
    const row = page.getByTestId("orders").locator("tbody tr[data-row-key]").first();
    const orderNo = (await row.getAttribute("data-row-key")) ?? "";
    await row
      .getByLabel(logistics.expandLines.replace("{{orderNo}}", orderNo))
      .click({ force: true });
    await expect(page.getByTestId("orders-detail").getByTestId("order-history")).toBeVisible();

    // Pages of other branches, never visited in this document.
    const menu = page.getByTestId("side-menu");
    await menu.locator(`a[href="${prefix}/server"]`).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/server$`));
    await expect(page.getByTestId("services")).toBeVisible();
    await menu.locator(`a[href="${prefix}/audit"]`).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/audit$`));
    await expect(page.getByTestId("download-audit")).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${prefix}/server$`));
    await expect(page.getByTestId("services")).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`${prefix}/audit$`));
    await expect(page.getByTestId("download-audit")).toBeVisible();

    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );

    // An address no page has: the not-found page, which the not-found route
    // loads as a document (tests/e2e/pages-added-by-a-release.spec.ts).
    await followFromMenu(page, `${prefix}/no/such/page`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/no/such/page$`));
    await expect(page.getByTestId("error-message")).toHaveText(errors.notFound);
    await page.goBack();
    await expect(page.getByTestId("download-audit")).toBeVisible();

    expect(asked).toEqual([]);
    expect(problems).toEqual([]);
  });
}
