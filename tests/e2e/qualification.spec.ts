import type { Page } from "@playwright/test";
import { USCC_CHARSET, usccCheckCharacter } from "../../app/contract/uscc.ts";
import { ACCOUNTS, expect, hydrated, login, registerByApi, signIn, test } from "./fixtures.ts";

/** A fresh unified social credit code with a correct check character (GB 32100-2015). */
function creditCode(): string {
  const random = Array.from({ length: 9 }, () => USCC_CHARSET[Math.floor(Math.random() * 31)]).join(
    "",
  );
  const first17 = `91330106${random}`;
  return first17 + usccCheckCharacter(first17);
}
const CREDIT_CODE = creditCode();
const WRONG_CHECK = CREDIT_CODE.slice(0, 17) + (CREDIT_CODE.endsWith("0") ? "1" : "0");
const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function fillProfile(page: Page, companyName: string) {
  const form = page.getByTestId("qualification-form");
  await form.getByLabel("企业名称（中文）").fill(companyName);
  await form.getByLabel("企业名称（英文）").fill("E2E Trading Co., Ltd.");
  await form.getByLabel("统一社会信用代码").fill(CREDIT_CODE);
  await form.getByLabel("海关注册编码").fill("3301960ABC");
  await form.getByLabel("法定代表人").fill("王建国");
  await form.getByLabel("注册地址").fill("浙江省杭州市滨江区网商路 699 号");
  await form.getByLabel("经营范围").fill("跨境电商零售进口；母婴用品、化妆品销售");
  await form.getByLabel("联系人").fill("陈晓");
  await form.getByLabel("联系电话").fill("13800138000");
  await form.getByLabel("联系邮箱").fill("chenxiao@e2e.test");
  for (const input of await form.locator('input[type="file"]').all()) {
    await input.setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: PNG_1PX });
  }
}

