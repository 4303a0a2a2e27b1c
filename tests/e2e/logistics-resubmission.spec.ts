/**
 * An operation is applied once, whatever the browser does after it: a
 * reload, Back, a double click or the same form sent twice; the selection
 * after it is what the list shows; long addresses never fail.
 */
import type { Page } from "@playwright/test";
import enCommon from "../../app/locales/en/common.ts";
import enL from "../../app/locales/en/logistics.ts";
import zhCommon from "../../app/locales/zh/common.ts";
import zhL from "../../app/locales/zh/logistics.ts";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

const TEXT = {
  zh: { l: zhL, common: zhCommon, prefix: "" },
  en: { l: enL, common: enCommon, prefix: "/en" },
} as const;

function rows(page: Page) {
  return page.getByTestId("orders").locator("tbody tr[data-row-key]");
}

function row(page: Page, orderNo: string) {
  return page.locator(`tr[data-row-key="${orderNo}"]`);
}

async function keysOf(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-row-key") ?? ""));
}

/** An order of `status`, shown alone in the list. */
async function oneOrder(page: Page, prefix: string, status: number, position: number) {
  await page.goto(`${prefix}/order/?cbaStatus=${status}&pageSize=50`);
  const orderNo = (await keysOf(page))[position];
  expect(orderNo).toBeTruthy();
  await page.goto(`${prefix}/order/?orderNo=${orderNo}`);
  await expect(rows(page)).toHaveCount(1);
  return orderNo!;
}

/** How many events of the order's history carry `text`, as the list shows it afresh. */
async function eventsWith(
  page: Page,
  lang: "zh" | "en",
  orderNo: string,
  text: string,
  script = false,
) {
  const { l, prefix } = TEXT[lang];
  await page.goto(`${prefix}/order/?orderNo=${orderNo}`);
  // A link before the page runs its script, a checkbox after.
  if (script) await hydrated(page);
  await row(page, orderNo)
    .getByLabel(l.order.expandLines.replace("{{orderNo}}", orderNo))
    .click({ force: true });
  const history = page.getByTestId("orders-detail").getByTestId("order-history");
  await expect(history).toBeVisible();
  return history.getByTestId("order-event").filter({ hasText: text }).count();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, locale: "zh-CN" });

  test("a confirmed operation redirects to its result: a reload, Back or the form sent again apply it once", async ({
    page,
  }) => {
    const { l, common } = TEXT.zh;
    await signIn(page, ACCOUNTS.manager);
    const orderNo = await oneOrder(page, "", 4, 11);
    const remark = `复核-${Date.now() % 100000}`;

    await row(page, orderNo).getByRole("checkbox").first().check();
    await page.getByTestId("op-remarks").click();
    // The confirmation is a page of its own.
    await expect(page).toHaveURL(/[?&]op=remarks/);
    const panel = page.getByTestId("confirm-panel");
    await panel.locator('textarea[name="reasonForDetention"]').fill(remark);
    const posted = page.waitForResponse((answer) => answer.request().method() === "POST");
    await panel.getByRole("button", { name: common.confirm }).click();
    expect((await posted).status()).toBe(302);
    await expect(page).toHaveURL(/[?&]done=/);
    await expect(page.getByTestId("operation-result")).toContainText(
      l.order.updated.replace("{{n}}", "1"),
    );
    // The order is still in the list, and still the one chosen.
    await expect(page.getByTestId("selected-count")).toHaveText(
      l.order.selected.replace("{{n}}", "1"),
    );

    // A reload shows the result again without posting.
    const reload = await page.reload();
    expect(reload?.request().method()).toBe("GET");
    await expect(page.getByTestId("operation-result")).toBeVisible();
    // Back shows the confirmation again, as a page: nothing is posted.
    const back = await page.goBack();
    expect(back?.request().method()).toBe("GET");
    await expect(page.getByTestId("confirm-panel")).toBeVisible();

    // The same form sent twice (a double click, a retry): one change.
    const form = page.getByTestId("confirm-panel").locator("form");
    const fields = await form.evaluate((element) =>
      Object.fromEntries(new FormData(element as HTMLFormElement) as unknown as [string, string][]),
    );
    const again = `再次-${Date.now() % 100000}`;
    const action = (await form.getAttribute("action")) ?? "/order/";
    const send = () =>
      page.request.post(action, {
        form: { ...fields, reasonForDetention: again },
        maxRedirects: 0,
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.status()).toBe(302);
    expect(second.status()).toBe(302);
    expect(second.headers().location).toBe(first.headers().location);
    expect((await send()).headers().location).toBe(first.headers().location);

    // The first remark once (the reload and Back posted nothing), the second once.
    expect(await eventsWith(page, "zh", orderNo, again)).toBe(1);
    expect(await eventsWith(page, "zh", orderNo, remark)).toBe(1);
  });

  test("after an operation the selection holds only the orders the list still shows", async ({
    page,
  }) => {
    const { l, common } = TEXT.zh;
    await signIn(page, ACCOUNTS.manager);
    await page.goto("/order/?cbaStatus=1&pageSize=50");
    const [a, b] = await keysOf(page);
    await row(page, a!).getByRole("checkbox").first().check();
    await row(page, b!).getByRole("checkbox").first().check();
    await page.getByTestId("op-detain").click();
    const panel = page.getByTestId("confirm-panel");
    await expect(panel).toContainText(l.order.confirm.detain.replace("{{n}}", "2"));
    await panel.locator('textarea[name="reasonForDetention"]').fill("抽检");
    await panel.getByRole("button", { name: common.confirm }).click();
    await expect(page.getByTestId("operation-result")).toContainText(
      l.order.updated.replace("{{n}}", "2"),
    );
    // Both were detained and left the filter: none is chosen any more.
    await expect(page.getByTestId("selected-count")).toHaveText(
      l.order.selected.replace("{{n}}", "0"),
    );
    await expect(row(page, a!)).toHaveCount(0);
  });

  test("a signed-out visit of a very long address lands on the login page", async ({ page }) => {
    const numbers = Array.from(
      { length: 200 },
      (_, i) => `SO20261031${String(i).padStart(6, "0")}`,
    );
    const answer = await page.goto(`/order/?cbaStatus=1&sel=${numbers.join(",")}`);
    expect(answer?.status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('input[name="username"]')).toBeVisible();
  });
});

