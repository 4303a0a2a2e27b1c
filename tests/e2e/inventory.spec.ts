import type { Page } from "@playwright/test";
import enCommon from "../../app/locales/en/common.ts";
import enI from "../../app/locales/en/inventory.ts";
import enDates from "../../app/locales/en/inventory-dates.ts";
import enL from "../../app/locales/en/logistics.ts";
import zhCommon from "../../app/locales/zh/common.ts";
import zhI from "../../app/locales/zh/inventory.ts";
import zhDates from "../../app/locales/zh/inventory-dates.ts";
import zhL from "../../app/locales/zh/logistics.ts";
import { chinaToday, shortcutRange } from "../../app/utils/date-range.ts";
import { ACCOUNTS, expect, readWorkbook, sheetRows, signIn, test } from "./fixtures.ts";

const TEXT = {
  zh: {
    // The date range's texts are the inventory group's too (in the signed-in pages' chunk).
    i: { ...zhI, ...zhDates },
    l: zhL,
    common: zhCommon,
    prefix: "",
    notFound: (no: string) => `未找到托盘或订单 ${no}`,
    orderHeaders: ["订单号", "服务号", "托盘号"],
    orderSheet: "订单",
    arrivalSheet: "到货报告",
    arrivalHeaders: [
      "日期",
      "服务号",
      "托盘号",
      "到货订单数",
      "在库",
      "未在库",
      "其中扣留",
      "其中已出库",
      "其中初始状态",
    ],
    total: "合计",
  },
  en: {
    i: { ...enI, ...enDates },
    l: enL,
    common: enCommon,
    prefix: "/en",
    notFound: (no: string) => `No pallet or order ${no}`,
    orderHeaders: ["Order No.", "Service No.", "Pallet No."],
    orderSheet: "Orders",
    arrivalSheet: "Arrival report",
    arrivalHeaders: [
      "Day",
      "Service No.",
      "Pallet No.",
      "Arrived",
      "In stock",
      "Not in stock",
      "of which detained",
      "of which stocked out",
      "of which initial",
    ],
    total: "Total",
  },
} as const;
type Lang = keyof typeof TEXT;

/** A translation with its `{{name}}` placeholders filled in. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** A template as a pattern: placeholders match anything. */
function pattern(template: string, values: Record<string, string> = {}): RegExp {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    escaped.replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) =>
      name in values ? values[name]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : ".+?",
    ),
  );
}

/** Values of one column of a paged table, by the column's position (the index column is 1). */
function column(page: Page, table: string, position: number) {
  return page
    .getByTestId(table)
    .locator(`tbody tr[data-row-key] td:nth-child(${position})`)
    .allTextContents();
}

/** Pallets that still have orders in the initial state, oldest first. */
async function palletsWithInitialOrders(page: Page, lang: Lang): Promise<string[]> {
  await page.goto(`${TEXT[lang].prefix}/inventory_system/detail/?cbaStatus=1&pageSize=200`);
  const pallets = [...new Set(await column(page, "inventory-detail", 4))];
  expect(pallets.length).toBeGreaterThan(0);
  return pallets.reverse();
}

async function scan(page: Page, number: string) {
  const field = page.getByTestId("scan-number");
  await field.fill(number);
  await field.press("Enter");
}

async function chooseDirection(page: Page, direction: "in" | "out") {
  await page.locator("label", { has: page.getByTestId(`direction-${direction}`) }).click();
  await expect(page.getByTestId(`direction-${direction}`)).toBeChecked();
}

