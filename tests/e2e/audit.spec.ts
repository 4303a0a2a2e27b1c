/**
 * The audit log as a user meets it: a bulk operation on two orders is one
 * operation listing both; the filters (person, operation, order number,
 * days) and the workbook; the same without JavaScript; a second company
 * does not see it; the platform sees both companies; axe finds nothing
 * serious.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import enAudit from "../../app/locales/en/audit.ts";
import enCommon from "../../app/locales/en/common.ts";
import zhAudit from "../../app/locales/zh/audit.ts";
import zhCommon from "../../app/locales/zh/common.ts";
import zhL from "../../app/locales/zh/logistics.ts";
import { expectAccessible } from "./axe.ts";
import {
  ACCOUNTS,
  expect,
  hydrated,
  PASSWORD,
  readWorkbook,
  sheetRows,
  signIn,
  test,
} from "./fixtures.ts";

/** The seeded main account of the Guangzhou Nansha company. */
const NANSHA = "nansha.trade@demo.test";
function operations(page: Page) {
  return page.getByTestId("audit").locator("tbody tr[data-row-key]");
}

/** Today in China, `YYYY-MM-DD`. */
function chinaToday(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * One backend call of `username` on `count` of its company's orders: a
 * detention of initial orders, or a remark on any orders. Their numbers.
 */
async function operateByApi(
  api: APIRequestContext,
  username: string,
  count: number,
  kind: "detain" | "remark",
): Promise<string[]> {
  const signIn = await api.post("/api/v1/account/login", {
    data: { username, password: PASSWORD },
  });
  const token = (await signIn.json()).data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  const status = kind === "detain" ? "&cbaStatus=1" : "";
  const answer = await api.get(`/api/v1/cba/order?pageSize=${count}${status}`, { headers });
  const orderNoList = ((await answer.json()).data.list as { orderNo: string }[]).map(
    (order) => order.orderNo,
  );
  expect(orderNoList).toHaveLength(count);
  const changed =
    kind === "detain"
      ? await api.put("/api/v1/cba/order", {
          headers,
          data: { orderNoList, cbaStatus: 2, reasonForDetention: "开箱查验" },
        })
      : await api.put("/api/v1/cba/order-remarks", {
          headers,
          data: { orderNoList, reasonForDetention: "加急" },
        });
  expect((await changed.json()).code).toBe(200);
  return orderNoList;
}

test("a bulk operation on two orders is one operation; filters and the workbook find it", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.manager);
  await page.goto("/order/?cbaStatus=1&pageSize=20");
  await hydrated(page);
  const keys = await page
    .getByTestId("orders")
    .locator("tbody tr[data-row-key]")
    .evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-row-key") ?? ""));
  const [a, b] = [keys[3]!, keys[4]!];
  for (const orderNo of [a, b]) {
    await page.locator(`tr[data-row-key="${orderNo}"]`).getByRole("checkbox").first().check();
  }
  await page.getByTestId("op-detain").click();
  const dialog = page.getByTestId("operation-dialog");
  await dialog.locator('textarea[name="reasonForDetention"]').fill("海关抽检");
  await dialog.getByRole("button", { name: zhCommon.confirm }).click();
  await expect(page.getByTestId("operation-result")).toContainText(zhCommon.operationSuccessful);

  // The menu leads to the log; the newest operation is the batch, with both orders.
  await page.getByRole("link", { name: "操作记录" }).click();
  await expect(page).toHaveURL(/\/audit$/);
  const first = operations(page).first();
  await expect(first.getByTestId("audit-orders")).toContainText(a);
  await expect(first.getByTestId("audit-orders")).toContainText(b);
  await expect(first.getByTestId("audit-person")).toHaveText(ACCOUNTS.manager);
  await expect(first.getByTestId("audit-operation")).toHaveText(zhL.order.history.actions.detain);
  await expect(first.getByTestId("audit-status")).toHaveText(
    `${zhL.orderStatus["1"]} → ${zhL.orderStatus["2"]}`,
  );
  await expect(first).toContainText("海关抽检");
  await expectAccessible(page, "the audit log's filtered operation (zh)");

  // Person, operation, order number and today: that one operation.
  await hydrated(page);
  await page.locator("#filter-actor").selectOption(ACCOUNTS.manager);
  await page.locator("#filter-action").selectOption("detain");
  await page.locator("#filter-orderNo").fill(b);
  await page.locator("#audit-range-start").fill(chinaToday());
  await page.locator("#audit-range-end").fill(chinaToday());
  await page.getByRole("button", { name: zhCommon.search }).click();
  await expect(page).toHaveURL(new RegExp(`orderNo=${b}`));
  await expect(operations(page)).toHaveCount(1);
  await expect(operations(page).first().getByTestId("audit-orders")).toContainText(a);

  // The platform's operations: not this one.
  await page.goto(`/audit/?actor=platform&orderNo=${b}`);
  await expect(operations(page)).toHaveCount(0);
  await expect(page.getByTestId("audit")).toContainText(zhAudit.empty);

  // The workbook of the filters: one row per order.
  await page.goto(`/audit/?action=detain&orderNo=${a}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("download-audit").click(),
  ]);
  const rows = sheetRows((await readWorkbook(download)).worksheets[0]!);
  expect(rows[0]?.slice(0, 3)).toEqual(["时间", "企业", "操作人"]);
  const body = rows.slice(1, -1);
  expect(body.map((row) => [row[2], row[3], row[6], row[7], row[8], row[9]])).toEqual(
    [a, b].map((orderNo) => [
      ACCOUNTS.manager,
      zhL.order.history.actions.detain,
      orderNo,
      zhL.orderStatus["1"],
      zhL.orderStatus["2"],
      "海关抽检",
    ]),
  );
});

test("without JavaScript the log filters, pages to every order and downloads", async ({
  newContext,
  newRequest,
}) => {
  const orders = await operateByApi(await newRequest(), ACCOUNTS.manager, 7, "detain");
  const context = await newContext({ javaScriptEnabled: false, locale: "en-US" });
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.manager, { locale: "en" });
  await page.goto("/en/audit");
  await page.locator("#filter-orderNo").fill(orders[6]!);
  await page.locator("#filter-action").selectOption("detain");
  await page.getByRole("button", { name: enCommon.search }).click();
  await expect(page).toHaveURL(new RegExp(`/en/audit/\\?.*orderNo=${orders[6]}`));
  await expect(operations(page)).toHaveCount(1);
  const row = operations(page).first();
  for (const orderNo of orders.slice(0, 5)) await expect(row).toContainText(orderNo);
  await expect(row).not.toContainText(orders[6]!);
  await row.getByTestId("audit-more").click();
  await expect(page.getByRole("heading", { name: enAudit.operationTitle })).toBeVisible();
  for (const orderNo of orders)
    await expect(page.getByTestId("audit-operation")).toContainText(orderNo);
  // axe runs in the page: it checks the same address with JavaScript.
  const withJs = await (await newContext({ locale: "en-US" })).newPage();
  await signIn(withJs, ACCOUNTS.manager, { locale: "en" });
  await withJs.goto(page.url());
  await expect(withJs.getByTestId("audit-operation")).toContainText(orders[6]!);
  await expectAccessible(withJs, "the audit log's filtered operation (en)");
  await page.getByTestId("audit-back").click();
  await expect(page).toHaveURL(/\/en\/audit$/);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("download-audit").click(),
  ]);
  const rows = sheetRows((await readWorkbook(download)).worksheets[0]!);
  expect(rows[0]?.[0]).toBe("Time");
  expect(rows.filter((r) => orders.includes(r[6] ?? ""))).toHaveLength(7);
});

test("a second company does not see the operation; the platform sees both companies", async ({
  page,
  newContext,
  newRequest,
}) => {
  const api = await newRequest();
  const ofA = await operateByApi(api, ACCOUNTS.manager, 2, "detain");
  const ofB = await operateByApi(api, NANSHA, 1, "remark");

  await signIn(page, NANSHA);
  await page.goto(`/audit/?orderNo=${ofA[0]}`);
  await expect(operations(page)).toHaveCount(0);
  await page.goto("/audit");
  await expect(operations(page).first()).toContainText(ofB[0]!);
  await expect(page.locator("#filter-companyId")).toHaveCount(0);

  const platform = await (await newContext({ locale: "en-US" })).newPage();
  await signIn(platform, ACCOUNTS.admin, { locale: "en" });
  await platform.goto("/en/audit");
  await expect(platform.getByRole("columnheader", { name: enAudit.company })).toBeVisible();
  const [newest, before] = [operations(platform).nth(0), operations(platform).nth(1)];
  await expect(newest).toContainText(ofB[0]!);
  await expect(newest.getByTestId("audit-person")).toHaveText(NANSHA);
  await expect(before).toContainText(ofA[0]!);
  await expect(before.getByTestId("audit-person")).toHaveText(ACCOUNTS.manager);
  const companyOf = async (row: typeof newest) =>
    (await row.getByTestId("audit-company").textContent())?.trim();
  const [companyB, companyA] = [await companyOf(newest), await companyOf(before)];
  expect(companyA).toBeTruthy();
  expect(companyA).not.toBe(companyB);
  await expectAccessible(platform, "the platform's audit log");

  // The company filter: company A's operations only.
  await hydrated(platform);
  await platform.locator("#filter-companyId").selectOption({ label: companyA! });
  await platform.getByRole("button", { name: enCommon.search }).click();
  await expect(platform).toHaveURL(/companyId=/);
  await expect(operations(platform).first()).toContainText(ofA[0]!);
  await expect(platform.getByTestId("audit")).not.toContainText(ofB[0]!);
});
