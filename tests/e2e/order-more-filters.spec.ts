import enLogistics from "../../app/locales/en/logistics.ts";
import zhLogistics from "../../app/locales/zh/logistics.ts";
import { expectAccessible } from "./axe.ts";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

/**
 * "More filters" of the order list (the day and amount ranges) is not in the
 * first paint while closed: without JavaScript it is a link to the list's
 * own address with `filters=more`, where the fields are drawn; with
 * JavaScript the disclosure draws them when opened. Ranges in use are drawn
 * in the first paint, so a filtered list says what filters it.
 */

const RANGE_FIELD = 'id="filter-created-start"';

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("opens by its address, filters, and shows the ranges in use", async ({ page }) => {
    await signIn(page, ACCOUNTS.manager);
    await page.goto("/order/?pageSize=20");
    await expect(page.locator("#filter-created-start")).toHaveCount(0);
    await expect(page.locator("#filter-paidMin")).toHaveCount(0);

    const link = page.getByTestId("more-filters-link");
    await expect(link).toHaveText(`›${zhLogistics.order.moreFilters}`);
    await link.click();
    // The list's own address with the other parameters kept.
    await expect(page).toHaveURL(/\/order\/\?pageSize=20&filters=more$/);
    await expect(page.getByTestId("more-filters")).toHaveAttribute("open", "");
    await page.locator("#filter-created-start").fill("2020-01-01");
    await page.locator("#filter-created-end").fill("2099-12-31");
    await page.locator("#filter-paidMin").fill("1");
    await page.locator("search").getByRole("button", { name: "查询" }).click();

    // The address carries the filters, not the disclosure's parameter …
    await expect(page).toHaveURL(
      /\/order\/\?pageSize=20&createdFrom=2020-01-01&createdTo=2099-12-31&paidMin=1$/,
    );
    // … and the ranges in use keep it open, counted in its label.
    const more = page.getByTestId("more-filters");
    await expect(more).toHaveAttribute("open", "");
    await expect(more.locator("summary")).toHaveText(
      `›${zhLogistics.order.moreFiltersInUse.replace("{{n}}", "2")}`,
    );
    await expect(page.locator("#filter-created-start")).toHaveValue("2020-01-01");
    await expect(page.locator("#filter-paidMin")).toHaveValue("1");
    await expect(page.getByTestId("more-filters-link")).toHaveCount(0);
  });
});

// Ends with the axe runs of the address with more filters open, in both
// languages, which were a journey of their own with the same user.
test("with JavaScript the closed ranges are drawn when opened; the address with more filters open passes axe, in both languages", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.manager);
  // The first paint in English, read without drawing it (what the page draws once
  // it runs does not depend on the language): the link only, a range in use open.
  const english = await (await page.request.get("/en/order/")).text();
  expect(english).not.toContain(RANGE_FIELD);
  expect(english).toContain(`>${enLogistics.order.moreFilters}</a>`);
  const englishFiltered = await (await page.request.get("/en/order/?paidMin=1")).text();
  expect(englishFiltered).toContain('id="filter-paidMin"');
  expect(englishFiltered.match(/<details[^>]*data-testid="more-filters"[^>]*>/)?.[0]).toMatch(
    /\sopen(=""|\s|>)/,
  );

  const answer = await page.goto("/order/");
  // The first paint carries the link only.
  expect(await answer?.text()).not.toContain(RANGE_FIELD);
  await hydrated(page);
  const more = page.getByTestId("more-filters");
  await expect(more.locator("summary")).toHaveText(`›${zhLogistics.order.moreFilters}`);
  await expect(page.locator("#filter-created-start")).toHaveCount(0);
  await more.locator("summary").click();
  await expect(page.locator("#filter-created-start")).toBeVisible();
  await expect(page.locator("#filter-paidMax")).toBeVisible();
  // Closed again, the fields stay in the form with what was typed.
  await page.locator("#filter-paidMax").fill("99");
  await more.locator("summary").click();
  await expect(page.locator("#filter-paidMax")).toBeHidden();
  await expect(page.locator("#filter-paidMax")).toHaveValue("99");

  // A range in use is in the first paint, open.
  const filtered = await page.goto("/order/?paidMin=1");
  expect(await filtered?.text()).toContain('id="filter-paidMin"');
  await expect(page.getByTestId("more-filters")).toHaveAttribute("open", "");
  await expect(page.locator("#filter-paidMin")).toHaveValue("1");

  for (const prefix of ["", "/en"]) {
    await page.goto(`${prefix}/order/?filters=more`);
    await hydrated(page);
    await expect(page.locator("#filter-created-start")).toBeVisible();
    await expectAccessible(page, `${prefix}/order/?filters=more`);
  }
});
