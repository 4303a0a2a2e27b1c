import type { Page } from "@playwright/test";
import enCommon from "../../app/locales/en/common.ts";
import enErrors from "../../app/locales/en/errors.ts";
import enL from "../../app/locales/en/logistics.ts";
import enQ from "../../app/locales/en/qualification.ts";
import enTable from "../../app/locales/en/table.ts";
import zhCommon from "../../app/locales/zh/common.ts";
import zhL from "../../app/locales/zh/logistics.ts";
import zhQ from "../../app/locales/zh/qualification.ts";
import zhTable from "../../app/locales/zh/table.ts";
import {
  ACCOUNTS,
  expect,
  importWorkbook,
  readWorkbook,
  registerByApi,
  sendImport,
  sheetRows,
  signIn,
  test,
} from "./fixtures.ts";

const TEXT = {
  zh: { l: zhL, q: zhQ, table: zhTable, common: zhCommon, prefix: "", locale: "zh-CN" },
  en: { l: enL, q: enQ, table: enTable, common: enCommon, prefix: "/en", locale: "en-US" },
} as const;

function orderRows(page: Page) {
  return page.getByTestId("orders").locator("tbody tr[data-row-key]");
}

// The first pages after the server starts are slow to render: warm it up.
test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  for (const path of ["/", "/en", "/server", "/order"]) await request.get(path);
  await request.dispose();
});

