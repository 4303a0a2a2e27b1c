import type { Page } from "@playwright/test";
import enL from "../../app/locales/en/logistics.ts";
import enViews from "../../app/locales/en/views.ts";
import zhL from "../../app/locales/zh/logistics.ts";
import zhViews from "../../app/locales/zh/views.ts";
import { expectAccessible } from "./axe.ts";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

/**
 * Saved views of the order list: kept per account on the server, so they
 * (and the columns chosen) follow the account into another browser; the
 * default view opens on the bare list; rename and delete; the same without
 * JavaScript; nobody else sees them; the control passes axe when open.
 * The server's answers in the other language are route tests
 * (tests/routes/saved-views.test.ts, saved-views-english.test.ts).
 */
const TEXT = {
  zh: { l: zhL, v: zhViews, prefix: "", locale: "zh-CN" },
  en: { l: enL, v: enViews, prefix: "/en", locale: "en-US" },
} as const;

const headersOf = (page: Page) => page.getByTestId("orders").locator("thead th");
const fill = (text: string, name: string) => text.replace("{{name}}", name);

/**
 * Opens the control's disclosure: with JavaScript its summary; without, the
 * link that stands for it closed, to the list's address that draws it open.
 */
async function openManage(page: Page) {
  const link = page.getByTestId("saved-views-manage-link");
  if (await link.isVisible()) await link.click();
  else await page.getByTestId("saved-views-manage").locator("summary").click();
  await expect(page.getByTestId("saved-views-manage")).toHaveAttribute("open", "");
}

/** Saves the page's filters as a view, through the control's disclosure. */
async function saveView(page: Page, v: typeof zhViews, name: string, isDefault = false) {
  const manage = page.getByTestId("saved-views-manage");
  await openManage(page);
  await manage.getByLabel(v.saveAs).fill(name);
  if (isDefault) await manage.getByLabel(v.makeDefault).check();
  await manage.getByTestId("save-view").click();
  await expect(page.getByTestId("saved-views-notice")).toContainText(fill(v.saved, name));
}

/** The control open, its forms and then its menu, through axe. */
async function expectControlAccessible(page: Page, lang: "zh" | "en") {
  const manage = page.getByTestId("saved-views-manage");
  await manage.locator("summary").click();
  await expect(manage.getByTestId("saved-view-row")).toBeVisible();
  await expectAccessible(page, `the views' forms (${lang})`);
  await manage.locator("summary").click();
  await page.getByTestId("saved-views-menu").click();
  await expect(page.getByTestId("saved-views-items")).toBeVisible();
  await expectAccessible(page, `the views' menu (${lang})`);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("saved-views-items")).toBeHidden();
}

