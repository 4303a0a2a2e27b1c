import zhCommon from "../../app/locales/zh/common.ts";
import { ACCOUNTS, expect, signIn, test } from "./fixtures.ts";

/**
 * A filter in the address that cannot apply (a hand-edited or old link) is
 * named on the page instead of being dropped without a word, and the list
 * shows what the other filters select.
 */
test("a list names the filters it ignored, in the page's language", async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  await page.goto(`/server/?cbaStatus=99&serviceNo=${"9".repeat(80)}`);
  const notice = page.getByTestId("ignored-filters");
  await expect(notice).toContainText("以下筛选条件无效，已忽略");
  await expect(notice).toContainText(`${zhCommon.filterCbaStatus}“99”`);
  await expect(notice).toContainText(zhCommon.filterServiceNo);

  await page.goto(`/en/inventory_system/arrival_report/?salverNo=${"T".repeat(80)}`);
  await expect(page.getByTestId("ignored-filters")).toContainText(
    "These filters are not valid and were ignored: pallet No.",
  );

  await page.goto("/order/?cbaStatus=99");
  await expect(page.getByTestId("ignored-filters")).toContainText(
    `${zhCommon.filterCbaStatus}“99”`,
  );

  // A list whose filters all apply says nothing.
  await page.goto("/server/?cbaStatus=1");
  await expect(page.getByTestId("ignored-filters")).toHaveCount(0);
});
