import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { ACCOUNTS, expect, hydrated, login, signIn, test } from "./fixtures.ts";

/**
 * The workbench: first in the staff menu, its actions lead to lists that
 * show what they count, its charts and tables show without JavaScript, the
 * platform filters by company, and a user may make it the home after
 * sign-in.
 */

/** The number an action's card shows, digits only. */
async function actionCount(page: Page, key: string): Promise<number> {
  const text = await page.getByTestId(`action-${key}`).locator("p").nth(1).innerText();
  return Number(text.replace(/\D/g, ""));
}

for (const lang of ["zh", "en"] as const) {
  const prefix = lang === "en" ? "/en" : "";
  const text =
    lang === "zh"
      ? {
          menu: "工作台",
          detained: "被扣留的订单",
          moves: "每日入库、出库和扣留订单数",
          open: "查看 被扣留的订单",
        }
      : {
          menu: "Workbench",
          detained: "Detained orders",
          moves: "Orders stocked in, stocked out and detained per day",
          open: "Open Detained orders",
        };

  test(`a manager opens the workbench first in the menu and follows an action to its list (${lang})`, async ({
    page,
  }, testInfo) => {
    await login(page, ACCOUNTS.manager, { locale: lang });
    // The home after sign-in stays the service list.
    await expect(page).toHaveURL(new RegExp(`${prefix}/server$`));
    const menu = page.getByRole("navigation").getByRole("link");
    await expect(menu.first()).toHaveText(text.menu);
    await menu.first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/workbench$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.menu);
    await hydrated(page);

    // The charts: images named by their titles, with a table of the 30 days beside.
    const moves = page.getByTestId("chart-moves");
    await expect(moves.getByRole("img", { name: text.moves })).toBeVisible();
    await expect(moves.locator("table tbody tr")).toHaveCount(30);
    await expect(page.getByTestId("chart-amount").locator("table tbody tr")).toHaveCount(30);
    // Pointing at a day shows its figures above the chart.
    const lastDay = await moves.locator("table tbody tr").last().locator("th").innerText();
    await moves.getByTestId("chart-day").last().hover();
    await expect(moves.getByTestId("chart-point")).toContainText(lastDay);
    await expect(moves.getByTestId("chart-active-day")).toHaveCount(1);

    // Counts by status add up to the order list's total.
    const ordersTotal = await page
      .getByTestId("counts-orders")
      .locator("tfoot td")
      .innerText()
      .then((value) => Number(value.replace(/\D/g, "")));
    expect(ordersTotal).toBeGreaterThan(0);

    // The page scrolls inside its layout: a tall window shows all of it.
    await page.setViewportSize({ width: 1440, height: 2200 });
    await page.screenshot({ path: testInfo.outputPath(`workbench-${lang}.png`) });
    await expectAccessible(page, `${prefix}/workbench`);

    const detained = await actionCount(page, "detainedOrders");
    await page.getByRole("link", { name: text.open }).click();
    await expect(page).toHaveURL(/\/order\/\?cbaStatus=2$/);
    await expect(page.getByTestId("orders-paging-total")).toContainText(String(detained));
  });
}

test("without JavaScript the platform's workbench shows its charts and filters by company", async ({
  newContext,
}, testInfo) => {
  const context = await newContext({ javaScriptEnabled: false, locale: "en-US" });
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.admin, { locale: "en" });
  await page.goto("/en/workbench");
  await expect(page.getByTestId("chart-moves").locator("svg[role=img] path").first()).toBeVisible();
  await expect(page.getByTestId("chart-moves").locator("table tbody tr")).toHaveCount(30);
  // The platform sees the review queue's count; the filter lists the companies.
  await expect(page.getByTestId("action-pendingReviews")).toBeVisible();
  const all = Number(
    (await page.getByTestId("counts-orders").locator("tfoot td").innerText()).replace(/\D/g, ""),
  );
  await page
    .getByTestId("workbench-company")
    .selectOption({ label: "Shenzhen Qianhai Cross-border Supply Chain Management Co., Ltd." });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/en\/workbench\/?\?companyId=/);
  const one = Number(
    (await page.getByTestId("counts-orders").locator("tfoot td").innerText()).replace(/\D/g, ""),
  );
  expect(one).toBeGreaterThan(0);
  expect(one).toBeLessThan(all);
  await expect(page.getByTestId("action-detainedOrders")).toContainText(
    "The lists show every company's data.",
  );
  await page.setViewportSize({ width: 1440, height: 2200 });
  await page.screenshot({ path: testInfo.outputPath("workbench-platform-en.png") });
});

test("the platform's workbench with its company filter passes axe", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ACCOUNTS.admin);
  await page.goto("/workbench");
  await hydrated(page);
  await expectAccessible(page, "/workbench");
  await page.getByTestId("workbench-company").selectOption({ index: 1 });
  await page.getByRole("button", { name: "查看" }).click();
  await expect(page).toHaveURL(/\/workbench\/?\?companyId=/);
  await expectAccessible(page, "/workbench?companyId=…");
});

test("a user chooses the workbench as home after sign-in, and lands there next time", async ({
  page,
  newContext,
}) => {
  await signIn(page, ACCOUNTS.manager);
  await page.goto("/setting/account");
  await hydrated(page);
  const form = page.getByTestId("home-page-form");
  await expect(form.getByRole("radio", { name: "服务管理" })).toBeChecked();
  await form.getByRole("radio", { name: "工作台" }).check();
  await page.getByTestId("home-page-save").click();
  await expect(page.getByTestId("login-settings-notice")).toHaveText("已保存：登录后打开工作台。");
  await expect(form.getByRole("radio", { name: "工作台" })).toBeChecked();

  // Kept by the backend for the account: another browser signs in onto the workbench.
  const other = await (await newContext({ javaScriptEnabled: false })).newPage();
  await login(other, ACCOUNTS.manager);
  await expect(other).toHaveURL(/\/workbench$/);
  // Another account of the company keeps its own home.
  const ops = await (await newContext()).newPage();
  await login(ops, "ops@demo.test");
  await expect(ops).toHaveURL(/\/server$/);
});

test("partly detained pallets lead to the pallet list of each service holding them", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.manager);
  await page.goto("/workbench");
  const card = page.getByTestId("action-partlyDetainedPallets");
  const total = await actionCount(page, "partlyDetainedPallets");
  expect(total).toBeGreaterThan(0);
  const links = card.getByTestId("pallet-services").getByRole("link");
  const first = links.first();
  const shown = Number((await first.innerText()).match(/（(\d+) 个）/)?.[1]);
  await first.click();
  await expect(page).toHaveURL(/\/server\/salver\/\?serviceNo=[^&]+&cbaStatus=4$/);
  await expect(page.getByTestId("pallets-paging-total")).toContainText(String(shown));
});