for (const lang of ["zh", "en"] as const) {
  const { common, prefix, locale } = TEXT[lang];

  test.describe(`lists (${lang})`, () => {
    // The paging drawn in one language; the loader answers the last page in
    // both (tests/routes/logistics-forms.test.ts).
    if (lang === "zh") {
      // Goes on to a refused download, which was a journey of its own (in
      // Chinese too) with the same user on the same list.
      test("a page past the end shows the last page; a refused download goes back to the list, which shows why", async ({
        page,
      }) => {
        await signIn(page, ACCOUNTS.manager, { locale: lang });
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

        // The English answer (back to the list, its message) is the route tests'.
        // A selection kept in a link names an order that does not exist.
        await page.goto(`${prefix}/order/?sel=DD999999999999999`);
        await page.getByTestId("download-orders").click();
        await expect(page).toHaveURL(new RegExp(`${prefix}/order/\\?sel=DD999999999999999$`));
        const notice = page.getByTestId("page-notice");
        await expect(notice.getByRole("alert")).toContainText("DD999999999999999");
        await expect(notice).toContainText("不存在");
        // Said once: the next visit of the page has no message.
        await page.reload();
        await expect(page.getByTestId("orders")).toBeVisible();
        await expect(notice).toHaveCount(0);
      });
    }

    // Goes on to the column settings without JavaScript, which were a
    // journey of their own with the same user and the same context.
    test("without JavaScript, a filter URL names only the filters in use, and column settings are a form kept in a cookie", async ({
      newContext,
    }) => {
      const context = await newContext({ javaScriptEnabled: false, locale });
      const page = await context.newPage();
      await signIn(page, ACCOUNTS.manager, { locale: lang });
      await page.goto(`${prefix}/order`);
      // The statuses are checkboxes in a disclosure, which opens without JavaScript too:
      // closed, it is a link to the list's address that draws them open.
      await page.getByTestId("status-choices-link").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/order/\\?filters=status$`));
      await expect(page.getByTestId("status-choices")).toHaveAttribute("open", "");
      await page.getByTestId("status-choice-4").check();
      await page.getByRole("button", { name: common.search }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/order/\\?cbaStatus=4$`));
      await expect(page.getByTestId("status-choice-4")).toBeChecked();

      await page.goto(`${prefix}/server`);
      await page.locator("#filter-cbaStatus").selectOption("1");
      await page.getByRole("button", { name: common.search }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/server/\\?cbaStatus=1$`));

      await expectColumnsKeptWithoutJavaScript(page, lang);
    });
  });
}

for (const lang of ["zh", "en"] as const) {
  const { q, prefix, locale } = TEXT[lang];

  test(`without JavaScript, every image problem is reported at once (${lang})`, async ({
    newContext,
  }) => {
    const context = await newContext({ javaScriptEnabled: false, locale });
    const page = await context.newPage();
    const email = await registerByApi(page.request, "images");
    await signIn(page, email, { locale: lang });
    await page.goto(`${prefix}/qualificat`);
    const form = page.getByTestId("qualification-form");
    // The licence too large and not an image; the two identity images missing; the rest blank.
    await form.locator('input[name="businessLicenseFile"]').setInputFiles({
      name: "scan.txt",
      mimeType: "text/plain",
      buffer: Buffer.alloc(3 * 1024 * 1024, 65),
    });
    await form.locator('button[type="submit"]').click();
    const licence = form.locator('input[name="businessLicenseFile"]');
    const errorsOf = async (name: string) => {
      const input = form.locator(`input[name="${name}"]`);
      const id = await input.getAttribute("aria-describedby");
      return form.locator(`[id="${(id ?? "").split(" ")[0]}"]`);
    };
    await expect(licence).toHaveAttribute("aria-invalid", "true");
    await expect(await errorsOf("businessLicenseFile")).toContainText(q.imageTooLarge);
    await expect(await errorsOf("businessLicenseFile")).toContainText(q.imageType);
    await expect(await errorsOf("legalIdFrontFile")).toHaveText(q.imageRequired);
    await expect(await errorsOf("legalIdBackFile")).toHaveText(q.imageRequired);
  });
}

for (const lang of ["zh", "en"] as const) {
  const { prefix } = TEXT[lang];

  test(`the review queue's state filter shows its whole text (${lang})`, async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, { locale: lang });
    await page.goto(`${prefix}/qualificat`);
    const select = page.locator("#review-state");
    await expect(select).toBeVisible();
    const fits = await select.evaluate((element) => {
      const field = element as HTMLSelectElement;
      const style = getComputedStyle(field);
      const context = document.createElement("canvas").getContext("2d");
      if (!context) return false;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const widest = Math.max(
        ...[...field.options].map((option) => context.measureText(option.text).width),
      );
      const room =
        field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return room >= widest;
    });
    expect(fits).toBe(true);
  });

  // Pallets are listed by number: the loader's order, in both languages
  // (tests/routes/logistics-forms.test.ts).
}

// In Chinese; what the scan answers in both languages is the route tests'.
for (const lang of ["zh"] as const) {
  const { l, common, prefix } = TEXT[lang];

  test(`a pallet scan names every order it left as it was, and why (${lang})`, async ({ page }) => {
    await signIn(page, ACCOUNTS.manager, { locale: lang });
    // Two initial orders of one pallet.
    await page.goto(`${prefix}/order/?cbaStatus=1&pageSize=100`);
    await expect(page.getByTestId("column-menu")).toBeVisible();
    const rows = orderRows(page);
    await expect(rows.first()).toBeVisible();
    const pairs = await rows.evaluateAll((trs) =>
      trs.map((tr) => [
        tr.getAttribute("data-row-key") ?? "",
        tr.querySelector("td:nth-child(6)")?.textContent?.trim() ?? "",
      ]),
    );
    const byPallet = new Map<string, string[]>();
    for (const [orderNo, salverNo] of pairs) {
      if (orderNo && salverNo) byPallet.set(salverNo, [...(byPallet.get(salverNo) ?? []), orderNo]);
    }
    const [salverNo, orders] = [...byPallet].find(([, list]) => list.length >= 2) ?? [];
    if (!salverNo || !orders) throw new Error("no pallet with two initial orders");
    const first = orders[0] as string;

    const scan = async (number: string) => {
      await page.locator("#stock-in-number").fill(number);
      await page.getByTestId("stock-in").getByRole("button", { name: l.order.ops.stockIn }).click();
      const dialog = page.getByTestId("operation-dialog");
      await dialog.getByRole("button", { name: common.confirm }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("operation-result")).toContainText(common.operationSuccessful);
    };
    // One order in first, then the whole pallet: that order stays as it was, and says why.
    await scan(first);
    await scan(salverNo);
    const unchanged = page.getByTestId("stock-in-unchanged");
    await expect(unchanged).toBeVisible();
    await expect(unchanged.locator("li", { hasText: first })).toHaveText(
      `${first} ${l.order.unchangedWhy.replace("{{status}}", l.orderStatus["4"])}`,
    );
    for (const other of orders.slice(1)) {
      await expect(unchanged.locator("li", { hasText: other })).toHaveCount(0);
    }
  });
}

/**
 * Without JavaScript, column settings are a form kept in a cookie: `page`
 * is signed in as the manager, without JavaScript ("lists" above).
 */
async function expectColumnsKeptWithoutJavaScript(page: Page, lang: "zh" | "en") {
  const { l, table, prefix } = TEXT[lang];
  await page.goto(`${prefix}/order/?cbaStatus=4`);
  const headers = page.getByTestId("orders").locator("thead th");
  await expect(headers.filter({ hasText: l.order.serviceNo })).toHaveCount(0);
  await expect(headers.filter({ hasText: l.order.consignee })).toHaveCount(1);

  // The menu's button leads to the list with the column form in place.
  await page.getByTestId("column-menu-link").click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/order/\\?cbaStatus=4&columns=orders$`));
  const menu = page.getByTestId("column-form");
  // Show the service number, hide the consignee.
  await menu.getByLabel(l.order.serviceNo).check();
  await menu.getByLabel(l.order.consignee, { exact: true }).uncheck();
  await menu.getByRole("button", { name: table.apply }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/order/\\?cbaStatus=4$`));
  await expect(headers.filter({ hasText: l.order.serviceNo })).toHaveCount(1);
  await expect(headers.filter({ hasText: l.order.consignee })).toHaveCount(0);

  // Kept: another visit shows the same columns.
  await page.goto(`${prefix}/order`);
  await expect(headers.filter({ hasText: l.order.serviceNo })).toHaveCount(1);
  await expect(headers.filter({ hasText: l.order.consignee })).toHaveCount(0);
}

