import type { Page } from "@playwright/test";
import zhLogistics from "../../app/locales/zh/logistics.ts";
import { expectAccessible } from "./axe.ts";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

/**
 * The order list filtered by a created-day range, two statuses and an amount
 * range, with JavaScript and without: only matching rows are shown, the
 * filters stay in the address and in the form; the way back from an order
 * and from a pallet's orders to its service and pallet.
 */

const STATUS_LABELS = {
  1: zhLogistics.orderStatus[1],
  4: zhLogistics.orderStatus[4],
} as const;

function orderRows(page: Page) {
  return page.getByTestId("orders").locator("tbody tr[data-row-key]");
}

/** The cells of a column of the shown rows, the column found by its sort button or heading. */
async function column(page: Page, header: string) {
  const table = page.getByTestId("orders");
  const index = await table
    .locator("thead th")
    .evaluateAll(
      (ths, name) =>
        ths.findIndex(
          (th) =>
            th.querySelector(`[data-testid="sort-${name}"]`) !== null ||
            th.textContent?.trim() === name,
        ),
      header,
    );
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return orderRows(page).evaluateAll(
    (trs, at) => trs.map((tr) => tr.children[at]?.textContent?.trim() ?? ""),
    index,
  );
}

const yuan = (text: string) => Number(text.replace(/[^\d.]/g, ""));

/** A created day, a status of the two and an amount range that some order of the first page has. */
async function sampleFilter(page: Page) {
  await page.goto("/order/?pageSize=50");
  const created = await column(page, "createdOn");
  const statuses = await column(page, zhLogistics.order.status);
  const paid = await column(page, "acturalPaid");
  const at = statuses.findIndex(
    (label) => label === STATUS_LABELS[1] || label === STATUS_LABELS[4],
  );
  expect(at, "an initial or stocked-in order on the first page").toBeGreaterThanOrEqual(0);
  const day = (created[at] ?? "").slice(0, 10);
  const amount = yuan(paid[at] ?? "0");
  return { day, min: Math.max(0, Math.floor(amount) - 50), max: Math.ceil(amount) + 50 };
}

/** The shown rows' cells that do not match the filter; none once the filtered list is drawn. */
async function unmatched(page: Page, filter: { day: string; min: number; max: number }) {
  const created = (await column(page, "createdOn")).filter((day) => !day.startsWith(filter.day));
  const statuses = (await column(page, zhLogistics.order.status)).filter(
    (label) => label !== STATUS_LABELS[1] && label !== STATUS_LABELS[4],
  );
  const paid = (await column(page, "acturalPaid")).filter(
    (text) => yuan(text) < filter.min || yuan(text) > filter.max,
  );
  return [...created, ...statuses, ...paid];
}

async function expectOnlyMatching(page: Page, filter: { day: string; min: number; max: number }) {
  await expect(orderRows(page).first()).toBeVisible();
  // With JavaScript the URL changes before the filtered rows are drawn: the
  // rows of the unfiltered list may still be there a moment after it.
  await expect.poll(() => unmatched(page, filter)).toEqual([]);
}

