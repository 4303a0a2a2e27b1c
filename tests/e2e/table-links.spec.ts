/**
 * The order table's links (a row's pallet, a sortable header, the paging)
 * are plain anchors that the table follows inside the app: with JavaScript a
 * left click changes the list without loading the document again, a click
 * with Ctrl or ⌘ is left to the browser (a new tab), and without JavaScript
 * they are links. The side menu's links are plain anchors followed the same
 * way.
 */
import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

const rows = (page: Page) => page.getByTestId("orders").locator("tbody tr[data-row-key]");

/** Marks the loaded document: the mark is gone if a click loads another one. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });
}

async function sameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);
}

for (const lang of ["zh", "en"] as const) {
  const prefix = lang === "en" ? "/en" : "";

  // Ends with the side menu's link, which was a journey of its own on a
  // freshly loaded order list: it goes on from the order list already there.
  test(`with JavaScript the table's links change the list inside the page, and so do the side menu's (${lang})`, async ({
    page,
    context,
  }) => {
    await signIn(page, ACCOUNTS.manager, { locale: lang });
    await page.goto(`${prefix}/order/`);
    await hydrated(page);
    await markDocument(page);

    const pallet = rows(page).first().locator('a[href*="salverNo="]');
    const palletNo = (await pallet.textContent())!.trim();
    await pallet.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/order/\\?salverNo=${palletNo}$`));
    await expect(page.locator("#filter-salverNo")).toHaveValue(palletNo);
    expect(await sameDocument(page)).toBe(true);

    await page.goto(`${prefix}/order/`);
    await hydrated(page);
    await markDocument(page);
    const paging = page.getByTestId("orders-paging");
    await paging.locator('a[rel="next"]').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/order/\\?current=2$`));
    await expect(paging.locator('[aria-current="page"]')).toHaveText("2");
    await page.getByTestId("sort-createdOn").click();
    await expect(page).toHaveURL(/sortField=createdOn/);
    expect(await sameDocument(page)).toBe(true);

    // With Ctrl or ⌘ the browser opens the link in a tab of its own; this page stays.
    const here = page.url();
    const opened = context.waitForEvent("page");
    await rows(page)
      .first()
      .locator('a[href*="salverNo="]')
      .click({ modifiers: ["ControlOrMeta"] });
    // A new tab starts at about:blank and then goes to the link.
    await expect(await opened).toHaveURL(/salverNo=/);
    expect(page.url()).toBe(here);
    expect(await sameDocument(page)).toBe(true);

    // The side menu's links are followed inside the app too.
    const menu = page.getByTestId("side-menu");
    // The menu's links keep the mark of React Router's route discovery.
    await expect(menu.locator(`a[href="${prefix}/server"]`)).toHaveAttribute(
      "data-discover",
      "true",
    );
    await menu.locator(`a[href="${prefix}/server"]`).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/server$`));
    await expect(page.getByTestId("services")).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });
}

test("without JavaScript the table's links are links", async ({ newContext }) => {
  const context = await newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.manager);
  await page.goto("/order/");
  const pallet = rows(page).first().locator('a[href*="salverNo="]');
  const palletNo = (await pallet.textContent())!.trim();
  await pallet.click();
  await expect(page).toHaveURL(new RegExp(`/order/\\?salverNo=${palletNo}$`));
  await expect(page.locator("#filter-salverNo")).toHaveValue(palletNo);
  await page.goto("/order/");
  await page.getByTestId("orders-paging").locator('a[rel="next"]').click();
  await expect(page).toHaveURL(/\/order\/\?current=2$/);
  await expect(page.getByTestId("orders-paging").locator('[aria-current="page"]')).toHaveText("2");
});
