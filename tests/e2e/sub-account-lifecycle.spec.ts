import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import {
  ACCOUNTS,
  createSubAccount,
  expect,
  hydrated,
  login,
  PASSWORD,
  setPasswordByRecovery,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures.ts";

/**
 * A sub-account's life after its creation: its role changed, its invitation
 * mailed again, its deletion asked and carried out (which signs it out), with
 * JavaScript (dialogs) and without (the question as a page of its own).
 */

const rowOf = (page: Page, email: string) =>
  page.getByTestId("sub-accounts").locator("tbody tr", { hasText: email });

test.describe("sub-account lifecycle", () => {
  test("with JavaScript (Chinese): change the role, resend to who never signed in, delete after the dialog, which signs the sub-account out", async ({
    page,
    newContext,
    newRequest,
  }) => {
    // Several pages, sign-ins and a dialog on a shared machine: a longer budget.
    test.setTimeout(120_000);
    // A staff sub-account with a password, signed in in a browser of its own.
    const owner = await newRequest();
    const email = await createSubAccount(owner, "CBA_MANAGER");
    await setPasswordByRecovery(owner, email, PASSWORD);
    const subContext = await newContext({ locale: "zh-CN" });
    const subPage = await subContext.newPage();
    await login(subPage, email);

    await signIn(page, ACCOUNTS.manager);
    await page.goto("/sub_account");
    await hydrated(page);
    const row = rowOf(page, email);

    await row.getByTestId("sub-account-role").selectOption("GUEST");
    await row.getByTestId("change-sub-account-role").click();
    await expect(page.getByTestId("sub-account-notice")).toContainText(
      `${email} 的角色已改为“访客”`,
    );
    await expect(row.getByTestId("sub-account-role")).toHaveValue("GUEST");
    // It signed in: no invitation to mail again.
    await expect(row.getByTestId("resend-invitation")).toHaveCount(0);

    // The disabled intern never signed in: enabled, it may be invited again, once a minute.
    const intern = rowOf(page, "intern@demo.test");
    await expect(intern.getByTestId("resend-invitation")).toHaveCount(0);
    await intern.getByTestId("toggle-sub-account").click();
    await expect(intern.getByTestId("sub-account-status")).toHaveText("启用");
    await intern.getByTestId("resend-invitation").click();
    await expect(page.getByTestId("sub-account-notice")).toContainText(
      "邀请邮件已重新发送至 intern@demo.test",
    );
    await intern.getByTestId("resend-invitation").click();
    await expect(page.getByTestId("sub-account-notice")).toContainText(
      /发送过于频繁，请 \d+ 秒后再试/,
    );

    // Deleting asks in a dialog; cancelling changes nothing.
    await row.getByTestId("delete-sub-account").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`确定删除子账号 ${email} 吗？`);
    await expect(page).not.toHaveURL(/delete=/);
    await expectAccessible(page, "the deletion dialog (zh)", { soft: true });
    await page.screenshot({ path: test.info().outputPath("delete-dialog-zh.png") });
    await dialog.getByRole("button", { name: "取消" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(1);
    // The question as the page without JavaScript draws it (axe needs the page's JavaScript).
    await row.getByTestId("delete-sub-account").evaluate((link) => {
      window.location.assign((link as HTMLAnchorElement).href);
    });
    await expect(page.getByTestId("delete-panel")).toContainText(email);
    await hydrated(page);
    await expectAccessible(page, "the deletion page (zh)", { soft: true });
    await page.getByTestId("delete-panel").getByRole("link", { name: "取消" }).click();
    await expect(page.getByTestId("delete-panel")).toHaveCount(0);

    await row.getByTestId("delete-sub-account").click();
    await page.getByRole("dialog").getByRole("button", { name: "确认删除" }).click();
    await expect(page.getByTestId("sub-account-notice")).toContainText(
      `子账号 ${email} 已删除，其登录已全部下线`,
    );
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(rowOf(page, email)).toHaveCount(0);

    // The deleted sub-account's session has ended, and it is told why.
    await subPage.reload();
    await expect(subPage.locator('input[name="username"]')).toBeVisible();
    await expect(subPage.getByText("该账号已被公司主账号删除")).toBeVisible();
  });

  test("without JavaScript (English): the role changed, the invitation's wait, the deletion asked on a page of its own", async ({
    newContext,
  }) => {
    // Several pages, sign-ins and a dialog on a shared machine: a longer budget.
    test.setTimeout(120_000);
    const context = await newContext({ javaScriptEnabled: false, locale: "en-US" });
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.manager, { locale: "en" });
    await page.goto("/en/sub_account");

    const email = uniqueEmail("nojs");
    await page.locator('#create-sub-account input[name="email"]').fill(email);
    await page.locator('#create-sub-account select[name="role"]').selectOption("CBA_MANAGER");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByTestId("sub-account-notice")).toContainText(email);
    const row = rowOf(page, email);

    await row.getByTestId("sub-account-role").selectOption("GUEST");
    await row.getByTestId("change-sub-account-role").click();
    await expect(page.getByTestId("sub-account-notice")).toContainText(
      `The role of sub-account ${email} is now “Guest”`,
    );
    await expect(row.getByTestId("sub-account-role")).toHaveValue("GUEST");

    // Its invitation went out a moment ago.
    await row.getByTestId("resend-invitation").click();
    await expect(page.getByTestId("sub-account-notice")).toContainText(
      /Sent too often, please try again in \d+ s/,
    );

    await row.getByTestId("delete-sub-account").click();
    await expect(page).toHaveURL(/\/en\/sub_account\/?\?delete=/);
    const panel = page.getByTestId("delete-panel");
    await expect(panel).toContainText(`Delete the sub-account ${email}?`);
    await page.screenshot({ path: test.info().outputPath("delete-page-en.png"), fullPage: true });
    await panel.getByRole("link", { name: "Cancel" }).click();
    await expect(page).not.toHaveURL(/delete=/);
    await expect(page.getByTestId("delete-panel")).toHaveCount(0);
    await expect(row).toHaveCount(1);

    await row.getByTestId("delete-sub-account").click();
    await page.getByTestId("delete-panel").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("sub-account-notice")).toContainText(
      `Sub-account ${email} was deleted and signed out everywhere`,
    );
    await expect(page).not.toHaveURL(/delete=/);
    await expect(rowOf(page, email)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath("after-delete-en.png"), fullPage: true });
  });
});
