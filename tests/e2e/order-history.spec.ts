import type { Page } from "@playwright/test";
import enCommon from "../../app/locales/en/common.ts";
import enL from "../../app/locales/en/logistics.ts";
import zhCommon from "../../app/locales/zh/common.ts";
import zhL from "../../app/locales/zh/logistics.ts";
import { formatChinaTime } from "../../app/utils/china-time.ts";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

const TEXT = {
  zh: { l: zhL, common: zhCommon, prefix: "" },
  en: { l: enL, common: enCommon, prefix: "/en" },
} as const;

function row(page: Page, orderNo: string) {
  return page.locator(`tr[data-row-key="${orderNo}"]`);
}

/** The first order of the list in `status`, the list filtered down to it. */
async function openOrder(page: Page, prefix: string, status: number): Promise<string> {
  await page.goto(`${prefix}/order/?cbaStatus=${status}`);
  const orderNo = await page
    .getByTestId("orders")
    .locator("tbody tr[data-row-key]")
    .nth(2)
    .getAttribute("data-row-key");
  expect(orderNo).toBeTruthy();
  await page.goto(`${prefix}/order/?orderNo=${orderNo}`);
  await expect(row(page, orderNo!)).toBeVisible();
  return orderNo!;
}

async function expand(page: Page, l: typeof zhL | typeof enL, orderNo: string) {
  // A checkbox once the page runs, a link that reloads the list with the row open before (and without JavaScript).
  await row(page, orderNo)
    .getByLabel(l.order.expandLines.replace("{{orderNo}}", orderNo))
    .click({ force: true });
  const history = page.getByTestId("orders-detail").getByTestId("order-history");
  await expect(history).toBeVisible();
  await expect(history).toContainText(l.order.history.title);
  return history;
}

for (const lang of ["zh", "en"] as const) {
  const { l, common, prefix } = TEXT[lang];

  test.describe(`order history (${lang})`, () => {
    test.use({ locale: lang === "zh" ? "zh-CN" : "en-US" });

    test("a detention shows in the expanded order's history with the account, the time and the reason", async ({
      page,
    }) => {
      await signIn(page, ACCOUNTS.manager, { locale: lang });
      const orderNo = await openOrder(page, prefix, 1);
      await hydrated(page);

      const reason = lang === "zh" ? "海关布控查验" : "Customs inspection ordered";
      await row(page, orderNo).getByRole("checkbox").first().check();
      await page.getByTestId("op-detain").click();
      const dialog = page.getByTestId("operation-dialog");
      await expect(dialog).toContainText(orderNo);
      await dialog.locator('textarea[name="reasonForDetention"]').fill(reason);
      const before = Date.now();
      await dialog.getByRole("button", { name: common.confirm }).click();
      await expect(dialog).toBeHidden();
      await expect(row(page, orderNo)).toContainText(l.orderStatus["2"]);

      const history = await expand(page, l, orderNo);
      const newest = history.getByTestId("order-event").first();
      const cells = newest.locator("td");
      // China time, to the second, of the moment of the detention.
      const times = [before, Date.now()].map((ms) =>
        formatChinaTime({ seconds: Math.floor(ms / 1000) }, "YYYY-MM-DD HH:mm"),
      );
      await expect(cells.nth(0)).toHaveText(
        new RegExp(`^(${times.join("|")}):\\d{2}$`.replace(/ /g, "\\s")),
      );
      await expect(cells.nth(1)).toHaveText(ACCOUNTS.manager);
      await expect(newest.getByTestId("event-action")).toHaveText(
        lang === "zh" ? "扣留" : "Detained",
      );
      await expect(newest.getByTestId("event-source")).toHaveText(
        l.order.history.sources.selection,
      );
      await expect(cells.nth(3)).toHaveText(`${l.orderStatus["1"]} → ${l.orderStatus["2"]}`);
      await expect(cells.nth(4)).toHaveText(reason);
    });
  });
}

test.describe("order history without JavaScript", () => {
  test.use({ javaScriptEnabled: false, locale: "zh-CN" });

  test("a seeded detention shows the platform as its author to the company", async ({ page }) => {
    const { l } = TEXT.zh;
    await signIn(page, ACCOUNTS.manager);
    const orderNo = await openOrder(page, "", 2);
    const history = await expand(page, l, orderNo);
    const cells = history.getByTestId("order-event").first().locator("td");
    await expect(cells.nth(1)).toHaveText(l.order.history.platform);
    await expect(cells.nth(2).getByTestId("event-action")).toHaveText("扣留");
    await expect(cells.nth(3)).toContainText(`→ ${l.orderStatus["2"]}`);
    await expect(cells.nth(4)).not.toBeEmpty();
  });
});
