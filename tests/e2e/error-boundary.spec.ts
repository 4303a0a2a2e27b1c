import type { APIRequestContext, Page } from "@playwright/test";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

/**
 * A page whose data fails shows the error page inside the home layout: the
 * menu and the header stay, so the user goes on elsewhere. The fake backend
 * of the test's world is made to fail one call (`PUT /api/v1/demo/fault`):
 * the company profile the qualification page loads.
 */

const TEXT = {
  zh: { error: "网络通信异常", qualification: "资质信息", services: "服务管理" },
  en: {
    error: "Network communication abnormal",
    qualification: "Qualification",
    services: "Service management",
  },
} as const;

async function failCompanyProfile(request: APIRequestContext, code = 500) {
  const answer = await request.put("/api/v1/demo/fault", {
    data: { method: "GET", path: "/cba/cba-company", code },
  });
  expect((await answer.json()).code).toBe(200);
}

async function expectShellWithError(page: Page, locale: "zh" | "en") {
  await expect(page.getByTestId("error-message")).toHaveText(TEXT[locale].error);
  const menu = page.getByTestId("side-menu");
  await expect(menu.getByRole("link", { name: TEXT[locale].services })).toBeVisible();
  await expect(page.getByTestId("user-name")).toHaveText(ACCOUNTS.manager);
  // The error sits in the layout's main area, not on a page of its own.
  await expect(page.locator("main#main").getByTestId("error-page")).toBeVisible();
  await expect(page.locator("main")).toHaveCount(1);
}

for (const locale of ["zh", "en"] as const) {
  const prefix = locale === "en" ? "/en" : "";

  test.describe(`errors keep the menu and header (${locale})`, () => {
    // Two journeys once (the failed page opened directly, then reached from
    // the menu), with the same user and the same failure: the service list
    // the first one ends on is where the second one started.
    test("a page whose loader fails, opened directly and reached from the menu", async ({
      page,
      request,
    }) => {
      await signIn(page, ACCOUNTS.manager, { locale });
      await failCompanyProfile(request);
      const response = await page.goto(`${prefix}/qualificat`);
      expect(response?.status()).toBe(400);
      await expectShellWithError(page, locale);

      // The menu still leads on, and the next page shows normally.
      await page
        .getByTestId("side-menu")
        .getByRole("link", { name: TEXT[locale].services })
        .click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/server$`));
      await expect(page.getByTestId("error-page")).toHaveCount(0);
      await expect(page.getByRole("table")).toBeVisible();

      // From the menu of a page that runs its JavaScript, the backend still failing.
      await expect(page.getByTestId("user-name")).toHaveText(ACCOUNTS.manager);
      await hydrated(page);
      await page
        .getByTestId("side-menu")
        .getByRole("link", { name: TEXT[locale].qualification })
        .click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/qualificat$`));
      await expectShellWithError(page, locale);

      // Once the backend answers again, the page opens.
      await failCompanyProfile(request, 200);
      await page.reload();
      await expect(page.getByTestId("error-page")).toHaveCount(0);
      await expect(page.getByTestId("qualification-state")).toBeVisible();
    });
  });
}

test("without JavaScript the failed page keeps the menu, whose links work", async ({
  newContext,
  request,
}) => {
  const context = await newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.manager);
  await failCompanyProfile(request);
  await page.goto("/qualificat");
  await expectShellWithError(page, "zh");
  await page.getByTestId("side-menu").getByRole("link", { name: TEXT.zh.services }).click();
  await expect(page).toHaveURL(/\/server$/);
  await expect(page.getByTestId("error-page")).toHaveCount(0);
});

for (const locale of ["zh", "en"] as const) {
  const prefix = locale === "en" ? "/en" : "";
  const text = {
    zh: {
      forbidden: "抱歉，您无权访问此页面",
      notFound: "抱歉，您访问的页面不存在",
      home: "资质信息",
    },
    en: {
      forbidden: "Sorry, you are not allowed to see this page",
      notFound: "Sorry, the page you visited does not exist",
      home: "Qualification",
    },
  }[locale];

  test(`a signed-in 403 and 404 keep the menu and header (${locale})`, async ({ page }) => {
    await signIn(page, ACCOUNTS.guest, { locale });
    const refused = await page.goto(`${prefix}/server`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByTestId("error-message")).toHaveText(text.forbidden);
    await expect(page.locator("main#main").getByTestId("error-page")).toBeVisible();
    await expect(page.getByTestId("user-name")).toHaveText(ACCOUNTS.guest);
    // The refused page's own menu entry is not there; what the user may open is.
    const menu = page.getByTestId("side-menu");
    await expect(menu.getByRole("link", { name: text.home })).toBeVisible();

    const missing = await page.goto(`${prefix}/no/such/page`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText(text.notFound);
    await expect(page.locator("main#main").getByTestId("error-page")).toBeVisible();
    await menu.getByRole("link", { name: text.home }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/qualificat$`));
  });
}

// A signed-out 404 stands alone, without the menu: foundation.spec.ts's
// "unknown paths" journey, on the same page.
