import enAuth from "../../app/locales/en/auth.ts";
import enCommon from "../../app/locales/en/common.ts";
import { ACCOUNTS, expect, hydrated, signIn, submitLogin, test } from "./fixtures.ts";

/**
 * What is typed into an operation's dialog (a remark, a reason for
 * detention) is kept as a draft in the tab (with JavaScript): a dialog
 * closed, or a session that ended before the post, loses nothing; the draft
 * goes once the operation is applied.
 */
test("a remark typed before the session ended is there again after signing in, and gone once applied (en)", async ({
  page,
}) => {
  // Several pages, sign-ins and a dialog on a shared machine: a longer budget.
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.manager, { locale: "en" });
  await page.goto("/en/order/?cbaStatus=1&pageSize=20");
  const orderNo = await page
    .getByTestId("orders")
    .locator("tbody tr[data-row-key]")
    .nth(4)
    .getAttribute("data-row-key");
  const list = `/en/order/?orderNo=${orderNo}&sel=${orderNo}`;
  await page.goto(list);
  await hydrated(page);

  const dialog = page.getByTestId("operation-dialog");
  const remark = dialog.locator('textarea[name="reasonForDetention"]');
  await page.getByTestId("op-remarks").click();
  await remark.fill("Call the consignee before delivery");
  // Closed by mistake: opened again, the text is still there.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByTestId("op-detain").click();
  await expect(remark).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByTestId("op-remarks").click();
  await expect(remark).toHaveValue("Call the consignee before delivery");

  // The session ends (signed out in another tab) while the dialog is open.
  await page.context().clearCookies({ name: "__session" });
  await page.context().clearCookies({ name: "__Host-session" });
  await dialog.getByRole("button", { name: enCommon.confirm }).click();
  await expect(page.getByText(enAuth.signInToContinue)).toBeVisible();
  await submitLogin(page, ACCOUNTS.manager);
  await expect(page).toHaveURL(/\/en\/order/);
  await page.goto(list);
  await hydrated(page);
  await page.getByTestId("op-remarks").click();
  await expect(remark).toHaveValue("Call the consignee before delivery");
  await dialog.getByRole("button", { name: enCommon.confirm }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("operation-result")).toContainText(enCommon.operationSuccessful);
  await expect(page.locator(`tr[data-row-key="${orderNo}"]`)).toContainText(
    "Call the consignee before delivery",
  );

  // Applied: the next remark starts empty.
  await page.getByTestId("op-remarks").click();
  await expect(remark).toHaveValue("");
});