test.describe("with JavaScript", () => {
  test.use({ locale: "en-US" });

  test("a double click on a dialog's confirmation applies the operation once", async ({ page }) => {
    const { l, common, prefix } = TEXT.en;
    await signIn(page, ACCOUNTS.manager, { locale: "en" });
    const orderNo = await oneOrder(page, prefix, 4, 13);
    await hydrated(page);
    const remark = `Recheck-${Date.now() % 100000}`;
    await row(page, orderNo).getByRole("checkbox").first().check();
    await page.getByTestId("op-remarks").click();
    const dialog = page.getByTestId("operation-dialog");
    await dialog.locator('textarea[name="reasonForDetention"]').fill(remark);
    await dialog.getByRole("button", { name: common.confirm }).dblclick();
    await expect(page.getByTestId("operation-result")).toContainText(
      l.order.updated.replace("{{n}}", "1"),
    );
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/[?&]done=/);
    expect(await eventsWith(page, "en", orderNo, remark, true)).toBe(1);
  });

  test("a selection of hundreds of orders travels under a short id and is operated on", async ({
    page,
  }) => {
    test.slow();
    const { l, common, prefix } = TEXT.en;
    const selected = (n: number) => l.order.selected.replace("{{n}}", String(n));
    const count = page.getByTestId("selected-count");
    // The server answers a choice of 400 orders in well under a second, but the
    // browser then draws the 400 rows again: seconds on a quiet machine, more
    // than an expectation's 10 s on a loaded one (the page still showed the
    // choice on its way, "0 selected", when the 10 s ran out). The steps after
    // a post wait for what the page shows once it is done, for as long as the
    // test may take, not for a fixed time.
    const whenDrawn = { timeout: 0 };
    await signIn(page, ACCOUNTS.admin, { locale: "en" });
    // 400 orders on one page, then 50 more from another page: 450 in all.
    await page.goto(`${prefix}/order/?pageSize=400`);
    await hydrated(page);
    await page.getByTestId("orders").locator("thead").getByRole("checkbox").click();
    // Kept by the server: the count shows it, no longer busy, and the address has its id.
    await expect(count).toHaveText(selected(400), whenDrawn);
    await expect(count).not.toHaveAttribute("aria-busy", "true");
    await expect(page).toHaveURL(/[?&]sel=\*[\w-]+/);
    const further = new URL(page.url());
    further.searchParams.set("pageSize", "50");
    further.searchParams.set("current", "9");
    await page.goto(further.toString());
    await hydrated(page);
    const before = page.url();
    await page.getByTestId("orders").locator("thead").getByRole("checkbox").click();
    await expect(count).toHaveText(selected(450), whenDrawn);
    // The count is the server's: a reload as soon as it shows finds the selection whole.
    await page.reload();
    await expect(page.getByTestId("selected-count")).toHaveText(selected(450));
    await hydrated(page);
    // The count shows at once; the address takes the new selection's id once the server keeps it.
    await expect
      .poll(() => new URL(page.url()).searchParams.get("sel"))
      .not.toBe(new URL(before).searchParams.get("sel"));
    expect(page.url().length).toBeLessThan(4096);
    // A reload keeps it: the numbers live on the server.
    await page.reload();
    await expect(page.getByTestId("selected-count")).toHaveText(selected(450));
    await hydrated(page);
    await page.getByTestId("op-remarks").click();
    const dialog = page.getByTestId("operation-dialog");
    await expect(dialog.getByTestId("operation-question")).toHaveText(
      l.order.confirm.remarks.replace("{{n}}", "450"),
    );
    await dialog.locator('textarea[name="reasonForDetention"]').fill("Batch check");
    await dialog.getByRole("button", { name: common.confirm }).click();
    await expect(page.getByTestId("operation-result")).toContainText(
      l.order.updated.replace("{{n}}", "450"),
      whenDrawn,
    );
    expect(page.url().length).toBeLessThan(4096);
  });
});
