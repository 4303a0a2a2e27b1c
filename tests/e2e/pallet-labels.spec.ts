/**
 * Pallet labels and manifests: the paper is printed (to PDF, in Chromium),
 * its barcode is read back from the pixels of the printed label, and the
 * number read moves the pallet on the stock in/out page.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import enE from "../../app/locales/en/errors.ts";
import enI from "../../app/locales/en/inventory.ts";
import enP from "../../app/locales/en/paper.ts";
import zhE from "../../app/locales/zh/errors.ts";
import zhI from "../../app/locales/zh/inventory.ts";
import zhP from "../../app/locales/zh/paper.ts";
import { expectAccessible } from "./axe.ts";
import { readBarcode } from "./barcode-reader.ts";
import { ACCOUNTS, expect, hydrated, PASSWORD, signIn, test } from "./fixtures.ts";

const TEXT = {
  zh: { p: zhP, i: zhI, e: zhE, prefix: "" },
  en: { p: enP, i: enI, e: enE, prefix: "/en" },
} as const;

const NANSHA = "nansha.trade@demo.test";
/** PDF points in a millimetre. */
const PT_PER_MM = 72 / 25.4;

interface OrderAnswer {
  serviceNo: string;
  salverNo: string;
  orderNo: string;
  acturalPaid: number;
}