for (const lang of ["zh", "en"] as const) {
  const { i, l, common, prefix } = TEXT[lang];

  test.describe(`inventory (${lang})`, () => {
    test("scan a pallet in, an unknown number, an order out; details and their xlsx", async ({
      page,
    }) => {
      await signIn(page, ACCOUNTS.manager, { locale: lang });
      // zh and en run one after the other: each takes a pallet the other left alone.
      const pallets = await palletsWithInitialOrders(page, lang);
      const pallet = pallets[lang === "zh" ? 0 : Math.min(1, pallets.length - 1)]!;

      await page.goto(`${prefix}/inventory_system/inventory`);
      const field = page.getByTestId("scan-number");
      await expect(field).toBeFocused();
      await expect(page.getByTestId("direction-in")).toBeChecked();

      // A pallet: every initial order moves at once.
      await scan(page, pallet);
      const result = page.getByTestId("scan-result");
      await expect(result).toHaveAttribute("data-ok", "true");
      await expect(result).toContainText(pattern(i.scan.palletIn, { number: pallet }));
      await expect(field).toHaveValue("");
      await expect(field).toBeFocused();
      const changed = ((await page.getByTestId("scan-changed").textContent()) ?? "")
        .split(", ")
        .filter(Boolean);
      expect(changed.length).toBeGreaterThan(0);
      await expect(result).toContainText(
        pattern(i.scan.palletIn, { number: pallet, changed: String(changed.length) }),
      );
      const rows = page.getByTestId("shift-row");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute("data-number", pallet);
      await expect(rows.first()).toContainText(i.scan.shift.pallet);
      await expect(rows.first()).toContainText(i.scan.in);
      await expect(rows.first()).toContainText(String(changed.length));

      // An unknown number: the backend's message, in the page's language, names it.
      const unknown = `NOPE${Date.now()}`;
      await scan(page, unknown);
      await expect(result).toHaveAttribute("data-ok", "false");
      await expect(result).toHaveText(TEXT[lang].notFound(unknown));
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toHaveAttribute("data-number", unknown);
      await expect(rows.first()).toContainText(i.scan.shift.failed);

      // The same pallet again: nothing left to stock in, said with the pallet's
      // number and how many of its orders are in which status.
      await scan(page, pallet);
      await expect(result).toHaveAttribute("data-ok", "false");
      await expect(result).toContainText(pallet);
      await expect(result).toContainText(TEXT[lang].l.orderStatus["4"]);
      await expect(rows).toHaveCount(3);

      // One order of it out.
      const order = changed[0]!;
      await chooseDirection(page, "out");
      await expect(field).toBeFocused();
      await scan(page, order);
      await expect(result).toHaveAttribute("data-ok", "true");
      await expect(result).toHaveText(fill(i.scan.orderOut, { number: order }));
      await expect(rows).toHaveCount(4);
      await expect(rows.first()).toHaveAttribute("data-number", order);
      await expect(rows.first()).toContainText(i.scan.shift.order);
      await expect(rows.first()).toContainText(i.scan.out);
      await expect(page.getByTestId("shift-summary")).toHaveText(
        fill(i.scan.shift.summary, { scans: 4, orders: changed.length + 1 }),
      );

      // The shift's list stays in this tab.
      await page.reload();
      await expect(rows).toHaveCount(4);

      // Details: stocked in is the default tab; last week's stock-ins of the pallet.
      const today = chinaToday();
      const week = shortcutRange("lastWeek", today);
      await page.goto(`${prefix}/inventory_system/detail`);
      await expect(page.getByTestId("tab-4")).toHaveAttribute("aria-current", "page");
      await expect(page.getByTestId("tab-4")).toContainText(l.orderStatus["4"]);
      await page.locator("#filter-salverNo").fill(pallet);
      await page.getByRole("button", { name: common.search }).click();
      await expect(page).toHaveURL(new RegExp(`/inventory_system/detail/\\?salverNo=${pallet}$`));
      // The address changes before React draws the page it leads to (a
      // transition): the shortcut is clicked once it carries the filter.
      await expect(page.getByTestId("detail-range-lastWeek")).toHaveAttribute(
        "href",
        new RegExp(`salverNo=${pallet}`),
      );
      await page.getByTestId("detail-range-lastWeek").click();
      await expect(page).toHaveURL(
        `${prefix}/inventory_system/detail/?salverNo=${pallet}&startDate=${week.startDate}&endDate=${week.endDate}`,
      );
      await expect(page.getByTestId("detail-range-lastWeek")).toHaveAttribute(
        "aria-current",
        "true",
      );
      await expect(page.locator("#detail-range-start")).toHaveValue(week.startDate);
      await expect(page.locator("#detail-range-end")).toHaveValue(week.endDate);
      // One date format in every field, whatever the browser's language: not its mm/dd/yyyy.
      const start = page.locator("#detail-range-start");
      await expect(start).toHaveAttribute("type", "text");
      await expect(start).toHaveAttribute("placeholder", lang === "en" ? "YYYY-MM-DD" : "年-月-日");
      await expect(page.getByTestId("detail-range-start-calendar")).toBeVisible();
      await expect
        .poll(async () => new Set(await column(page, "inventory-detail", 2)))
        .toEqual(new Set(changed.slice(1)));
      const stockedIn = await column(page, "inventory-detail", 2);
      expect(await column(page, "inventory-detail", 8)).toEqual(
        stockedIn.map(() => expect.stringMatching(new RegExp(`^${today} `))),
      );

      // A range that ends before last week has none of them (older stock-ins of the pallet may show).
      await page.goto(
        `${prefix}/inventory_system/detail/?cbaStatus=4&salverNo=${pallet}&endDate=${week.startDate}`,
      );
      await expect(page.locator("#detail-range-end")).toHaveValue(week.startDate);
      const before = await column(page, "inventory-detail", 2);
      expect(before.filter((orderNo) => changed.includes(orderNo))).toEqual([]);

      // The stocked-out tab keeps the filters and shows the order with its stock-out time.
      await page.goto(
        `${prefix}/inventory_system/detail/?cbaStatus=4&salverNo=${pallet}&startDate=${week.startDate}&endDate=${week.endDate}`,
      );
      await page.getByTestId("tab-3").click();
      await expect(page).toHaveURL(
        `${prefix}/inventory_system/detail/?cbaStatus=3&salverNo=${pallet}&startDate=${week.startDate}&endDate=${week.endDate}`,
      );
      await expect(page.getByTestId("tab-3")).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("columnheader", { name: l.order.exitCbaTime })).toBeVisible();
      await expect.poll(() => column(page, "inventory-detail", 2)).toEqual([order]);
      await expect(page.getByTestId("order-count")).toHaveText("1");
      await expect(page.getByTestId("tab-count-3")).toHaveText("1");

      // Its xlsx: the same filters, one row per order line, then the totals.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("download-details").click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const book = await readWorkbook(download);
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe(TEXT[lang].orderSheet);
      const sheetData = sheetRows(sheet);
      expect(sheetData[0]!.slice(0, 3)).toEqual([...TEXT[lang].orderHeaders]);
      expect(sheetData.length).toBeGreaterThan(1);
      // The last row holds the totals.
      expect(new Set(sheetData.slice(1, -1).map((r) => r[0]))).toEqual(new Set([order]));
      // An order's columns other than its number stand on its first line only.
      expect(
        new Set(
          sheetData
            .slice(1, -1)
            .map((r) => r[2])
            .filter(Boolean),
        ),
      ).toEqual(new Set([pallet]));
    });

    // Two journeys once (the details, then the arrival report), both reading
    // the inventory pages as the same user; each page is opened by its address.
    test("details: tabs in order, shortcuts, a wrong range explained; arrival report: per day and pallet, totals, filters and its xlsx", async ({
      page,
    }) => {
      await signIn(page, ACCOUNTS.manager, { locale: lang });
      await page.goto(`${prefix}/inventory_system/detail`);
      const tabs = page.getByRole("navigation", { name: i.detail.tabs }).getByRole("link");
      // Each tab with its count under the same filters.
      const withCount = (label: string) => new RegExp(`^${label}\\s*[\\d,]+$`);
      await expect(tabs).toHaveText([
        withCount(l.orderStatus["4"]),
        withCount(l.orderStatus["3"]),
        withCount(l.orderStatus["2"]),
        withCount(l.orderStatus["1"]),
      ]);
      await expect(page.getByTestId("tab-count-4")).toHaveText(
        (await page.getByTestId("order-count").textContent()) ?? "",
      );
      await expect(page.locator("#detail-range-label")).toHaveText(i.detail.rangeOf["4"]);

      // Initial tab: the range applies to the creation time.
      await page.getByTestId("tab-1").click();
      await expect(page).toHaveURL(`${prefix}/inventory_system/detail/?cbaStatus=1`);
      await expect(page.locator("#detail-range-label")).toHaveText(i.detail.rangeOf["1"]);
      await expect(page.getByRole("columnheader", { name: l.order.createdOn })).toBeVisible();
      const three = shortcutRange("lastThreeMonths", chinaToday());
      await page.getByTestId("detail-range-lastThreeMonths").click();
      await expect(page).toHaveURL(
        `${prefix}/inventory_system/detail/?cbaStatus=1&startDate=${three.startDate}&endDate=${three.endDate}`,
      );
      await expect(page.getByTestId("detail-range-lastThreeMonths")).toHaveAttribute(
        "aria-current",
        "true",
      );
      const created = await column(page, "inventory-detail", 8);
      expect(created.length).toBeGreaterThan(0);
      for (const time of created) {
        const day = time.slice(0, 10);
        expect(day >= three.startDate && day <= three.endDate).toBe(true);
      }

      // Start after end: said in the page's language, nothing listed, nothing to download.
      // Typed with slashes: read, and shown again, as 2026-11-20.
      await page.locator("#detail-range-start").fill("2026/11/20");
      await page.locator("#detail-range-end").fill("2026-11-01");
      await page.getByRole("button", { name: common.search }).click();
      await expect(page.getByTestId("inventory-detail-error")).toHaveText(i.dateRange.order);
      await expect(page.locator("#detail-range-error")).toHaveText(i.dateRange.order);
      await expect(page.locator("#detail-range-start")).toHaveValue("2026-11-20");
      await expect(page.getByTestId("download-details")).toHaveCount(0);

      await page.goto(`${prefix}/inventory_system/detail/?startDate=2026-02-30`);
      await expect(page.getByTestId("inventory-detail-error")).toHaveText(i.dateRange.invalid);

      await page.goto(`${prefix}/inventory_system/arrival_report`);
      const table = "arrival-report";
      const days = await column(page, table, 1);
      expect(days.length).toBeGreaterThan(0);
      expect([...days].sort().reverse()).toEqual(days);

      // One pallet: its totals are its rows added up; arrived = in stock + not in stock,
      // and not in stock = detained + stocked out + initial.
      const pallet = (await column(page, table, 3))[0]!;
      await page.locator("#filter-salverNo").fill(pallet);
      await page.getByRole("button", { name: common.search }).click();
      await expect(page).toHaveURL(
        new RegExp(`/inventory_system/arrival_report/\\?salverNo=${pallet}$`),
      );
      await expect
        .poll(async () => new Set(await column(page, table, 3)))
        .toEqual(new Set([pallet]));
      const sum = async (position: number) =>
        (await column(page, table, position)).reduce((total, value) => total + Number(value), 0);
      const counts = {
        arrived: await sum(4),
        inStock: await sum(5),
        notInStock: await sum(6),
        detained: await sum(7),
        stockedOut: await sum(8),
        initial: await sum(9),
      };
      expect(counts.arrived).toBe(counts.inStock + counts.notInStock);
      expect(counts.notInStock).toBe(counts.detained + counts.stockedOut + counts.initial);
      for (const [key, value] of Object.entries(counts)) {
        await expect(page.getByTestId(`total-${key}`)).toHaveText(String(value));
      }

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("download-arrival").click(),
      ]);
      const sheet = (await readWorkbook(download)).worksheets[0]!;
      expect(sheet.name).toBe(TEXT[lang].arrivalSheet);
      const sheetData = sheetRows(sheet);
      expect(sheetData[0]).toEqual([...TEXT[lang].arrivalHeaders]);
      const body = sheetData.slice(1, -1);
      expect(body.length).toBeGreaterThan(0);
      expect(new Set(body.map((r) => r[2]))).toEqual(new Set([pallet]));
      expect(sheetData.at(-1)).toEqual([
        TEXT[lang].total,
        "",
        "",
        ...Object.values(counts).map(String),
      ]);

      // Shortcuts keep the pallet filter and bound the days.
      const month = shortcutRange("lastMonth", chinaToday());
      await page.getByTestId("arrival-range-lastMonth").click();
      await expect(page).toHaveURL(
        `${prefix}/inventory_system/arrival_report/?salverNo=${pallet}&startDate=${month.startDate}&endDate=${month.endDate}`,
      );
      await expect(page.getByTestId("arrival-range-lastMonth")).toHaveAttribute(
        "aria-current",
        "true",
      );
      for (const day of await column(page, table, 1)) {
        expect(day >= month.startDate && day <= month.endDate).toBe(true);
      }
    });
  });
}

