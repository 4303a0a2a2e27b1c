import { ACCOUNTS, expect, signIn, test } from "./fixtures.ts";

test("usage instructions explain the workflows and status codes in both languages", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.manager);
  await page.goto("/explain");
  await expect(page.getByRole("heading", { name: "使用说明" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "4. 状态说明" })).toBeVisible();
  await expect(page.getByRole("row", { name: /部分订单被扣留/ })).toContainText("4");
  const template = page.getByRole("link", { name: "下载导入模板" });
  const download = await Promise.all([page.waitForEvent("download"), template.click()]).then(
    ([d]) => d,
  );
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  await page.goto("/en/explain");
  await expect(page.getByRole("heading", { name: "Usage instructions" })).toBeVisible();
  await expect(page.getByRole("row", { name: /some orders detained/ })).toContainText("4");
});

// A guest may not read the usage instructions: the access matrix's guest row
// (access-matrix.spec.ts, every page of the site map, in both languages).
