import type { Page } from "@playwright/test";
import enCommon from "../../app/locales/en/common.ts";
import enL from "../../app/locales/en/logistics.ts";
import enTable from "../../app/locales/en/table.ts";
import zhCommon from "../../app/locales/zh/common.ts";
import zhL from "../../app/locales/zh/logistics.ts";
import zhTable from "../../app/locales/zh/table.ts";
import { ACCOUNTS, expect, login, test } from "./fixtures.ts";

const TEXT = {
  zh: { l: zhL, table: zhTable, common: zhCommon, prefix: "", locale: "zh-CN" },
  en: { l: enL, table: enTable, common: enCommon, prefix: "/en", locale: "en-US" },
} as const;

function orderRows(page: Page) {
  return page.getByTestId("orders").locator("tbody tr[data-row-key]");
}

for (const lang of ["zh", "en"] as const) {
  const { common, prefix, locale } = TEXT[lang];

  test.describe(`lists (${lang})`, () => {
    test("a page past the end shows the last page", async ({ page }) => {
      await login(page, ACCOUNTS.manager, { locale: lang });
      await page.goto(`${prefix}/order/?current=9999`);
      await expect(orderRows(page).first()).toBeVisible();
      const paging = page.getByTestId("orders-paging");
      const current = await paging.locator('[aria-current="page"]').innerText();
      expect(current).not.toBe("9,999");
      // The current page is the last one: no "next" link, no higher page number.
      const numbers = await paging
        .locator("li")
        .evaluateAll((items) =>
          items.map((li) => Number((li.textContent ?? "").replace(/[^\d]/g, ""))),
        );
      expect(Number(current.replace(/[^\d]/g, ""))).toBe(Math.max(...numbers));
      await expect(paging.locator('a[rel="next"]')).toHaveCount(0);
    });

    test("without JavaScript, a filter URL names only the filters in use", async ({
      newContext,
    }) => {
      const context = await newContext({ javaScriptEnabled: false, locale });
      const page = await context.newPage();
      await login(page, ACCOUNTS.manager, { locale: lang });
      await page.goto(`${prefix}/order`);
      await page.locator("#filter-cbaStatus").selectOption("4");
      await page.getByRole("button", { name: common.search }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/order/\\?cbaStatus=4$`));
      await expect(page.locator("#filter-cbaStatus")).toHaveValue("4");

      await page.goto(`${prefix}/server`);
      await page.locator("#filter-cbaStatus").selectOption("1");
      await page.getByRole("button", { name: common.search }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/server/\\?cbaStatus=1$`));
    });
  });
}