test("scans faster than the answers are all kept, in order", async ({ page }) => {
  // The scan's check comes late, as on a slow line: scans typed meanwhile wait
  // for it. It is held until the three scans are typed, however fast the machine.
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.context().route(/\/assets\/.*\.js$/, async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes("inventory.scan.numberRequired")) await held;
    await route.fulfill({ response });
  });
  await signIn(page, ACCOUNTS.manager);
  await page.goto("/inventory_system/inventory");
  // The shift's list is drawn once the page runs its JavaScript.
  await expect(page.getByText(zhI.scan.shift.empty)).toBeVisible();
  const stamp = Date.now();
  const numbers = [1, 2, 3].map((n) => `FAST${stamp}-${n}`);
  const field = page.getByTestId("scan-number");
  for (const number of numbers) {
    // A scanner types and presses Enter at once, without waiting for the answer.
    await field.pressSequentially(number, { delay: 0 });
    await field.press("Enter");
  }
  release();
  const rows = page.getByTestId("shift-row");
  await expect(rows).toHaveCount(3);
  expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-number")))).toEqual(
    [...numbers].reverse(),
  );
  await expect(page.getByTestId("scan-result")).toHaveText(TEXT.zh.notFound(numbers[2]!));
  await page.getByRole("button", { name: zhI.scan.shift.clear }).click();
  await expect(page.getByText(zhI.scan.shift.empty)).toBeVisible();
});

