import type { Page } from "@playwright/test";
import { E2E_CAPTCHA_CODE } from "../../playwright.config.ts";
import { expectAccessible as expectAxeClean } from "./axe.ts";
import {
  ACCOUNTS,
  codeFromOutbox,
  expect,
  expectTranslated,
  hydrated,
  registerByApi,
  STAFF_PAGES,
  signIn,
  test,
} from "./fixtures.ts";

/**
 * Accessibility: axe-core with the WCAG 2 A/AA rules on every page of the
 * route table in both languages (logged in with a role that may open it),
 * plus the dialogs and menus that open over a page. No serious or critical
 * violation is allowed. The sweep of the pages without login also checks
 * that each is translated (no raw key, no sideways scrolling at 1440 px);
 * the staff pages' translation is checked in layout.spec.ts's sweep.
 */
/** Every state is checked, and every failure reported at the end. */
const expectAccessible = (page: Page, state: string) => expectAxeClean(page, state, { soft: true });

/** Waits until the page runs its JavaScript, so menus and dialogs can open. */

async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

const PUBLIC_PAGES = [
  "/",
  "/forge_password",
  "/register/accountRegistration",
  "/register/components/accountRegistrationStep",
  "/register/residence_process",
  "/register/privacyPolicy",
  "/error/404",
  "/error/500",
  "/error/403",
  "/no-such-page",
];

for (const lang of ["zh", "en"] as const) {
  const prefix = lang === "en" ? "/en" : "";
  const at = (path: string) => (prefix && path === "/" ? prefix : `${prefix}${path}`);

  test.describe(`accessibility (${lang})`, () => {
    // axe reads every page of a role in one login: several seconds a page.
    test.describe.configure({ timeout: 300_000 });

    test("pages without login, translated", async ({ page }) => {
      for (const path of PUBLIC_PAGES) {
        await visit(page, at(path));
        await expectAccessible(page, at(path));
        await expectTranslated(page, at(path));
      }
    });

    test("manager pages, the pallet list and the header menus", async ({ page }) => {
      await signIn(page, ACCOUNTS.manager, { locale: lang });
      for (const path of STAFF_PAGES) {
        await visit(page, at(path));
        await expectAccessible(page, at(path));
      }
      // The pallets of the first service.
      await visit(page, at("/server"));
      await page.getByTestId("services").locator("tbody a").first().click();
      await expect(page).toHaveURL(/\/server\/salver\/\?serviceNo=/);
      await hydrated(page);
      await expectAccessible(page, "pallet list");

      // The notification panel, the language menu and the user menu.
      await page.getByTestId("notification-bell").click();
      await expect(page.getByTestId("notification-panel")).toBeVisible();
      await expectAccessible(page, "notification panel");
      await page.keyboard.press("Escape");
      await page.getByTestId("language-switcher").click();
      await expect(page.getByTestId("language-choices")).toBeVisible();
      await expectAccessible(page, "language menu");
      await page.keyboard.press("Escape");
      await page.getByTestId("user-menu").click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectAccessible(page, "user menu");
    });

    test("order list in a zoomed window with the side menu's drawer, then with its column menu, operation dialog and import dialog", async ({
      page,
    }) => {
      // A 1280 px screen zoomed to 200 %: the table scrolls in its box, the menu opens over the page.
      await page.setViewportSize({ width: 640, height: 700 });
      await signIn(page, ACCOUNTS.manager, { locale: lang });
      await visit(page, at("/order"));
      await expectAccessible(page, "order list at 640 px");
      await page.getByTestId("menu-toggle").click();
      await expect(page.getByTestId("side-menu")).toBeVisible();
      await expectAccessible(page, "side menu's drawer");
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("side-menu")).toBeHidden();

      // The same list in the project's window, its menu beside it.
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(page.getByTestId("side-menu")).toBeVisible();

      await page.getByTestId("column-menu").click();
      await expect(page.getByTestId("column-menu-panel")).toBeVisible();
      await expectAccessible(page, "column menu");
      await page.keyboard.press("Escape");

      const first = page.getByTestId("orders").locator("tbody tr[data-row-key]").first();
      await first.locator('input[name="orderNoList"]').check();
      await page.getByTestId("op-detain").click();
      await expect(page.getByTestId("operation-dialog")).toBeVisible();
      await expectAccessible(page, "operation dialog");
      // Everything behind the modal is out of reach of assistive technology.
      const exposed = await page.evaluate(() =>
        [...document.querySelectorAll("button, a[href], input, select, textarea, summary")]
          .filter((element) => !element.closest("[data-testid=operation-dialog]"))
          .filter((element) => !element.closest("[inert], [aria-hidden=true]"))
          .map((element) => element.outerHTML.slice(0, 80)),
      );
      expect(exposed, "controls reachable behind the operation dialog").toEqual([]);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("operation-dialog")).toBeHidden();

      await page.getByTestId("import").click();
      await expect(page.getByTestId("import-dialog")).toBeVisible();
      await expectAccessible(page, "import dialog");
    });

    test("qualification pages of the administrator and of a guest, and a forbidden page", async ({
      page,
      newContext,
    }) => {
      await signIn(page, ACCOUNTS.admin, { locale: lang });
      await visit(page, at("/qualificat"));
      await expectAccessible(page, "qualification review (admin)");

      const guestContext = await newContext({ locale: "zh-CN" });
      const guest = await guestContext.newPage();
      await signIn(guest, ACCOUNTS.guest, { locale: lang });
      await visit(guest, at("/qualificat"));
      await expectAccessible(guest, "qualification (guest)");
      const forbidden = await guest.goto(at("/order"));
      expect(forbidden?.status()).toBe(403);
      await expectAccessible(guest, "403 page of a forbidden page");
      await expect(guest).toHaveTitle(/\S/);
    });
  });
}