test("a new company submits its qualification, is rejected, resubmits and is approved", async ({
  newContext,
}) => {
  const applicantContext = await newContext({ locale: "zh-CN" });
  const applicant = await applicantContext.newPage();
  const email = await registerByApi(applicant.request, "qualification");
  const companyName = `杭州测试跨境贸易有限公司${Date.now() % 100000}`;

  await login(applicant, email);
  await expect(applicant).toHaveURL(/\/qualificat$/);
  await expect(applicant.getByTestId("qualification-state")).toContainText("未提交");

  // A file that is no image, whatever its name, is said at once when chosen.
  await hydrated(applicant);
  const licence = applicant.getByTestId("qualification-form").locator('input[type="file"]').first();
  await licence.setInputFiles({
    name: "licence.png",
    mimeType: "image/png",
    buffer: Buffer.from("not an image"),
  });
  await expect(applicant.getByText("只能上传 png、jpeg、gif 格式的图片").first()).toBeVisible();

  // Bad input: a wrong check character is refused with a translated message and nothing is saved.
  await fillProfile(applicant, companyName);
  await expect(applicant.getByText("只能上传 png、jpeg、gif 格式的图片")).toHaveCount(0);
  await applicant
    .getByTestId("qualification-form")
    .getByLabel("统一社会信用代码")
    .fill(WRONG_CHECK);
  await applicant.getByRole("button", { name: "提交审核" }).click();
  await expect(applicant.getByText("统一社会信用代码校验位不正确，请核对")).toBeVisible();
  await applicant
    .getByTestId("qualification-form")
    .getByLabel("统一社会信用代码")
    .fill(CREDIT_CODE);
  await applicant.getByRole("button", { name: "提交审核" }).click();
  await expect(applicant.getByText("资质信息已提交，请等待审核")).toBeVisible();
  await expect(applicant.getByTestId("qualification-state")).toContainText("待审核");
  await expect(applicant.getByTestId("qualification-view")).toContainText(CREDIT_CODE);

  // The administrator starts the review and rejects it; a blank reason is refused.
  const adminContext = await newContext({ locale: "zh-CN" });
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto("/qualificat");
  const queue = admin.getByTestId("review-queue");
  const row = queue.locator("tr", { hasText: companyName });
  await row.getByRole("button", { name: "开始审核" }).click();
  await expect(row.getByText("审核中")).toBeVisible();
  await row.locator("summary", { hasText: "驳回" }).click();
  await row.getByLabel("请输入驳回原因").fill("   ");
  await row
    .getByLabel("请输入驳回原因")
    .locator("xpath=..")
    .getByRole("button", { name: "确定" })
    .click();
  await expect(admin.getByText("驳回原因不能为空")).toBeVisible();
  const rowAgain = admin.getByTestId("review-queue").locator("tr", { hasText: companyName });
  // The rejection stays open after the refusal, with the text kept to correct.
  await rowAgain.getByLabel("请输入驳回原因").fill("营业执照图片不清晰");
  await rowAgain
    .getByLabel("请输入驳回原因")
    .locator("xpath=..")
    .getByRole("button", { name: "确定" })
    .click();
  // "操作成功" is also the notice of the start of the review: the row leaving the
  // waiting queue is what says the rejection is saved.
  await expect(rowAgain).toHaveCount(0);
  await expect(admin.getByText("操作成功")).toBeVisible();

  // The applicant sees the reason, a notification, and resubmits.
  await applicant.reload();
  await expect(applicant.getByTestId("qualification-state")).toContainText("已驳回");
  await expect(applicant.getByTestId("reject-reason")).toHaveText("营业执照图片不清晰");
  await expect(applicant.getByTestId("notification-badge")).toBeVisible();
  await applicant
    .getByTestId("qualification-form")
    .getByLabel("经营范围")
    .fill("跨境电商零售进口；保健食品销售");
  await applicant.getByRole("button", { name: "重新提交" }).click();
  await expect(applicant.getByTestId("qualification-state")).toContainText("待审核");

  // Approval grants CBA_MANAGER: the service list opens to the applicant.
  await admin.goto("/qualificat");
  const pending = admin.getByTestId("review-queue").locator("tr", { hasText: companyName });
  // No result before the review has started.
  await expect(pending.locator("summary", { hasText: "通过" })).toHaveCount(0);
  await pending.getByRole("button", { name: "开始审核" }).click();
  await expect(pending.getByText("审核中")).toBeVisible();
  await pending.locator("summary", { hasText: "通过" }).click();
  await pending.getByRole("button", { name: "确定" }).click();
  await expect(pending).toHaveCount(0);
  await expect(admin.getByText("操作成功")).toBeVisible();

  await applicant.goto("/server");
  await expect(
    applicant.getByTestId("side-menu").getByRole("link", { name: "服务管理" }),
  ).toBeVisible();
  await applicant.goto("/qualificat");
  await expect(applicant.getByTestId("qualification-state")).toContainText("已通过");
  // The result is mailed to the account: the browser that registered it reads it.
  await applicant.goto(`/demo/mailbox/?to=${encodeURIComponent(email)}`);
  await expect(applicant.getByTestId("mail").filter({ hasText: "资质审核通过" })).toHaveCount(1);

  await applicantContext.close();
  await adminContext.close();
});

// Only administrators see the review queue, and the server refuses anyone
// else's review: tests/routes/qualification.test.ts.

test("the qualification page speaks English under /en", async ({ page, newContext }) => {
  await signIn(page, ACCOUNTS.admin, { locale: "en" });
  await page.goto("/en/qualificat");
  await expect(page.getByRole("heading", { name: "Qualification review" })).toBeVisible();
  await expect(page.getByTestId("qualification-form")).toHaveCount(0);

  const guestContext = await newContext({ locale: "en-US" });
  const guest = await guestContext.newPage();
  await login(guest, ACCOUNTS.guest, { locale: "en" });
  await expect(guest).toHaveURL(/\/en\/qualificat$/);
  await expect(guest.getByRole("heading", { name: "Qualification", exact: true })).toBeVisible();
  await expect(guest.getByTestId("qualification-state")).toContainText("Not submitted");
  await guestContext.close();
});
