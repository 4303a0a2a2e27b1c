/**
 * The order list sends what is shown: an order's lines and history come when
 * its row is opened (fetched with JavaScript, drawn for the address's open
 * row without), and the rows' cells take their styles from the table.
 */
import enInventory from "../../app/locales/en/inventory.ts";
import zhInventory from "../../app/locales/zh/inventory.ts";
import zhLogistics from "../../app/locales/zh/logistics.ts";
import { firstLoadScripts } from "./first-load.ts";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

const l = zhLogistics;
const expandLabel = (orderNo: string) => l.order.expandLines.replace("{{orderNo}}", orderNo);

test("a page of orders carries no order's lines until one is opened, then fetches that one's", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.manager, { locale: "zh" });
  const answer = await page.goto("/order/");
  const html = (await answer?.text()) ?? "";
  // Neither drawn nor in the page's data: no line of any order, no history.
  expect(html).not.toContain("order-lines");
  expect(html).not.toContain('\\"itemName\\"');
  expect(html).not.toContain('\\"history\\"');
  // The leading cells and their headers are pinned by the table, not cell by cell.
  expect(html).not.toMatch(/<td[^>]* style="left:/);
  expect(html).not.toMatch(/<th[^>]* style="left:/);
  // No inline script for zod's options (the page's code sets them), React
  // Router's scroll script in its short form, no route module split in two,
  // no key of the page's data sent as null, and fewer than 20 module preloads.
  expect(html).not.toContain("__zod_globalConfig");
  expect(html).not.toContain("storageKey");
  expect(html).not.toContain("clientMiddlewareModule");
  expect(html).not.toMatch(/\\"(keptSelection|pending|palletTrail)\\"/);
  expect(html.match(/rel="modulepreload"/g)?.length ?? 0).toBeLessThan(20);
  // React, React DOM and React Router open with V8's compile hint: compiled
  // whole at once and kept in the code cache, not function by function as
  // hydration first calls them (vite.config.ts).
  const framework = html.match(/\/assets\/framework-[\w-]+\.js/)?.[0] ?? "";
  expect(framework).not.toBe("");
  const frameworkCode = await (await page.request.get(framework)).text();
  expect(frameworkCode.startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
  // The rows' chevrons are drawn by their class, the headers' padding by the
  // table: neither is repeated in every row or header.
  expect(html).toContain('class="row-toggle"');
  expect(html).not.toMatch(/class="row-toggle"[^>]*><svg/);
  expect(html).not.toMatch(/<th[^>]* class="[^"]*px-2 py-2/);
  // A date's two parts are the cell's own, with no wrapper in every cell.
  expect(html).not.toContain('<span class="date-time">');
  // Closed forms are not in the first paint: the import's and the column menu's
  // have addresses of their own.
  expect(html).not.toContain('type="file"');
  expect(html).not.toContain('data-testid="column-form"');
  // Closed "more filters" is its link: no day or amount range drawn.
  expect(html).toContain('data-testid="more-filters-link"');
  expect(html).not.toContain('id="filter-created-start"');
  expect(html).not.toContain('id="filter-paidMin"');
  // So are the statuses' choices while none is chosen.
  expect(html).toContain('data-testid="status-choices-link"');
  expect(html).not.toContain('name="cbaStatus"');
  // Closed, the saved views' disclosure is a link: no form to save a view drawn.
  expect(html).toContain('data-testid="saved-views-manage-link"');
  expect(html).not.toContain('id="orders-view-name"');
  // Icons are named from one sprite, not drawn path by path (the settings gear's).
  expect(html).not.toContain("M19.4 15a1.7");
  // The layout's data: neither the menu's entries (the browser draws them from
  // the site map) nor the bell's notifications (asked for when it opens).
  expect(html).not.toContain('\\"menu.server\\"');
  expect(html).not.toContain("资质审核通过");
  await hydrated(page);
  // The menu is drawn in the browser the same, and the bell's panel lists the notifications.
  await expect(page.getByTestId("side-menu").locator('[aria-current="page"]')).toHaveAttribute(
    "href",
    "/server",
  );
  await page.getByTestId("notification-bell").click();
  await expect(
    page.getByTestId("notification-panel").getByText("资质审核通过", { exact: true }),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  const first = page.locator("tr[data-row-key]").first();
  const orderNo = (await first.getAttribute("data-row-key")) ?? "";
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(`open=${orderNo}`)) asked.push(request.url());
  });
  await first.getByLabel(expandLabel(orderNo)).check({ force: true });
  const detail = page.getByTestId("orders-detail");
  await expect(detail.getByTestId("order-lines")).toBeVisible();
  await expect(detail.getByTestId("order-history")).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);
  // The address is left as it was: the row opened in place.
  await expect(page).toHaveURL(/\/order\/$/);
});

test("the order page's first load carries the date range's texts without the inventory area's", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.manager, { locale: "zh" });
  const scripts = [...(await firstLoadScripts(page, "/order/"))];
  expect(scripts.length).toBeGreaterThan(10);
  // The stock page's texts (its scan help), in either language: the date
  // range's come with the signed-in pages' texts instead.
  const inventoryTexts = [zhInventory.scan.intro, enInventory.scan.intro];
  const carrying = scripts.filter(([, code]) => inventoryTexts.some((text) => code.includes(text)));
  expect(carrying.map(([script]) => script)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, locale: "zh-CN" });

  test("the chevron opens the row by its address, and the page draws that row's lines", async ({
    page,
  }) => {
    await page.goto("/");
    await page.locator('input[name="username"]').fill(ACCOUNTS.manager);
    await page.locator('input[name="password"]').fill("Demo1234!");
    await page.locator('input[name="code"]').fill("T3ST");
    await page.locator('form[method="post"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/server$/);
    await page.goto("/order/");
    const first = page.locator("tr[data-row-key]").first();
    const orderNo = (await first.getAttribute("data-row-key")) ?? "";
    await first.getByRole("link", { name: expandLabel(orderNo) }).click();
    await expect(page).toHaveURL(new RegExp(`open=${orderNo}`));
    await expect(page.getByTestId("orders-detail").getByTestId("order-lines")).toBeVisible();
    await expect(page.getByTestId("order-detail-loading")).toHaveCount(0);
  });
});