test("when the scan's check cannot be had, the server checks every scan", async ({ page }) => {
  // The scan's schema comes after the first paint; here it never comes. (On
  // the context: the page's routes do not see the pages after the sign-in.)
  await page.context().route(/\/assets\/.*\.js$/, async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes("inventory.scan.numberRequired")) await route.abort();
    else await route.fulfill({ response });
  });
  await signIn(page, ACCOUNTS.manager);
  await page.goto("/inventory_system/inventory");
  // The shift's list is drawn once the page runs its JavaScript.
  await expect(page.getByText(zhI.scan.shift.empty)).toBeVisible();
  const unknown = `NOCHECK${Date.now()}`;
  await scan(page, unknown);
  await expect(page.getByTestId("scan-result")).toHaveText(TEXT.zh.notFound(unknown));
  await expect(page.getByTestId("shift-row")).toHaveCount(1);
  await expect(page.getByTestId("scan-number")).toHaveValue("");
  // A blank scan: the server's message, in the field's error line.
  await page.getByTestId("scan-number").press("Enter");
  await expect(page.locator("#scan-number-error")).toHaveText(zhI.scan.numberRequired);
});

test("without JavaScript a scan posts and the page shows its result", async ({ newContext }) => {
  const context = await newContext({ javaScriptEnabled: false, locale: "zh-CN" });
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.manager);
  await page.goto("/inventory_system/inventory");
  await page.locator("label", { has: page.getByTestId("direction-out") }).click();
  const unknown = `NOJS${Date.now()}`;
  await page.getByTestId("scan-number").fill(unknown);
  await page.getByTestId("scan-number").press("Enter");
  await expect(page.getByTestId("scan-result")).toHaveText(TEXT.zh.notFound(unknown));
  await expect(page.getByTestId("direction-out")).toBeChecked();
  await expect(page.getByTestId("scan-number")).toHaveValue("");

  // A blank scan is refused with the translated message.
  await page.getByTestId("scan-number").press("Enter");
  await expect(page.locator("#scan-number-error")).toHaveText(zhI.scan.numberRequired);
  await context.close();
});

// The pages a guest is refused, a visitor's download, another site's post and
// an unknown kind are the route tests' (tests/routes/inventory-refusals.test.ts);
// a GET of the download's address, account-defects.spec.ts's.
test("a guest is refused every inventory download, with the 403 page", async ({ page }) => {
  await signIn(page, ACCOUNTS.guest);
  for (const kind of ["details", "arrival"]) {
    const refused = await page.request.post("/inventory/download", { form: { kind } });
    expect(refused.status(), kind).toBe(403);
  }
});
