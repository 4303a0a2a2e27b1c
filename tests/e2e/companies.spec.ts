/**
 * Company isolation as a user meets it: a second company's manager sees on
 * the order page, and downloads, only its own company's orders. The expected
 * orders are read from the fake backend of the test's world at test time.
 */
import type { APIRequestContext } from "@playwright/test";
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

/** The order numbers `username` may see, straight from the backend API. */
async function ordersOf(api: APIRequestContext, username: string): Promise<Set<string>> {
  const login = await api.post("/api/v1/account/login", {
    data: { username, password: PASSWORD },
  });
  const token = (await login.json()).data.token as string;
  const answer = await api.get("/api/v1/cba/order?pageSize=1000", {
    headers: { authorization: `Bearer ${token}` },
  });
  const data = (await answer.json()).data as {
    list: { orderNo: string }[];
    pagination: { total: number };
  };
  expect(data.list).toHaveLength(data.pagination.total);
  return new Set(data.list.map((order) => order.orderNo));
}

test("a second company's manager lists and downloads only its own orders", async ({
  page,
  newRequest,
}) => {
  const api = await newRequest();
  const own = await ordersOf(api, NANSHA);
  const demoManager = await ordersOf(api, ACCOUNTS.manager);
  const all = await ordersOf(api, ACCOUNTS.admin);
  expect(own.size).toBeGreaterThan(0);
  expect(own.size).toBeLessThan(all.size);
  expect([...own].filter((orderNo) => demoManager.has(orderNo))).toEqual([]);

  await signIn(page, NANSHA);
  await page.goto("/order/?pageSize=100");
  await hydrated(page);
  const count = await page.getByTestId("order-count").textContent();
  expect(Number(count?.replace(/,/g, ""))).toBe(own.size);
  const shown = await page
    .getByTestId("orders")
    .locator("tbody tr[data-row-key]")
    .evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-row-key") ?? ""));
  expect(shown.length).toBe(Math.min(100, own.size));
  expect(shown.filter((orderNo) => !own.has(orderNo))).toEqual([]);

  // The demo manager's order number finds nothing, as an unknown one would.
  const [foreign] = demoManager;
  await page.goto(`/order/?orderNo=${foreign}`);
  await expect(page.getByTestId("order-count")).toHaveText("0");

  // Nothing selected: the workbook holds every order of the company, and no other.
  await page.goto("/order");
  await hydrated(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("download-orders").click(),
  ]);
  const rows = sheetRows((await readWorkbook(download)).worksheets[0]!);
  // Header, one row per order line, the totals row.
  expect(new Set(rows.slice(1, -1).map((row) => row[0]))).toEqual(own);
});