test("forced colours keep the current page, the chosen direction and filled buttons visible", async ({
  page,
}) => {
  // Windows' contrast themes: the system paints backgrounds in its own colours.
  await page.emulateMedia({ forcedColors: "active" });
  await signIn(page, ACCOUNTS.manager);
  const background = (locator: ReturnType<Page["locator"]>) =>
    locator.evaluate((element) => getComputedStyle(element).backgroundColor);

  await visit(page, "/inventory_system/detail");
  const menu = page.getByTestId("side-menu");
  const current = menu.locator('a[aria-current="page"]');
  const other = menu.getByRole("link", { name: "到货报告" });
  expect(await background(current)).not.toBe(await background(other));
  const [chosenTab, otherTab] = [page.getByTestId("tab-4"), page.getByTestId("tab-3")];
  await expect(chosenTab).toHaveAttribute("aria-current", "page");
  expect(await background(chosenTab)).not.toBe(await background(otherTab));
  const pager = page.getByTestId("inventory-detail-paging");
  expect(await background(pager.locator('[aria-current="page"]'))).not.toBe(
    await background(pager),
  );
  // A filled button keeps an outline of its own.
  const search = page.getByRole("button", { name: "查询" });
  expect(await search.evaluate((element) => getComputedStyle(element).borderTopWidth)).toBe("1px");

  await visit(page, "/inventory_system/inventory");
  const stockIn = page.locator("label").filter({ has: page.getByTestId("direction-in") });
  const stockOut = page.locator("label").filter({ has: page.getByTestId("direction-out") });
  const [chosenColour, otherColour] = [await background(stockIn), await background(stockOut)];
  expect(chosenColour).not.toBe(otherColour);
  await stockOut.click();
  await expect.poll(() => background(stockOut)).toBe(chosenColour);
  expect(await background(stockIn)).toBe(otherColour);
});

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`. */
async function tabTo(page: Page, selector: string, backwards = false, limit = 120) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`no Tab stop matches ${selector}`);
}

async function focused(page: Page, selector: string) {
  await expect
    .poll(() => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector))
    .toBe(true);
}

test("keyboard only: log in, open an order list, detain an order with a reason, log out", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await hydrated(page);
  await tabTo(page, 'input[name="username"]');
  await page.keyboard.type(ACCOUNTS.manager);
  await page.keyboard.press("Tab");
  await page.keyboard.type("Demo1234!");
  await tabTo(page, 'input[name="code"]');
  await page.keyboard.type(E2E_CAPTCHA_CODE);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/server$/);
  await expect(page).toHaveTitle("服务管理 · 跨境电商保税物流平台");
  await focused(page, "main h1");

  // On a freshly loaded page the skip link is the first Tab stop and leads past the menu and the header.
  await page.reload();
  await hydrated(page);
  await page.keyboard.press("Tab");
  await focused(page, "[data-testid=skip-link]");
  await expect(page.getByTestId("skip-link")).toBeInViewport();
  await page.keyboard.press("Enter");
  await focused(page, "main#main");

  // Services → pallets → orders: each new page is announced and its heading focused.
  await tabTo(page, 'main a[href*="/server/salver"]');
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/server\/salver\//);
  await expect(page).toHaveTitle("托盘列表 · 跨境电商保税物流平台");
  await focused(page, "main h1");
  await expect(page.getByTestId("route-announcer")).toHaveText(
    "已打开：托盘列表 · 跨境电商保税物流平台",
  );
  await tabTo(page, 'main a[href*="/order/?salverNo="]');
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/order\/\?salverNo=/);
  await expect(page).toHaveTitle("订单管理 · 跨境电商保税物流平台");
  await focused(page, "main h1");

  // All orders ("reset"), then a filter: focus goes to the results, not to the page's body.
  await tabTo(page, 'main a[href="/order"]');
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/order$/);
  // The URL changes before the whole list is drawn: its pallet's way back goes with it.
  await expect(page.getByTestId("pallet-breadcrumb")).toHaveCount(0);
  // The statuses: a disclosure of checkboxes, opened with Enter, a status ticked with Space.
  await tabTo(page, "#filter-cbaStatus summary");
  await page.keyboard.press("Enter");
  await tabTo(page, "[data-testid=status-choice-1]");
  await page.keyboard.press("Space");
  await tabTo(page, 'main button[type="submit"]');
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/cbaStatus=/);
  await focused(page, "[data-results]");

  // Select the first order and detain it with a reason.
  await tabTo(page, 'input[name="orderNoList"]');
  await page.keyboard.press("Space");
  await expect(page.getByTestId("selected-count")).toContainText("1");
  await tabTo(page, "[data-testid=op-detain]", true);
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("operation-dialog");
  await expect(dialog).toBeVisible();
  await tabTo(page, "[data-testid=operation-dialog] textarea");
  await page.keyboard.type("外包装破损，待查验");
  await tabTo(page, '[data-testid=operation-dialog] button[type="submit"]');
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("operation-result")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Log out from the user menu.
  await tabTo(page, "[data-testid=user-menu]", true);
  await page.keyboard.press("Enter");
  // The menu takes focus with its first item active.
  await expect(page.getByTestId("logout")).toHaveAttribute("data-focus", "");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('input[name="username"]')).toBeVisible();
});

for (const lang of ["zh", "en"] as const) {
  test(`who cannot read the image code signs in with a code mailed to the account (${lang})`, async ({
    page,
  }, testInfo) => {
    const text = {
      zh: { offer: "看不清图片？改用邮箱验证码登录", send: "发送验证码", sent: "验证码已发送至" },
      en: {
        offer: "Can't read the image? Sign in with a code sent by e-mail",
        send: "Send the code",
        sent: "A code was sent to",
      },
    }[lang];
    // An account of this browser's own: its mail reaches this browser's demo mailbox.
    const email = await registerByApi(page.request, "login-code");
    // The image code has no text form: asked for one, the portal answers the picture.
    const asText = await page.request.get("/captcha/?purpose=login&as=text");
    expect(asText.headers()["content-type"]).toBe("image/png");

    await page.goto(lang === "en" ? "/en" : "/");
    await hydrated(page);
    const image = page.getByTestId("captcha-login");
    await expect(image).toHaveJSProperty("naturalWidth", 168);
    expect((await image.boundingBox())?.height).toBe(56);
    await page.screenshot({ path: testInfo.outputPath(`sign-in-${lang}.png`) });
    await page.getByRole("link", { name: text.offer }).click();
    await expect(page).toHaveURL(/\?code=email$/);
    const request = page.getByTestId("email-code-request");
    await request.locator('input[name="username"]').fill(email);
    await page.getByRole("button", { name: text.send }).click();
    await expect(page.getByText(`${text.sent} ${email}`).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`sign-in-email-step-${lang}.png`) });
    const step = page.getByTestId("email-code-sign-in");
    await step.locator('input[name="password"]').fill("Demo1234!");
    await step.locator('input[name="emailCode"]').fill(await codeFromOutbox(page.request, email));
    await step.locator('button[type="submit"]').last().click();
    await expect(page.getByTestId("user-name")).toHaveText(email);
  });
}