for (const lang of ["zh", "en"] as const) {
  const { prefix } = TEXT[lang];

  // A refused download goes back to the list, which shows why: "lists (zh)",
  // the page past the end.

  test(`orders sort by amount and by time, kept in the URL (${lang})`, async ({ page }) => {
    await signIn(page, ACCOUNTS.manager, { locale: lang });
    await page.goto(`${prefix}/order/?cbaStatus=4`);
    const table = page.getByTestId("orders");
    const amounts = async () => {
      await expect(orderRows(page).first()).toBeVisible();
      const index = await table
        .locator("thead th")
        .evaluateAll((ths) =>
          ths.findIndex((th) => th.querySelector('[data-testid="sort-acturalPaid"]')),
        );
      return orderRows(page).evaluateAll(
        (trs, column) =>
          trs.map((tr) => Number(tr.children[column]?.textContent?.replace(/[^\d.]/g, "") ?? "")),
        index,
      );
    };
    await table.getByTestId("sort-acturalPaid").click();
    await expect(page).toHaveURL(
      new RegExp(`${prefix}/order/\\?cbaStatus=4&sortField=acturalPaid&sortOrder=desc$`),
    );
    // The URL changes before the new rows are drawn: wait for the rows.
    const sortedAs = async (order: "asc" | "desc") => {
      const values = await amounts();
      return (
        values.length > 1 &&
        values.every(
          (value, i) =>
            i === 0 || (order === "desc" ? values[i - 1]! >= value : values[i - 1]! <= value),
        )
      );
    };
    await expect.poll(() => sortedAs("desc")).toBe(true);
    await expect(table.locator('th[aria-sort="descending"]')).toHaveCount(1);

    await table.getByTestId("sort-acturalPaid").click();
    await expect(page).toHaveURL(/sortField=acturalPaid&sortOrder=asc$/);
    await expect.poll(() => sortedAs("asc")).toBe(true);

    // A new filter keeps the sorting.
    await page.getByTestId("status-choices").locator("summary").click();
    await page.getByTestId("status-choice-4").uncheck();
    await page.getByTestId("status-choice-1").check();
    await page.locator("search").getByRole("button", { name: TEXT[lang].common.search }).click();
    await expect(page).toHaveURL(/cbaStatus=1/);
    await expect(page).toHaveURL(/sortField=acturalPaid&sortOrder=asc/);
    // The headers' links are drawn for the new filter after the URL changed.
    await expect(table.getByTestId("sort-createdOn")).toHaveAttribute("href", /cbaStatus=1/);

    // By creation time, oldest first. The second click waits for the header the
    // first one drew: the URL changes before it, and the header still drawn links
    // to the descending order again.
    const createdOn = table.locator("thead th", { has: page.getByTestId("sort-createdOn") });
    await table.getByTestId("sort-createdOn").click();
    await expect(page).toHaveURL(/sortField=createdOn&sortOrder=desc/);
    await expect(createdOn).toHaveAttribute("aria-sort", "descending");
    await table.getByTestId("sort-createdOn").click();
    await expect(page).toHaveURL(/sortField=createdOn&sortOrder=asc/);
    await expect(table.locator('th[aria-sort="ascending"]')).toHaveCount(1);
  });
}

