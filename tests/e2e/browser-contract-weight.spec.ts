/**
 * The browser builds the schemas of the forms it checks, not the API
 * contract's: no script a page loads, at its start or after (its deferred
 * forms, a dialog's form), carries an endpoint's declaration. The contract
 * is the server's (the API client, the fake backend, the OpenAPI document);
 * the forms take the pieces they share with it from modules of their own
 * (docs/decisions/2026-11-27-browser-forms-without-the-whole-contract.md).
 */
import type { Page } from "@playwright/test";
import { endpoints } from "../../app/contract/index.ts";
import zhCommon from "../../app/locales/zh/common.ts";
import zhLogistics from "../../app/locales/zh/logistics.ts";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

/**
 * Texts only the contract's declarations hold: the endpoints' summaries, as
 * a bundle keeps them (those a minifier would write with escapes left out;
 * the bulk operations' are put together as the module runs, and match none).
 */
const DECLARATIONS = Object.values(endpoints)
  .map((endpoint) => endpoint.summary)
  .filter((summary) => /^[\x20-\x7e]+$/.test(summary) && !/["'`\\]/.test(summary));

/** The scripts the page has loaded so far (its start, the parts it fetched after). */
async function scriptsOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith("/assets/") && path.endsWith(".js")),
  );
}

/** The loaded scripts that carry a declaration of the contract, with the first they carry. */
async function carryingTheContract(page: Page): Promise<string[]> {
  const carrying: string[] = [];
  for (const script of new Set(await scriptsOf(page))) {
    const code = await (await page.request.get(script)).text();
    const found = DECLARATIONS.find((summary) => code.includes(summary));
    if (found) carrying.push(`${script}: "${found}"`);
  }
  return carrying;
}

test("the order list, its operation forms and the audit page load none of the API contract", async ({
  page,
}) => {
  expect(DECLARATIONS.length).toBeGreaterThan(40);
  await signIn(page, ACCOUNTS.manager, { locale: "zh" });
  await page.goto("/order/");
  await hydrated(page);
  // The operation forms came after the first paint; a dialog's form is drawn
  // (and its schema made) when it opens, and checks as the action does.
  await page.locator("tbody tr[data-row-key]").first().getByRole("checkbox").first().check();
  await page.getByTestId("op-detain").click();
  const dialog = page.getByTestId("operation-dialog");
  await dialog.getByRole("button", { name: zhCommon.confirm }).click();
  await expect(dialog.getByText(zhLogistics.order.reasonRequired)).toBeVisible();
  expect(await scriptsOf(page)).toContainEqual(expect.stringMatching(/operation-form/));
  expect(await carryingTheContract(page)).toEqual([]);

  await page.goto("/audit/");
  await hydrated(page);
  expect(await carryingTheContract(page)).toEqual([]);
});

test("the login page and the stock page load none of the API contract", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  expect(await carryingTheContract(page)).toEqual([]);
  await signIn(page, ACCOUNTS.manager, { locale: "zh" });
  await page.goto("/inventory_system/inventory/");
  await hydrated(page);
  expect(await carryingTheContract(page)).toEqual([]);
});
