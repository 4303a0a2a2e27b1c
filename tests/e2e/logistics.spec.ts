import type { Locator, Page } from "@playwright/test";
import enCommon from "../../app/locales/en/common.ts";
import enL from "../../app/locales/en/logistics.ts";
import enTable from "../../app/locales/en/table.ts";
import zhCommon from "../../app/locales/zh/common.ts";
import zhL from "../../app/locales/zh/logistics.ts";
import zhTable from "../../app/locales/zh/table.ts";
import {
  ACCOUNTS,
  expect,
  importWorkbook,
  portalLogin,
  readWorkbook,
  sendImport,
  sheetRows,
  signIn,
  test,
} from "./fixtures.ts";

const TEXT = {
  zh: { l: zhL, table: zhTable, common: zhCommon, prefix: "" },
  en: { l: enL, table: enTable, common: enCommon, prefix: "/en" },
} as const;
type Lang = keyof typeof TEXT;

function rows(page: Page) {
  return page.getByTestId("orders").locator("tbody tr[data-row-key]");
}

async function rowKeys(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-row-key") ?? ""));
}

function row(page: Page, orderNo: string) {
  return page.locator(`tr[data-row-key="${orderNo}"]`);
}

/** Waits until the cells are drawn and every one of them reads exactly `text`. */
async function expectOnly(cells: Locator, text: string) {
  await expect(cells.first()).toBeVisible();
  const exactly = new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
  await expect(cells.filter({ hasNotText: exactly })).toHaveCount(0);
}

/** Waits until the page runs its JavaScript (the column menu only exists then). */
async function hydrated(page: Page) {
  await expect(page.getByTestId("column-menu")).toBeVisible();
}

/** An order of `status` away from the top of the list, so parallel journeys rarely meet. */
async function pickOrder(page: Page, lang: Lang, status: number, position = 6): Promise<string> {
  await page.goto(`${TEXT[lang].prefix}/order/?cbaStatus=${status}&pageSize=100`);
  const keys = await rowKeys(page);
  expect(keys.length).toBeGreaterThan(0);
  return keys[Math.min(position, keys.length - 1)]!;
}

async function filterByOrderNo(page: Page, lang: Lang, orderNo: string) {
  await page.goto(`${TEXT[lang].prefix}/order`);
  await hydrated(page);
  await page.locator("#filter-orderNo").fill(orderNo);
  await page.getByRole("button", { name: TEXT[lang].common.search }).click();
  await expect(page).toHaveURL(new RegExp(`/order/\\?orderNo=${orderNo}$`));
  await expect(rows(page)).toHaveCount(1);
}