// In Chinese; the English workbook of the refused rows is the route tests'.
for (const lang of ["zh"] as const) {
  const { l, prefix } = TEXT[lang];

  test(`the import report filters to refused rows and downloads as a workbook (${lang})`, async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.manager, { locale: lang });
    await page.goto(`${prefix}/order/?cbaStatus=4&pageSize=50`);
    await expect(orderRows(page).first()).toBeVisible();
    const orderNo = (await orderRows(page)
      .nth(lang === "zh" ? 31 : 33)
      .getAttribute("data-row-key")) as string;
    await expect(page.getByTestId("column-menu")).toBeVisible();
    await page.getByTestId("import").click();
    const dialog = page.getByTestId("import-dialog");
    await sendImport(
      dialog,
      l.import.upload,
      await importWorkbook([
        [orderNo, `YT${Date.now()}${lang === "zh" ? 3 : 4}`.slice(0, 20)],
        ["NO-SUCH-ORDER-1", "SF0000000001"],
        ["NO-SUCH-ORDER-2", ""],
      ]),
    );
    await expect(dialog).toBeHidden();

    const report = page.getByTestId("import-report");
    const rows = report.getByTestId("import-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ visible: true })).toHaveCount(3);
    await report.getByTestId("import-refused-only").check();
    await expect(rows.filter({ visible: true })).toHaveCount(2);
    await expect(rows.filter({ visible: true }).first()).toContainText("NO-SUCH-ORDER-1");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      report.getByTestId("import-report-download-refused").click(),
    ]);
    expect(download.suggestedFilename()).toBe("import-report-refused.xlsx");
    const data = sheetRows((await readWorkbook(download)).worksheets[0]!);
    expect(data[0]).toEqual([
      l.import.row,
      l.order.orderNo,
      l.order.logisticsNo,
      l.import.result,
      l.import.reason,
    ]);
    expect(data.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual([
      ["3", "NO-SUCH-ORDER-1", l.import.refused],
      ["4", "NO-SUCH-ORDER-2", l.import.refused],
    ]);
    expect(data[1]?.[4]).not.toBe("");
  });
}

/**
 * Opens the detention dialog on the English order list while the chunk whose
 * file name starts with `chunk` never comes (it comes after the first paint).
 */
async function detainWithout(page: Page, chunk: string) {
  await page.context().route(new RegExp(`/assets/${chunk}-[^/]*\\.js$`), (route) => route.abort());
  await signIn(page, ACCOUNTS.manager, { locale: "en" });
  await page.goto("/en/order");
  // The import button (a dialog's, not the page's own form) is drawn once the page runs.
  await expect(page.getByTestId("import")).toBeVisible();
  await orderRows(page).first().locator('input[name="orderNoList"]').check();
  // A choice is kept in the page's address: the operation reads it once that navigation is done.
  const count = page.getByTestId("selected-count");
  await expect(count).toHaveText(enL.order.selected.replace("{{n}}", "1"));
  await expect(count).not.toHaveAttribute("aria-busy", "true");
  await page.getByTestId("op-detain").click();
}

test("an operation's dialog says so when its form's code cannot be had", async ({ page }) => {
  await detainWithout(page, "operation-form");
  const dialog = page.getByTestId("operation-dialog");
  await expect(dialog.getByRole("alert")).toHaveText(
    `${enErrors.partUnavailable} ${enErrors.reload}`,
  );
  await expect(dialog.getByRole("button", { name: enErrors.reload })).toBeVisible();
});

test("a dialog says so when Headless UI's code cannot be had", async ({ page }) => {
  await detainWithout(page, "headless-parts");
  const notice = page.getByTestId("part-unavailable");
  await expect(notice).toHaveText(`${enErrors.partUnavailable} ${enErrors.reload}`);
  await expect(notice.getByRole("button", { name: enErrors.reload })).toBeVisible();
  // Only the dialog that was opened says so: not the closed ones, not the menus.
  await expect(notice).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath("headless-unavailable.png") });
});