/** Orders of `username` matching `query`, straight from the backend API of the test's world. */
async function ordersOf(api: APIRequestContext, username: string, query: string) {
  const signIn = await api.post("/api/v1/account/login", {
    data: { username, password: PASSWORD },
  });
  const token = (await signIn.json()).data.token as string;
  const answer = await api.get(`/api/v1/cba/order?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await answer.json()).data as {
    list: OrderAnswer[];
    pagination: { total: number };
    amountTotal: number;
  };
}

/** A pallet of the demo manager with orders still to stock in. */
async function palletToStockIn(api: APIRequestContext) {
  const { list } = await ordersOf(api, ACCOUNTS.manager, "cbaStatus=1&pageSize=1");
  expect(list.length).toBe(1);
  return { serviceNo: list[0]!.serviceNo, salverNo: list[0]!.salverNo };
}

/** A service of the demo manager with at least `count` pallets. */
async function serviceWithPallets(api: APIRequestContext, count: number): Promise<string> {
  const signIn = await api.post("/api/v1/account/login", {
    data: { username: ACCOUNTS.manager, password: PASSWORD },
  });
  const token = (await signIn.json()).data.token as string;
  const answer = await api.get("/api/v1/cba/service?pageSize=100", {
    headers: { authorization: `Bearer ${token}` },
  });
  const { list } = (await answer.json()).data as {
    list: { serviceNo: string; salverTotal: number }[];
  };
  const service = list.find((one) => one.salverTotal >= count);
  expect(service, `a service with ${count} pallets`).toBeDefined();
  return service!.serviceNo;
}

/** The sizes of a PDF's pages, in points, from their media boxes. */
function pageSizes(pdf: Buffer): [number, number][] {
  const text = pdf.toString("latin1");
  return [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((match) => [
    Math.round(Number(match[1])),
    Math.round(Number(match[2])),
  ]);
}

const mm = (value: number) => Math.round(value * PT_PER_MM);

async function print(page: Page): Promise<Buffer> {
  return page.pdf({ preferCSSPageSize: true, printBackground: true });
}

for (const lang of ["zh", "en"] as const) {
  const { p, i, e, prefix } = TEXT[lang];

  // Two journeys once, on one pallet: its manifest, then its label, whose
  // scan at the end moves the pallet (the manifest's journey had a pallet of
  // its own, of the same kind).
  test(`a pallet's manifest lists its orders with the order list's totals; its label prints, its barcode reads back and moves the pallet (${lang})`, async ({
    page,
    newRequest,
  }) => {
    const api = await newRequest();
    const { serviceNo, salverNo } = await palletToStockIn(api);
    await signIn(page, ACCOUNTS.manager, { locale: lang });
    const orders = await ordersOf(
      api,
      ACCOUNTS.manager,
      `serviceNo=${serviceNo}&salverNo=${salverNo}&pageSize=1000`,
    );
    await page.goto(`${prefix}/server/salver/?serviceNo=${serviceNo}&salverNo=${salverNo}`);
    const manifestLink = page
      .locator(`tr[data-row-key="${salverNo}"]`)
      .getByTestId("manifest-link");
    await expect(manifestLink).toHaveAccessibleName(
      new RegExp(`^${p.pallets.manifest}.*${salverNo}`),
    );
    await manifestLink.click();
    await expect(page).toHaveURL(/\/server\/salver\/manifest\/\?/);
    const manifest = page.getByTestId("manifest");
    await expect(manifest.getByRole("heading", { level: 2 })).toHaveText(
      p.manifest.heading.replace("{{palletNo}}", salverNo),
    );
    const rows = page.getByTestId("manifest-table").locator("tbody tr[data-row-key]");
    await expect(rows).toHaveCount(orders.pagination.total);
    await hydrated(page);
    await expectAccessible(page, `a pallet's manifest (${lang})`);
    expect((await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.rowKey))).sort()).toEqual(
      orders.list.map((order) => order.orderNo).sort(),
    );

    // The same totals as the order list filtered by the pallet.
    const count = await page.getByTestId("manifest-order-count").textContent();
    const amount = await page.getByTestId("manifest-amount-total").textContent();
    await page.goto(`${prefix}/order/?salverNo=${salverNo}`);
    await expect(page.getByTestId("order-count")).toHaveText(count!);
    await expect(page.getByTestId("amount-total")).toHaveText(amount!);

    // From the pallet list: the row's "print label".
    await page.goto(`${prefix}/server/salver/?serviceNo=${serviceNo}&salverNo=${salverNo}`);
    const printLabel = page.locator(`tr[data-row-key="${salverNo}"]`).getByTestId("print-label");
    // The link's name is its text, then the pallet's number (for screen readers and speech input).
    await expect(printLabel).toHaveAccessibleName(
      new RegExp(`^${p.pallets.printLabel}.*${salverNo}`),
    );
    await printLabel.click();
    await expect(page).toHaveURL(
      new RegExp(`/server/salver/label/\\?serviceNo=${serviceNo}&salverNo=${salverNo}$`),
    );
    const label = page.getByTestId("pallet-label");
    await expect(label).toHaveCount(1);
    await expect(label.getByTestId("label-number")).toHaveText(salverNo);
    await expect(label).toContainText(serviceNo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.labels.title);
    await hydrated(page);
    await expect(page.getByTestId("print-button")).toHaveText(p.print);
    await expectAccessible(page, `a pallet's label (${lang})`);

    // Printed: one page of 100 × 150 mm.
    const pdf = await print(page);
    expect(pageSizes(pdf)).toEqual([[mm(100), mm(150)]]);

    // As printed, on screen: the label alone, its barcode read from the pixels.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation").first()).toBeHidden();
    const number = readBarcode(await label.screenshot());
    expect(number).toBe(salverNo);
    await page.emulateMedia({ media: "screen" });

    // The number read, scanned in: the pallet's orders are stocked in.
    await page.goto(`${prefix}/inventory_system/inventory`);
    const field = page.getByTestId("scan-number");
    await field.fill(number);
    await field.press("Enter");
    const result = page.getByTestId("scan-result");
    await expect(result).toHaveAttribute("data-ok", "true");
    const moved = i.scan.palletIn.replace("{{number}}", number).split("{{changed}}")[0]!;
    await expect(result).toContainText(moved);
  });

  test(`labels of the selected pallets, on label paper and four to an A4 page (${lang})`, async ({
    page,
    newRequest,
  }) => {
    const serviceNo = await serviceWithPallets(await newRequest(), 5);
    await signIn(page, ACCOUNTS.manager, { locale: lang });
    await page.goto(`${prefix}/server/salver/?serviceNo=${serviceNo}`);
    await hydrated(page);
    const rows = page.getByTestId("pallets").locator("tbody tr[data-row-key]");
    expect(await rows.count()).toBeGreaterThanOrEqual(5);
    const keys = await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.rowKey ?? ""));
    // Ticked in another order than the list's.
    for (const index of [4, 0, 2, 1, 3]) await rows.nth(index).getByRole("checkbox").check();
    await expect(page.getByTestId("print-selected")).toContainText("(5)");
    await page.getByTestId("print-selected").click();
    await expect(page).toHaveURL(/\/server\/salver\/label\/\?serviceNo=.+&salverNo=/);
    const numbers = page.getByTestId("label-number");
    // In the pallet list's order.
    await expect(numbers).toHaveText(keys.slice(0, 5));
    expect(pageSizes(await print(page))).toEqual(Array(5).fill([mm(100), mm(150)]));

    // A4: two pages for five labels.
    await page.getByTestId("format-a4").check();
    await page.getByRole("button", { name: p.labels.apply }).click();
    await expect(page).toHaveURL(/format=a4/);
    await expect(page.getByTestId("a4-sheet")).toHaveCount(2);
    await expect(numbers).toHaveText(keys.slice(0, 5));
    const a4 = [mm(210), mm(297)];
    expect(pageSizes(await print(page))).toEqual([a4, a4]);
  });

  // In Chinese; what the pages answer in both languages (the notices, not
  // found) is the route tests' (tests/routes/pallet-paper.test.ts).
  if (lang === "zh") {
    test(`the paper pages without a pallet, and another company's pallet (${lang})`, async ({
      page,
      newContext,
      newRequest,
    }) => {
      const api = await newRequest();
      const { serviceNo, salverNo } = await palletToStockIn(api);
      await signIn(page, ACCOUNTS.manager, { locale: lang });
      for (const path of ["label", "manifest"]) {
        const answer = await page.goto(`${prefix}/server/salver/${path}`);
        expect(answer?.status()).toBe(200);
        await expect(page.getByText(p.labels.none)).toBeVisible();
        // A number the service lacks: the 404 page, with its name.
        const unknown = await page.goto(
          `${prefix}/server/salver/${path}/?serviceNo=${serviceNo}&salverNo=NO-SUCH-PALLET`,
        );
        expect(unknown?.status()).toBe(404);
        await expect(page.getByTestId("error-message")).toHaveText(e.notFound);
      }
      // Too many labels at once: said, nothing printed.
      const many = Array.from({ length: 101 }, (_, n) => `salverNo=P${n}`).join("&");
      await page.goto(`${prefix}/server/salver/label/?serviceNo=${serviceNo}&${many}`);
      await expect(page.getByTestId("paper-notice")).toHaveText(
        p.labels.tooMany.replace("{{max}}", "100"),
      );
      await expect(page.getByTestId("pallet-label")).toHaveCount(0);

      // Another company sees neither the label nor the manifest of the pallet.
      const other = await newContext();
      const otherPage = await other.newPage();
      await signIn(otherPage, NANSHA, { locale: lang });
      for (const path of ["label", "manifest"]) {
        const answer = await otherPage.goto(
          `${prefix}/server/salver/${path}/?serviceNo=${serviceNo}&salverNo=${salverNo}`,
        );
        expect(answer?.status()).toBe(404);
        await expect(otherPage.getByTestId("error-message")).toHaveText(e.notFound);
        await expect(otherPage.getByText(salverNo)).toHaveCount(0);
      }
    });
  }
}

test("without JavaScript, the selected pallets' labels open from the pallet list", async ({
  newContext,
  newRequest,
}) => {
  const serviceNo = await serviceWithPallets(await newRequest(), 2);
  const context = await newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.manager);
  await page.goto(`/server/salver/?serviceNo=${serviceNo}`);
  const rows = page.getByTestId("pallets").locator("tbody tr[data-row-key]");
  const first = (await rows.nth(0).getAttribute("data-row-key"))!;
  const second = (await rows.nth(1).getAttribute("data-row-key"))!;
  await rows.nth(0).getByRole("checkbox").check();
  await rows.nth(1).getByRole("checkbox").check();
  await page.getByTestId("print-selected").click();
  await expect(page.getByTestId("label-number")).toHaveText([first, second]);
  // No print button without JavaScript: the hint says how.
  await expect(page.getByTestId("print-button")).toHaveCount(0);
  await expect(page.getByText(zhP.printHint)).toBeVisible();
  await page.getByTestId("format-a4").check();
  await page.getByRole("button", { name: zhP.labels.apply }).click();
  await expect(page).toHaveURL(/format=a4/);
  await expect(page.getByTestId("label-number")).toHaveText([first, second]);
});