async function operate(page: Page, op: "detain" | "status" | "remarks") {
  await page.getByTestId(`op-${op}`).click();
  const dialog = page.getByTestId("operation-dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const lang of ["zh", "en"] as const) {
  const { l, table, common, prefix } = TEXT[lang];

  test.describe(`lists (${lang})`, () => {
    test.use({ locale: lang === "zh" ? "zh-CN" : "en-US" });

    // Ends with a service's pallets filtered by status, which was a journey
    // of its own with the same user: it starts again from the service list.
    test("services filter by status and lead to pallets, whose position changes in place; a service's pallets filter by status, keeping the service", async ({
      page,
    }) => {
      await signIn(page, ACCOUNTS.manager, { locale: lang });
      await page.goto(`${prefix}/server`);
      await hydrated(page);
      await expect(page.getByRole("heading", { name: l.service.title })).toBeVisible();
      const services = page.getByTestId("services").locator("tbody tr[data-row-key]");
      await expect(services.first()).toBeVisible();

      await page.locator("#filter-cbaStatus").selectOption("2");
      await page.getByRole("button", { name: common.search }).click();
      await expect(page).toHaveURL(/\/server\/\?cbaStatus=2$/);
      // The URL changes before the new rows are drawn: wait for the rows, not the URL.
      await expectOnly(services.locator("td:nth-child(7)"), l.palletStatus["2"]);

      const serviceNo = (await services.first().getAttribute("data-row-key"))!;
      await services.first().getByRole("link", { name: l.service.viewPallets }).click();
      await expect(page).toHaveURL(new RegExp(`/server/salver/\\?serviceNo=${serviceNo}$`));
      await expect(
        page.getByRole("heading", { name: l.pallet.titleOf.replace("{{serviceNo}}", serviceNo) }),
      ).toBeVisible();

      const pallet = page.getByTestId("pallets").locator("tbody tr[data-row-key]").first();
      const salverNo = (await pallet.getAttribute("data-row-key"))!;
      await expect(pallet).toContainText(/\d+ × \d+ × \d+/);
      const position = `Z-${lang === "zh" ? "01" : "02"}-${Date.now() % 100}`;
      await pallet.locator("summary").click();
      await pallet.locator('input[name="salverDirection"]').fill("   ");
      await pallet.getByRole("button", { name: common.save }).click();
      await expect(page.locator(`tr[data-row-key="${salverNo}"]`)).toContainText(
        l.pallet.positionRequired,
      );
      await pallet.locator('input[name="salverDirection"]').fill(position);
      await pallet.getByRole("button", { name: common.save }).click();
      await expect(
        page.getByRole("status").filter({ hasText: common.operationSuccessful }),
      ).toBeVisible();
      await expect(page.locator(`tr[data-row-key="${salverNo}"]`)).toContainText(position);
      // Focus is back on the saved position, not on the page.
      await expect(page.locator(`tr[data-row-key="${salverNo}"] summary`)).toBeFocused();

      await page
        .locator(`tr[data-row-key="${salverNo}"]`)
        .getByRole("link", { name: l.pallet.viewOrders })
        .click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/order/\\?salverNo=${salverNo}$`));
      await expect(page.locator("#filter-salverNo")).toHaveValue(salverNo);
      for (const key of await rowKeys(page)) {
        await expect(row(page, key)).toContainText(salverNo);
      }

      await page.goto(`${prefix}/server`);
      const service = page.getByTestId("services").locator("tbody tr[data-row-key]").first();
      const anyServiceNo = (await service.getAttribute("data-row-key"))!;
      await page.goto(`${prefix}/server/salver/?serviceNo=${anyServiceNo}`);
      await hydrated(page);
      const pallets = page.getByTestId("pallets").locator("tbody tr[data-row-key]");
      const label = (await pallets
        .first()
        .locator("td span[class^='badge-']")
        .textContent())!.trim();
      const code = Object.entries(l.palletStatus).find(([, text]) => text === label)![0];
      await page.locator("#filter-cbaStatus").selectOption(code);
      await page.getByRole("button", { name: common.search }).click();
      await expect(page).toHaveURL(
        new RegExp(`/server/salver/\\?serviceNo=${anyServiceNo}&cbaStatus=${code}$`),
      );
      await expectOnly(pallets.locator("td span[class^='badge-']"), label);
      expect(await pallets.count()).toBeGreaterThan(0);
    });

    // The pallet list's message without a service, or for one that does not
    // exist, is the loader's (tests/routes/logistics-forms.test.ts).

    test("orders filter, page, expand their lines and remember columns", async ({ page }) => {
      await signIn(page, ACCOUNTS.manager, { locale: lang });
      await page.goto(`${prefix}/order`);
      await hydrated(page);
      await expect(rows(page)).toHaveCount(10);
      const total = await page.getByTestId("order-count").textContent();
      expect(Number(total?.replace(/,/g, ""))).toBeGreaterThan(100);
      await expect(page.getByTestId("amount-total")).toHaveText(/^[\d,]+\.\d{2}$/);

      // Paging through links, then back.
      await page
        .getByRole("link", { name: table.page.replace("{{page}}", "2"), exact: true })
        .click();
      await expect(page).toHaveURL(/\/order\/\?current=2$/);
      await expect(rows(page).first().locator("td").nth(2)).toHaveText("11");
      await page.getByTestId("orders-paging-size").selectOption("20");
      await expect(page).toHaveURL(/\/order\/\?pageSize=20$/);
      await expect(rows(page)).toHaveCount(20);
      await page.goBack();
      await expect(page).toHaveURL(/\/order\/\?current=2$/);
      await expect(rows(page)).toHaveCount(10);

      // Filters: status, then one order number; totals follow the filtered set.
      await page.getByTestId("status-choices").locator("summary").click();
      await page.getByTestId("status-choice-4").check();
      await page.getByRole("button", { name: common.search }).click();
      await expect(page).toHaveURL(/\/order\/\?cbaStatus=4$/);
      await expectOnly(
        page.getByTestId("orders").locator("tbody td span[class^='badge-']"),
        l.orderStatus["4"],
      );
      const orderNo = (await rowKeys(page))[3]!;
      await filterByOrderNo(page, lang, orderNo);
      await expect(page.getByTestId("order-count")).toHaveText("1");
      const paid = await row(page, orderNo).locator("td").nth(7).textContent();
      await expect(page.getByTestId("amount-total")).toHaveText(paid!.trim());
      // The search is offered again as a recent input.
      await expect(page.locator("#filter-orderNo-recent option").first()).toHaveAttribute(
        "value",
        orderNo,
      );

      // Sub-order lines.
      // A row's details are drawn only when it is opened.
      const detail = page.getByTestId("orders-detail");
      await expect(detail).toHaveCount(0);
      await row(page, orderNo)
        .getByLabel(l.order.expandLines.replace("{{orderNo}}", orderNo))
        .check({ force: true });
      await expect(detail).toBeVisible();
      const lines = detail.getByTestId("order-lines");
      await expect(lines.locator("th").first()).toHaveText(l.order.lines.itemName);
      await expect(lines.locator("tbody tr").first().locator("td").nth(2)).toHaveText(
        /^\d+(\.\d+)?$/,
      );
      await expect(lines.locator("tbody tr").first().locator("td").nth(5)).toHaveText(
        /^[\d,]+\.\d{2}$/,
      );

      // Hidden columns are kept by the account: the menu is busy until the choice is kept.
      // The column goes at once, and the menu's busy mark only with the render after
      // it: the post's answer is what says the choice is kept, before the reload.
      const columnMenu = page.getByTestId("column-menu");
      await columnMenu.click();
      const kept = page.waitForResponse(
        (answer) => answer.request().method() === "POST" && answer.url().includes("/table-columns"),
      );
      await page.getByRole("checkbox", { name: l.order.consignee, exact: true }).uncheck();
      expect((await kept).ok()).toBe(true);
      await expect(
        page.getByRole("columnheader", { name: l.order.consignee, exact: true }),
      ).toHaveCount(0);
      await expect(columnMenu).not.toHaveAttribute("aria-busy");
      await page.reload();
      await expect(
        page.getByRole("columnheader", { name: l.order.consignee, exact: true }),
      ).toHaveCount(0);
      await page.getByTestId("column-menu").click();
      await page.getByRole("checkbox", { name: l.order.consignee, exact: true }).check();
      await expect(
        page.getByRole("columnheader", { name: l.order.consignee, exact: true }),
      ).toHaveCount(1);
    });

    // One language downloads in the browser; the English workbooks of the
    // selection and of the filter are the route tests' (logistics-forms.test.ts).
    if (lang === "zh") {
      test("downloads: the selection, or the whole filtered set", async ({ page }) => {
        await signIn(page, ACCOUNTS.manager, { locale: lang });
        await page.goto(`${prefix}/order/?pageSize=20`);
        await hydrated(page);
        const [first, second] = await rowKeys(page);
        await row(page, first!).getByRole("checkbox").first().check();
        await row(page, second!).getByRole("checkbox").first().check();
        await expect(page.getByTestId("selected-count")).toHaveText(
          l.order.selected.replace("{{n}}", "2"),
        );

        const [orders] = await Promise.all([
          page.waitForEvent("download"),
          page.getByTestId("download-orders").click(),
        ]);
        expect(orders.suggestedFilename()).toMatch(/\.xlsx$/);
        const ordersBook = await readWorkbook(orders);
        const ordersSheet = ordersBook.worksheets[0]!;
        const ordersRows = sheetRows(ordersSheet);
        // The workbook speaks the language of the page it was downloaded from.
        expect(ordersRows[0]!.slice(0, 3)).toEqual(["订单号", "服务号", "托盘号"]);
        // One row per order line, then the totals row.
        expect(new Set(ordersRows.slice(1, -1).map((r) => r[0]))).toEqual(new Set([first, second]));

        // Nothing selected: every order of the filter.
        await filterByOrderNo(page, lang, second!);
        const [logistics] = await Promise.all([
          page.waitForEvent("download"),
          page.getByTestId("download-logistics").click(),
        ]);
        const logisticsRows = sheetRows((await readWorkbook(logistics)).worksheets[0]!);
        expect(logisticsRows[0]!.slice(0, 2)).toEqual(["物流单号", "订单号"]);
        expect(logisticsRows.slice(1, -1).map((r) => r[1])).toEqual([second]);
      });
    }
  });
}

/** Checks the select box of a row and waits until the selection reached the URL. */
async function choose(page: Page, orderNo: string) {
  await row(page, orderNo).getByRole("checkbox").first().check();
  await expect(page).toHaveURL(new RegExp(`sel=[^&]*${orderNo}`));
}

/** The orders of a pallet in one status: a filter of more than one page. */
async function palletFilter(page: Page, lang: Lang, status: number) {
  const { prefix } = TEXT[lang];
  const orderNo = await pickOrder(page, lang, status, 0);
  const salverNo = (await row(page, orderNo).locator("td").nth(5).textContent())!.trim();
  await page.goto(`${prefix}/order/?salverNo=${salverNo}&cbaStatus=${status}`);
  await hydrated(page);
  const count = Number((await page.getByTestId("order-count").textContent())!.replace(/,/g, ""));
  return { salverNo, count };
}

// In English: the Chinese texts of a selection are the journeys' without
// JavaScript below, its answers in both languages the route tests'
// (logistics-forms.test.ts, orders.test.ts).
for (const lang of ["en"] as Lang[]) {
  const { l, table, common, prefix } = TEXT[lang];

  test.describe(`selection across pages (${lang})`, () => {
    test.use({ locale: lang === "zh" ? "zh-CN" : "en-US" });

    test("orders chosen on two pages stay chosen through paging and page size; detain and download take them all", async ({
      page,
    }) => {
      // A long journey on a busy machine: paging, reload, download, detain.
      test.slow();
      await signIn(page, ACCOUNTS.manager, { locale: lang });
      await page.goto(`${prefix}/order/?cbaStatus=1`);
      await hydrated(page);
      const [a, b] = await rowKeys(page);
      await choose(page, a!);
      await choose(page, b!);
      await page.getByRole("link", { name: table.page.replace("{{page}}", "2") }).click();
      await expect(page).toHaveURL(/current=2/);
      await expect(rows(page).first().locator("td").nth(2)).toHaveText("11");
      const c = (await rowKeys(page))[1]!;
      await choose(page, c);
      await expect(page.getByTestId("selected-count")).toHaveText(
        l.order.selected.replace("{{n}}", "3"),
      );

      // Back on page 1 the first two are still checked; a bigger page shows all three.
      await page.getByRole("link", { name: table.page.replace("{{page}}", "1") }).click();
      await expect(row(page, a!).getByRole("checkbox").first()).toBeChecked();
      await expect(row(page, b!).getByRole("checkbox").first()).toBeChecked();
      await page.getByTestId("orders-paging-size").selectOption("20");
      await expect(page).toHaveURL(/pageSize=20/);
      for (const orderNo of [a!, b!, c]) {
        await expect(row(page, orderNo).getByRole("checkbox").first()).toBeChecked();
      }
      // A reload keeps it too: the selection is in the URL.
      await page.reload();
      await hydrated(page);
      await expect(page.getByTestId("selected-count")).toHaveText(
        l.order.selected.replace("{{n}}", "3"),
      );

      // The download takes the selection of every page.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("download-orders").click(),
      ]);
      const downloaded = sheetRows((await readWorkbook(download)).worksheets[0]!);
      expect(new Set(downloaded.slice(1, -1).map((r) => r[0]))).toEqual(new Set([a, b, c]));

      // Detain from page 2: the orders of page 1 go with it. The paging of 20
      // rows has a page 2 too: wait for the page of 10 before following its link.
      await page.getByTestId("orders-paging-size").selectOption("10");
      await expect(rows(page)).toHaveCount(10);
      await page.getByRole("link", { name: table.page.replace("{{page}}", "2") }).click();
      await expect(page).toHaveURL(/current=2/);
      const dialog = await operate(page, "detain");
      await expect(dialog.getByTestId("operation-question")).toHaveText(
        l.order.confirm.detain.replace("{{n}}", "3"),
      );
      for (const orderNo of [a!, b!, c]) await expect(dialog).toContainText(orderNo);
      await dialog.locator('textarea[name="reasonForDetention"]').fill(`hold ${lang}`);
      await dialog.getByRole("button", { name: common.confirm }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("operation-result")).toContainText(
        l.order.updated.replace("{{n}}", "3"),
      );
      await page.goto(`${prefix}/order/?cbaStatus=2&pageSize=500`);
      for (const orderNo of [a!, b!, c]) {
        await expect(row(page, orderNo)).toContainText(`hold ${lang}`);
      }
      // A new filter starts without a selection.
      await filterByOrderNo(page, lang, a!);
      await expect(page.getByTestId("selected-count")).toHaveText(
        l.order.selected.replace("{{n}}", "0"),
      );
    });

    test("select all matching the filter: the confirmation states the count and every matching order changes", async ({
      page,
    }) => {
      await signIn(page, ACCOUNTS.manager, { locale: lang });
      const { salverNo, count } = await palletFilter(page, lang, 1);
      expect(count).toBeGreaterThan(1);
      const n = count.toLocaleString(lang === "zh" ? "zh-CN" : "en-US");
      const [first] = await rowKeys(page);
      await choose(page, first!);
      await page.getByTestId("select-all-matching").click();
      await expect(page.getByTestId("selected-count")).toHaveText(
        l.order.selectedAll.replace("{{n}}", n),
      );
      await expect(row(page, first!).getByRole("checkbox").first()).toBeDisabled();

      const dialog = await operate(page, "status");
      await expect(dialog.getByTestId("operation-question")).toHaveText(
        l.order.confirm.statusAll.replace("{{n}}", n),
      );
      await expect(dialog).toContainText(l.order.confirm.allGuard.replace("{{n}}", n));
      await dialog.locator('select[name="cbaStatus"]').selectOption("4");
      await dialog.getByRole("button", { name: common.confirm }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("operation-result")).toContainText(
        l.order.updated.replace("{{n}}", String(count)),
      );
      await expect(page.getByTestId("orders-empty")).toBeVisible();
      await page.goto(`${prefix}/order/?salverNo=${salverNo}&cbaStatus=4`);
      await expect(row(page, first!)).toContainText(l.orderStatus["4"]);
    });
  });
}

test.describe("selection of every matching order", () => {
  test("a filter that changed since the confirmation changes nothing and asks again with the new count", async ({
    page,
    newRequest,
  }) => {
    const { l, common } = TEXT.zh;
    await signIn(page, ACCOUNTS.manager);
    const { salverNo, count } = await palletFilter(page, "zh", 1);
    const [moved, kept] = await rowKeys(page);
    await page.getByTestId("select-all-matching").click();
    await expect(page).toHaveURL(/all=1/);
    const dialog = await operate(page, "detain");
    await expect(dialog.getByTestId("operation-question")).toHaveText(
      l.order.confirm.detainAll.replace("{{n}}", String(count)),
    );

    // Meanwhile someone else stocks in one of these orders.
    const other = await newRequest();
    await portalLogin(other, ACCOUNTS.admin);
    const scan = await other.post("/order", {
      form: { intent: "stockIn", salverNoOrOrderNo: moved!, confirmed: "1" },
    });
    expect(scan.ok()).toBe(true);

    await dialog.locator('textarea[name="reasonForDetention"]').fill("整托抽检");
    await dialog.getByRole("button", { name: common.confirm }).click();
    await expect(dialog.getByRole("alert")).toContainText(String(count - 1));
    await expect(dialog.getByTestId("operation-question")).toHaveText(
      l.order.confirm.detainAll.replace("{{n}}", String(count - 1)),
    );
    await page.goto(`/order/?orderNo=${kept}`);
    await expect(row(page, kept!)).toContainText(l.orderStatus["1"]);

    await page.goto(`/order/?salverNo=${salverNo}&cbaStatus=1&all=1`);
    await hydrated(page);
    const again = await operate(page, "detain");
    await again.locator('textarea[name="reasonForDetention"]').fill("整托抽检");
    await again.getByRole("button", { name: common.confirm }).click();
    await expect(again).toBeHidden();
    await expect(page.getByTestId("operation-result")).toContainText(
      l.order.updated.replace("{{n}}", String(count - 1)),
    );
    await page.goto(`/order/?orderNo=${kept}`);
    await expect(row(page, kept!)).toContainText(l.orderStatus["2"]);
  });
});

test.describe("operations", () => {
  test("detain with a reason, change the status back, update remarks (en)", async ({ page }) => {
    const { l, common } = TEXT.en;
    await signIn(page, ACCOUNTS.manager, { locale: "en" });
    const orderNo = await pickOrder(page, "en", 4, 17);
    await filterByOrderNo(page, "en", orderNo);

    // Nothing selected.
    await page.getByTestId("op-detain").click();
    await expect(page.getByTestId("operation-error")).toHaveText(l.order.selectAtLeastOne);

    await row(page, orderNo).getByRole("checkbox").first().check();
    let dialog = await operate(page, "detain");
    await expect(dialog).toContainText(orderNo);
    // The dialog opens with the focus in its field: the reason can be typed at once.
    const reason = dialog.locator('textarea[name="reasonForDetention"]');
    await expect(reason).toBeFocused();
    const reasonRequired = dialog.getByText(l.order.reasonRequired);
    await dialog.getByRole("button", { name: common.confirm }).click();
    await expect(reasonRequired).toBeVisible();
    // A reason typed takes the message away: what shows it again is the spaces alone.
    await reason.fill("Customs inspection");
    await expect(reasonRequired).toBeHidden();
    await reason.fill("   ");
    await dialog.getByRole("button", { name: common.confirm }).click();
    // Refused: the form puts the focus back in the field, whose message is back.
    await expect(reason).toBeFocused();
    await expect(reasonRequired).toBeVisible();
    await expect(dialog).toBeVisible();
    // The server refuses them too, and changes nothing: the dialog's own form
    // sent as it is, past the page's check.
    const form = dialog.getByTestId("operation-form");
    const fields = await form.evaluate((element) =>
      Object.fromEntries(new FormData(element as HTMLFormElement) as unknown as [string, string][]),
    );
    const refused = await page.request.post((await form.getAttribute("action")) ?? "/en/order/", {
      form: { ...fields, reasonForDetention: "   " },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(l.order.reasonRequired);
    await reason.fill("Customs inspection");
    await dialog.getByRole("button", { name: common.confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("operation-result")).toContainText(common.operationSuccessful);
    await expect(row(page, orderNo)).toContainText(l.orderStatus["2"]);
    await expect(row(page, orderNo)).toContainText("Customs inspection");

    // Only the status it had is offered; the others say why they are not.
    dialog = await operate(page, "status");
    await expect(dialog.getByTestId("status-not-offered")).toContainText(l.orderStatus["3"]);
    await expect(dialog.locator('select[name="cbaStatus"] option[value="3"]')).toHaveCount(0);
    await dialog.locator('select[name="cbaStatus"]').selectOption("4");
    await dialog.getByRole("button", { name: common.confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("operation-result")).toContainText(common.operationSuccessful);
    await expect(row(page, orderNo)).toContainText(l.orderStatus["4"]);

    dialog = await operate(page, "remarks");
    await dialog.locator('textarea[name="reasonForDetention"]').fill("Call before delivery");
    await dialog.getByRole("button", { name: common.confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("operation-result")).toContainText(common.operationSuccessful);
    await expect(row(page, orderNo)).toContainText("Call before delivery");
  });

  // Ends with the import of self-service numbers, which was a journey of its
  // own with the same user on the same list (in Chinese too).
  test("stock in by pallet number; import self-service numbers and read the report (zh)", async ({
    page,
  }) => {
    const { l, common } = TEXT.zh;
    await signIn(page, ACCOUNTS.manager);
    const orderNo = await pickOrder(page, "zh", 1, 3);
    await hydrated(page);
    const salverNo = (await row(page, orderNo).locator("td").nth(5).textContent())!.trim();

    // Blank input is refused before anything is asked.
    await page.getByTestId("stock-in").getByRole("button", { name: l.order.ops.stockIn }).click();
    await expect(page.getByTestId("stock-in")).toContainText(l.order.stockInRequired);

    await page.locator("#stock-in-number").fill(salverNo);
    await page.getByTestId("stock-in").getByRole("button", { name: l.order.ops.stockIn }).click();
    const dialog = page.getByTestId("operation-dialog");
    await expect(dialog).toContainText(l.order.confirm.stockIn.replace("{{number}}", salverNo));
    // A confirmation without fields opens on its button: Enter confirms.
    await expect(dialog.getByRole("button", { name: common.confirm })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("operation-result")).toContainText(common.operationSuccessful);
    // Ready for the next scan: the box is empty and has the focus.
    await expect(page.locator("#stock-in-number")).toBeFocused();
    await expect(page.locator("#stock-in-number")).toHaveValue("");

    await page.goto(`/order/?salverNo=${salverNo}&cbaStatus=1`);
    await expect(page.getByTestId("orders-empty")).toBeVisible();
    await filterByOrderNo(page, "zh", orderNo);
    await expect(row(page, orderNo)).toContainText(l.orderStatus["4"]);

    // An unknown number is a message, not an error page.
    await page.locator("#stock-in-number").fill("NO-SUCH-PALLET");
    await page.getByTestId("stock-in").getByRole("button", { name: l.order.ops.stockIn }).click();
    await dialog.getByRole("button", { name: common.confirm }).click();
    await expect(dialog.getByRole("alert")).toContainText("NO-SUCH-PALLET");

    // In Chinese; the import without JavaScript below is in English, and the
    // refusal and the report in both languages are the route tests'.
    await importSelfServiceNumbers(page, "zh");
  });
});

/** A file the import refuses before reading it: not an xlsx. */
const NOT_XLSX = { name: "numbers.csv", mimeType: "text/csv", buffer: Buffer.from("a,b\n") };

/** Imports self-service numbers through the order list's dialog and reads the report. */
async function importSelfServiceNumbers(page: Page, lang: Lang) {
  const { l, prefix } = TEXT[lang];
  const orderNo = await pickOrder(page, lang, 4, lang === "zh" ? 21 : 23);
  await page.goto(`${prefix}/order`);
  await hydrated(page);

  await page.getByTestId("import").click();
  const dialog = page.getByTestId("import-dialog");
  await expect(dialog).toBeVisible();

  // The template.
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: l.import.template }).click(),
  ]);
  const templateRows = sheetRows((await readWorkbook(template)).worksheets[0]!);
  expect(templateRows[0]).toHaveLength(2);

  // Not an xlsx.
  await sendImport(dialog, l.import.upload, NOT_XLSX);
  await expect(dialog).toContainText(l.import.xlsxOnly);

  const waybill = `SF${Date.now()}${lang === "zh" ? 1 : 2}`.slice(0, 20);
  await sendImport(
    dialog,
    l.import.upload,
    await importWorkbook([
      [orderNo, waybill],
      ["NO-SUCH-ORDER", "SF0000000001"],
      [orderNo.slice(0, -1), ""],
    ]),
  );
  await expect(dialog).toBeHidden();

  const report = page.getByTestId("import-report");
  await expect(report.getByTestId("import-summary")).toHaveText(
    l.import.summary
      .replace("{{total}}", "3")
      .replace("{{applied}}", "1")
      .replace("{{refused}}", "2"),
  );
  const reportRows = report.getByTestId("import-row");
  await expect(reportRows).toHaveCount(3);
  await expect(reportRows.nth(0)).toContainText(l.import.applied);
  await expect(reportRows.nth(1)).toContainText(l.import.refused);
  await expect(reportRows.nth(1)).toContainText("NO-SUCH-ORDER");
  await expect(reportRows.nth(2)).toContainText(l.import.refused);
  expect((await reportRows.nth(1).locator("td").nth(4).textContent())?.trim()).not.toBe("");

  await filterByOrderNo(page, lang, orderNo);
  await expect(row(page, orderNo)).toContainText(waybill);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("operations post a confirmation step; paging and lines still work", async ({ page }) => {
    const { l, table, common } = TEXT.zh;
    await signIn(page, ACCOUNTS.manager);

    const orderNo = await pickOrder(page, "zh", 4, 27);
    await page.goto(`/order/?orderNo=${orderNo}`);

    // The server's refusals (nothing chosen, no reason) and their messages in
    // both languages are the route tests' (logistics-forms.test.ts).
    await row(page, orderNo).getByRole("checkbox").first().check();
    await page.getByTestId("op-detain").click();
    const panel = page.getByTestId("confirm-panel");
    await expect(panel).toContainText(orderNo);
    await panel.locator('textarea[name="reasonForDetention"]').fill("破损待查");
    await panel.getByRole("button", { name: common.confirm }).click();
    await expect(page.getByTestId("operation-result")).toContainText(common.operationSuccessful);
    await expect(row(page, orderNo)).toContainText(l.orderStatus["2"]);

    // And back.
    await row(page, orderNo).getByRole("checkbox").first().check();
    await page.getByTestId("op-status").click();
    await panel.locator('select[name="cbaStatus"]').selectOption("4");
    await panel.getByRole("button", { name: common.confirm }).click();
    await expect(row(page, orderNo)).toContainText(l.orderStatus["4"]);

    // Lines open through a link (the list again, with the row open), paging through links.
    await expect(page.getByTestId("order-lines")).toHaveCount(0);
    await row(page, orderNo)
      .getByRole("link", { name: l.order.expandLines.replace("{{orderNo}}", orderNo) })
      .click();
    await expect(page).toHaveURL(new RegExp(`[?&]open=${orderNo}#orders-detail-\\d+$`));
    await expect(page.getByTestId("order-lines")).toBeVisible();
    await expect(row(page, orderNo)).toContainText(l.orderStatus["4"]);
    await page.goto("/order");
    await page.getByRole("link", { name: table.page.replace("{{page}}", "3") }).click();
    await expect(page).toHaveURL(/\/order\/\?current=3$/);
    await page.getByTestId("orders-paging-size").selectOption("50");
    await page.getByRole("button", { name: table.apply }).click();
    await expect(page).toHaveURL(/\/order\/\?pageSize=50$/);
    await expect(rows(page)).toHaveCount(50);
  });
});

test.describe("import without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // In English; the import with JavaScript above is in Chinese.
  for (const lang of ["en"] as Lang[]) {
    test(`the import's button leads to its own address, whose form posts in place (${lang})`, async ({
      page,
    }) => {
      const { l, prefix, common } = TEXT[lang];
      await signIn(page, ACCOUNTS.manager, { locale: lang });
      const orderNo = await pickOrder(page, lang, 4, lang === "zh" ? 29 : 31);

      // The list's first paint has the button, not the form.
      await page.goto(`${prefix}/order/?cbaStatus=4`);
      await expect(page.locator('input[type="file"]')).toHaveCount(0);
      await page.getByTestId("import-link").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/order/\\?cbaStatus=4&op=import$`));
      const panel = page.getByTestId("import-panel");
      await expect(panel.getByRole("heading")).toHaveText(l.import.title);

      // A refusal is shown in the same place.
      await sendImport(panel, l.import.upload, NOT_XLSX);
      await expect(panel).toContainText(l.import.xlsxOnly);

      const waybill = `SF${Date.now()}${lang === "zh" ? 3 : 4}`.slice(0, 20);
      await sendImport(panel, l.import.upload, await importWorkbook([[orderNo, waybill]]));
      await expect(page.getByTestId("import-report")).toBeVisible();
      await expect(page.getByTestId("import-panel")).toHaveCount(0);
      await expect(page).not.toHaveURL(/op=import/);

      // Cancel leaves the address of the import.
      await page.getByTestId("import-link").click();
      await page.getByTestId("import-panel").getByRole("link", { name: common.cancel }).click();
      await expect(page).not.toHaveURL(/op=import/);
      await expect(page.getByTestId("import-panel")).toHaveCount(0);
    });
  }
});

test.describe("selection without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the checked orders of a page are kept by a button, paging keeps them, and every matching order is offered", async ({
    page,
  }) => {
    test.slow();
    const { l, table, common } = TEXT.zh;
    await signIn(page, ACCOUNTS.manager);

    await page.goto("/order/?cbaStatus=1");
    const [a] = await rowKeys(page);
    await row(page, a!).getByRole("checkbox").first().check();
    await page.getByTestId("keep-selection").click();
    await expect(page).toHaveURL(new RegExp(`sel=${a}`));
    await expect(page.getByTestId("selected-count")).toHaveText(
      l.order.selected.replace("{{n}}", "1"),
    );
    await page.getByRole("link", { name: table.page.replace("{{page}}", "2") }).click();
    await expect(page).toHaveURL(/current=2/);
    const b = (await rowKeys(page))[2]!;
    await row(page, b).getByRole("checkbox").first().check();
    await page.getByTestId("op-detain").click();
    const panel = page.getByTestId("confirm-panel");
    await expect(panel).toContainText(l.order.confirm.detain.replace("{{n}}", "2"));
    await expect(panel).toContainText(a!);
    await expect(panel).toContainText(b);
    await panel.locator('textarea[name="reasonForDetention"]').fill("破损待查");
    await panel.getByRole("button", { name: common.confirm }).click();
    await expect(page.getByTestId("operation-result")).toContainText(
      l.order.updated.replace("{{n}}", "2"),
    );
    for (const orderNo of [a!, b]) {
      await page.goto(`/order/?orderNo=${orderNo}`);
      await expect(row(page, orderNo)).toContainText(l.orderStatus["2"]);
    }

    // Every order matching a filter: the server counts them for the confirmation.
    const orderNo = await pickOrder(page, "zh", 1, 0);
    const salverNo = (await row(page, orderNo).locator("td").nth(5).textContent())!.trim();
    await page.goto(`/order/?salverNo=${salverNo}&cbaStatus=1`);
    const count = (await page.getByTestId("order-count").textContent())!.trim();
    await page.getByTestId("select-all-matching").click();
    await expect(page.getByTestId("selected-count")).toHaveText(
      l.order.selectedAll.replace("{{n}}", count),
    );
    await page.getByTestId("op-remarks").click();
    await expect(panel.getByTestId("operation-question")).toHaveText(
      l.order.confirm.remarksAll.replace("{{n}}", count),
    );
    await panel.locator('textarea[name="reasonForDetention"]').fill("整托加急");
    await panel.getByRole("button", { name: common.confirm }).click();
    await expect(page.getByTestId("operation-result")).toContainText(
      l.order.updated.replace("{{n}}", count.replace(/,/g, "")),
    );
    await page.goto(`/order/?salverNo=${salverNo}&cbaStatus=1&pageSize=100`);
    await expectOnly(page.getByTestId("orders").locator("tbody td:nth-child(10)"), "整托加急");
  });
});

// Who may open which page and call is the access matrix's (access-matrix.spec.ts);
// that a download needs a same-site post, the route tests' (logistics-forms.test.ts).
