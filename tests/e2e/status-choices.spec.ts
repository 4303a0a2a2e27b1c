import type { Page } from "@playwright/test";
import enCommon from "../../app/locales/en/common.ts";
import enL from "../../app/locales/en/logistics.ts";
import zhCommon from "../../app/locales/zh/common.ts";
import zhL from "../../app/locales/zh/logistics.ts";
import { expectAccessible } from "./axe.ts";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

/**
 * "Change status" offers only the statuses every chosen order may move to,
 * and says why each other one is not offered: in its dialog with
 * JavaScript, on the confirmation page without.
 */

async function orderIn(page: Page, prefix: string, status: number, position: number) {
  await page.goto(`${prefix}/order/?cbaStatus=${status}&pageSize=50`);
  const keys = await page
    .getByTestId("orders")
    .locator("tbody tr[data-row-key]")
    .evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-row-key") ?? ""));
  const orderNo = keys[Math.min(position, keys.length - 1)];
  if (!orderNo) throw new Error(`no order in status ${status}`);
  return orderNo;
}

const options = (page: Page, scope: string) =>
  page
    .locator(`[data-testid=${scope}] select[name="cbaStatus"] option`)
    .evaluateAll((found) => found.map((option) => (option as HTMLOptionElement).value));

test("with JavaScript (Chinese): orders that share no move get none offered, each status says why; one order gets its own", async ({
  page,
}) => {
  // Several pages, sign-ins and a dialog on a shared machine: a longer budget.
  test.setTimeout(120_000);
  const { l, common } = { l: zhL, common: zhCommon };
  await signIn(page, ACCOUNTS.manager);
  const initial = await orderIn(page, "", 1, 3);
  const stocked = await orderIn(page, "", 4, 3);

  await page.goto(`/order/?sel=${initial},${stocked}`);
  await hydrated(page);
  await page.getByTestId("op-status").click();
  const dialog = page.getByTestId("operation-dialog");
  const why = dialog.getByTestId("status-not-offered");
  await expect(why).toContainText(l.order.moves.none);
  await expect(why).toContainText(
    `“${l.orderStatus["3"]}”：1 个订单为“${l.orderStatus["1"]}”，只能改为“${l.orderStatus["4"]}”`,
  );
  await expect(why.locator("li")).toHaveCount(3);
  expect(await options(page, "operation-dialog")).toEqual([""]);
  await expect(dialog.getByRole("button", { name: common.confirm })).toBeDisabled();
  await expectAccessible(page, "change-status question, no move offered (zh)");
  await page.screenshot({ path: test.info().outputPath("status-none-zh.png") });
  await page.keyboard.press("Escape");

  await page.goto(`/order/?sel=${initial}`);
  await hydrated(page);
  await page.getByTestId("op-status").click();
  await expect(dialog.getByTestId("status-not-offered")).toContainText(l.orderStatus["3"]);
  expect(await options(page, "operation-dialog")).toEqual(["", "4"]);
  await dialog.locator('select[name="cbaStatus"]').selectOption("4");
  await dialog.getByRole("button", { name: common.confirm }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("operation-result")).toContainText(common.operationSuccessful);
});

test("without JavaScript (English): the confirmation page offers a stocked-in order only stock out, and says why not the others", async ({
  newContext,
}) => {
  // Several pages, sign-ins and a dialog on a shared machine: a longer budget.
  test.setTimeout(120_000);
  const { l, common } = { l: enL, common: enCommon };
  const context = await newContext({ javaScriptEnabled: false, locale: "en-US" });
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.manager, { locale: "en" });
  const stocked = await orderIn(page, "/en", 4, 5);

  await page.goto(`/en/order/?sel=${stocked}`);
  await page.getByTestId("op-status").click();
  await expect(page).toHaveURL(/op=status/);
  const panel = page.getByTestId("confirm-panel");
  const why = panel.getByTestId("status-not-offered");
  await expect(why).toContainText(
    `"${l.orderStatus["4"]}": orders that are "${l.orderStatus["4"]}" (1) may only become "${l.orderStatus["3"]}"`,
  );
  await expect(why).toContainText(`"${l.orderStatus["1"]}":`);
  expect(await options(page, "confirm-panel")).toEqual(["", "3"]);
  await page.screenshot({ path: test.info().outputPath("status-page-en.png"), fullPage: true });
  await panel.locator('select[name="cbaStatus"]').selectOption("3");
  await panel.getByRole("button", { name: common.confirm }).click();
  await expect(page.getByTestId("operation-result")).toContainText(common.operationSuccessful);
  await expect(page.locator(`tr[data-row-key="${stocked}"]`)).toContainText(l.orderStatus["3"]);
});

test("axe in English: the change-status question and the sub-account deletion question, as their pages draw them", async ({
  page,
}) => {
  // Several pages, sign-ins and a dialog on a shared machine: a longer budget.
  test.setTimeout(120_000);
  const accessible = async (state: string) => {
    await hydrated(page);
    await expectAccessible(page, state, { soft: true });
  };
  await signIn(page, ACCOUNTS.manager, { locale: "en" });
  const initial = await orderIn(page, "/en", 1, 2);
  const stocked = await orderIn(page, "/en", 4, 2);
  await page.goto(`/en/order/?sel=${initial},${stocked}&op=status`);
  await expect(page.getByTestId("status-not-offered")).toBeVisible();
  await accessible("change-status question (en)");

  await page.goto("/en/sub_account");
  const intern = await page
    .getByTestId("sub-accounts")
    .locator("tbody tr", { hasText: "intern@demo.test" })
    .getByTestId("delete-sub-account")
    .getAttribute("href");
  await page.goto(intern ?? "");
  await expect(page.getByTestId("delete-panel")).toBeVisible();
  await accessible("sub-account deletion question (en)");
});