async function fillFilters(page: Page, filter: { day: string; min: number; max: number }) {
  const hydrated = await page.evaluate(() => document.documentElement.dataset.hydrated === "true");
  // Without JavaScript closed "more filters" is a link to the list with them open.
  if (!hydrated) await page.getByTestId("more-filters-link").click();
  await page.getByTestId("status-choices").locator("summary").click();
  await page.getByTestId("status-choice-1").check();
  await page.getByTestId("status-choice-4").check();
  if (hydrated) await page.getByTestId("more-filters").locator("summary").click();
  await page.locator("#filter-created-start").fill(filter.day);
  await page.locator("#filter-created-end").fill(filter.day);
  await page.locator("#filter-paidMin").fill(String(filter.min));
  await page.locator("#filter-paidMax").fill(String(filter.max));
  await page.locator("search").getByRole("button", { name: "查询" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("filters by a created-day range, two statuses and an amount range", async ({ page }) => {
      await signIn(page, ACCOUNTS.manager);
      const filter = await sampleFilter(page);
      await page.goto("/order/");
      if (javaScriptEnabled) await hydrated(page);
      await fillFilters(page, filter);
      await expect(page).toHaveURL(
        new RegExp(
          `/order/\\?cbaStatus=1&cbaStatus=4&createdFrom=${filter.day}&createdTo=${filter.day}&paidMin=${filter.min}&paidMax=${filter.max}$`,
        ),
      );
      await expectOnlyMatching(page, filter);
      // The form shows the filters again, the disclosure open since ranges are in use.
      await expect(page.getByTestId("status-summary")).toHaveText(
        `${STATUS_LABELS[1]}、${STATUS_LABELS[4]}`,
      );
      await expect(page.locator("#filter-created-start")).toHaveValue(filter.day);
      await expect(page.locator("#filter-paidMax")).toHaveValue(String(filter.max));
      await expect(page.getByTestId("more-filters")).toHaveAttribute("open", "");

      // A minimum above the maximum is said beside the field and not applied: drawn by the
      // page without JavaScript; the loader's answer is the route test's (order-range-filters,
      // "applies no range that is wrong …").
      if (!javaScriptEnabled) {
        await page.goto(`/order/?cbaStatus=1&paidMin=${filter.max}&paidMax=${filter.min}`);
        await expect(page.getByTestId("filter-paid")).toContainText(zhLogistics.order.paidOrder);
        await expect(page.getByTestId("ignored-filters")).toContainText("实付金额");
      }
    });

    test("leads from an order and from a pallet's orders back to its service and pallet", async ({
      page,
    }) => {
      await signIn(page, ACCOUNTS.manager);
      /** Opens the first order of the list and answers its way back. */
      const openFirst = async () => {
        await page.goto("/order/?pageSize=10");
        const row = orderRows(page).first();
        const orderNo = (await row.getAttribute("data-row-key")) ?? "";
        const expand = zhLogistics.order.expandLines.replace("{{orderNo}}", orderNo);
        if (javaScriptEnabled) {
          await hydrated(page);
          await row.getByLabel(expand).check({ force: true });
        } else {
          await row.getByRole("link", { name: expand }).click();
        }
        const trail = page.getByTestId(`order-breadcrumb-${orderNo}`);
        await expect(trail).toBeVisible();
        await expect(trail.locator('[aria-current="page"]')).toHaveText(`订单 ${orderNo}`);
        return trail;
      };
      let trail = await openFirst();
      const serviceText = (await trail.getByRole("link").first().textContent()) ?? "";
      const palletText = (await trail.getByRole("link").nth(1).textContent()) ?? "";
      const serviceNo = serviceText.replace("服务 ", "");
      const salverNo = palletText.replace("托盘 ", "");

      await trail.getByRole("link", { name: palletText }).click();
      await expect(page).toHaveURL(
        new RegExp(`/server/salver/?\\?serviceNo=${serviceNo}&salverNo=${salverNo}$`),
      );
      // The order list shows the pallet's number too: look for it in the pallet list.
      await expect(page.getByTestId("pallets").getByText(salverNo).first()).toBeVisible();
      trail = await openFirst();
      await trail.getByRole("link", { name: serviceText }).click();
      await expect(page).toHaveURL(new RegExp(`/server/?\\?serviceNo=${serviceNo}$`));
      await expect(page.getByTestId("services").getByText(serviceNo).first()).toBeVisible();

      // The orders of one pallet show the way back above the list.
      await page.goto(`/order/?salverNo=${salverNo}`);
      const above = page.getByTestId("pallet-breadcrumb");
      await expect(above.getByRole("link")).toHaveText([serviceText, palletText]);
      await expect(above.locator('[aria-current="page"]')).toHaveText(zhLogistics.order.title);
      await above.getByRole("link", { name: serviceText }).click();
      await expect(page).toHaveURL(new RegExp(`serviceNo=${serviceNo}$`));
    });
  });
}

test("the filtered list with its filters open passes axe, in both languages", async ({ page }) => {
  // Four pages and four axe runs.
  test.slow();
  await signIn(page, ACCOUNTS.manager);
  for (const prefix of ["", "/en"]) {
    await page.goto(
      `${prefix}/order/?cbaStatus=1&cbaStatus=4&createdFrom=2020-01-01&createdTo=2099-12-31&paidMin=0&paidMax=9&stockedInFrom=2026-11-20&stockedInTo=2026-11-01&open=x`,
    );
    await hydrated(page);
    // The ranges open (in use, one of them wrong) …
    await expect(page.getByTestId("more-filters")).toHaveAttribute("open", "");
    await expectAccessible(page, `${prefix}/order with its ranges`);
    // … and the statuses' panel open, the ranges closed when none is in use.
    await page.goto(`${prefix}/order/?cbaStatus=1&cbaStatus=4`);
    await hydrated(page);
    await expect(page.getByTestId("more-filters")).not.toHaveAttribute("open");
    await page.getByTestId("status-choices").locator("summary").click();
    await expect(page.getByTestId("status-choice-1")).toBeVisible();
    await expectAccessible(page, `${prefix}/order with its statuses`);
  }
});