{
  // In Chinese; the English answers (the /en addresses of the default view and of
  // "no view", the columns in the other browser, the notice) are in
  // tests/routes/saved-views-english.test.ts.
  const lang = "zh";
  const { l, v, prefix, locale } = TEXT[lang];

  test(`a view with filters and columns follows the account to another browser, and its control passes axe (${lang})`, async ({
    page,
    newContext,
  }) => {
    // Two browsers, each signing in: slow on a busy machine.
    test.slow();
    await signIn(page, ACCOUNTS.manager, { locale: lang });
    await page.goto(`${prefix}/order/?cbaStatus=4`);
    await hydrated(page);
    await expect(headersOf(page).filter({ hasText: l.order.consignee })).toHaveCount(1);
    // Hide the consignee: kept by the server at once.
    await page.getByTestId("column-menu").click();
    const saved = page.waitForResponse((r) => r.url().includes("/table-columns") && r.ok());
    await page
      .getByTestId("column-menu-panel")
      .getByLabel(l.order.consignee, { exact: true })
      .uncheck();
    await saved;
    await expect(headersOf(page).filter({ hasText: l.order.consignee })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await saveView(page, v, "Detained", true);
    await expect(page).toHaveURL(new RegExp(`${prefix}/order/\\?cbaStatus=4&done=`));
    await expect(page.getByTestId("saved-views-menu")).toContainText("Detained");
    await expectControlAccessible(page, lang);

    // Another browser, the same account: the bare list opens the default view, its columns too.
    const other = await (await newContext({ locale })).newPage();
    await signIn(other, ACCOUNTS.manager, { locale: lang });
    await other.goto(`${prefix}/order/`);
    await expect(other).toHaveURL(new RegExp(`${prefix}/order/\\?cbaStatus=4$`));
    await expect(other.getByTestId("saved-views-menu")).toContainText("Detained");
    await expect(headersOf(other).filter({ hasText: l.order.orderNo })).toHaveCount(1);
    await expect(headersOf(other).filter({ hasText: l.order.consignee })).toHaveCount(0);
    // An explicit query is not replaced by the default view.
    await other.goto(`${prefix}/order/?current=1`);
    await expect(other).toHaveURL(new RegExp(`${prefix}/order/\\?view=none$`));
    await hydrated(other);
    await expect(other.getByTestId("saved-views-menu")).toContainText(v.none);
    // The menu applies the view: a link to the list at its query.
    await other.getByTestId("saved-views-menu").click();
    await other.getByRole("menuitem", { name: "Detained" }).click();
    await expect(other).toHaveURL(new RegExp(`${prefix}/order/\\?cbaStatus=4$`));
  });
}

test("a view is renamed and deleted, and no other account sees it", async ({
  page,
  newContext,
}) => {
  // Three browsers, each signing in: slow on a busy machine.
  test.slow();
  const { v } = TEXT.en;
  await signIn(page, ACCOUNTS.manager, { locale: "en" });
  await page.goto("/en/order/?cbaStatus=2&sortField=acturalPaid&sortOrder=desc");
  await hydrated(page);
  await saveView(page, v, "Big detained");
  const manage = page.getByTestId("saved-views-manage");
  await manage.locator("summary").click();
  const row = manage.getByTestId("saved-view-row");
  await row.getByLabel(fill(v.newName, "Big detained")).fill("Largest detained");
  await row.getByRole("button", { name: v.rename }).click();
  await expect(page.getByTestId("saved-views-notice")).toContainText(
    fill(v.renamed, "Largest detained"),
  );
  await expect(page.getByTestId("saved-views-menu")).toContainText("Largest detained");

  // The company's sub-account and the platform have views of their own only.
  for (const account of ["ops@demo.test", ACCOUNTS.admin]) {
    const other = await (await newContext({ locale: "en-US" })).newPage();
    await signIn(other, account, { locale: "en" });
    await other.goto("/en/order/?cbaStatus=2&sortField=acturalPaid&sortOrder=desc");
    await expect(other.getByTestId("saved-views-manage")).toContainText(v.manage);
    await other.getByTestId("saved-views-manage").locator("summary").click();
    await expect(other.getByTestId("saved-views-manage")).toContainText(v.empty);
  }

  await manage.locator("summary").click();
  await manage
    .getByTestId("saved-view-row")
    .getByRole("button", { name: `${v.remove} Largest detained` })
    .click();
  await expect(page.getByTestId("saved-views-notice")).toContainText(
    fill(v.removed, "Largest detained"),
  );
  await manage.locator("summary").click();
  await expect(manage).toContainText(v.empty);
});

test("without JavaScript views are saved, applied, made default and deleted", async ({
  newContext,
}) => {
  test.slow();
  const { l, v } = TEXT.zh;
  const context = await newContext({ javaScriptEnabled: false, locale: "zh-CN" });
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.manager);
  await page.goto("/order/?cbaStatus=4");
  // Columns by the menu's form post, on the list's address with the form in place.
  await page.getByTestId("column-menu-link").click();
  const columns = page.getByTestId("column-form");
  await columns.getByLabel(l.order.consignee, { exact: true }).uncheck();
  await columns.getByRole("button").click();
  await expect(headersOf(page).filter({ hasText: l.order.consignee })).toHaveCount(0);
  // Closed, the control's forms are not drawn: a link opens them.
  await expect(page.getByTestId("saved-views-manage")).toHaveCount(0);
  await expect(page.locator("#orders-view-name")).toHaveCount(0);
  await saveView(page, v, "已扣留");
  // The answer is the list with the disclosure closed.
  await expect(page).not.toHaveURL(/manage=views/);
  // A reload of the answer shows the same page; the view was saved once.
  await page.reload();
  const manage = page.getByTestId("saved-views-manage");
  await openManage(page);
  await expect(manage.getByTestId("saved-view-row")).toHaveCount(1);
  await expect(manage.locator("summary")).toContainText(fill(v.menu, "已扣留"));

  // Elsewhere in the list, the view is a plain link.
  await page.goto("/order/?cbaStatus=1");
  await expect(headersOf(page).filter({ hasText: l.order.consignee })).toHaveCount(0);
  await openManage(page);
  await manage.getByTestId("saved-view-links").getByRole("link", { name: "已扣留" }).click();
  await expect(page).toHaveURL(/\/order\/\?cbaStatus=4$/);

  await openManage(page);
  await manage
    .getByTestId("saved-view-row")
    .getByRole("button", { name: `${v.setDefault} 已扣留` })
    .click();
  await expect(page.getByTestId("saved-views-notice")).toContainText(fill(v.defaultSet, "已扣留"));
  await page.goto("/order/");
  await expect(page).toHaveURL(/\/order\/\?cbaStatus=4$/);

  await openManage(page);
  await manage
    .getByTestId("saved-view-row")
    .getByRole("button", { name: `${v.remove} 已扣留` })
    .click();
  await expect(page.getByTestId("saved-views-notice")).toContainText(fill(v.removed, "已扣留"));
  await page.goto("/order/");
  await expect(page).toHaveURL(/\/order\/$/);
});

// In Chinese, in the journey of a view that follows the account.
test("the views control passes axe when open (en)", async ({ page }) => {
  test.slow();
  const { v, prefix } = TEXT.en;
  await signIn(page, ACCOUNTS.manager, { locale: "en" });
  await page.goto(`${prefix}/order/?cbaStatus=4`);
  await hydrated(page);
  await saveView(page, v, "Detained");
  await expectControlAccessible(page, "en");
});
