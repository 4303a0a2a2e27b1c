import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, login, test } from "./fixtures.ts";

/**
 * Accessibility: axe-core with the WCAG 2 A/AA rules on every page of the
 * route table in both languages (logged in with a role that may open it),
 * plus the dialogs and menus that open over a page. No serious or critical
 * violation is allowed.
 */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function expectAccessible(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(" "))
          .join(" | ")}`,
    );
  expect.soft(blocking, `axe on ${state}`).toEqual([]);
}

/** Waits until the page runs its JavaScript, so menus and dialogs can open. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

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

const STAFF_PAGES = [
  "/server",
  "/order",
  "/inventory_system/inventory",
  "/inventory_system/detail",
  "/inventory_system/arrival_report",
  "/qualificat",
  "/setting/center",
  "/setting/account",
  "/sub_account",
  "/explain",
];

for (const lang of ["zh", "en"] as const) {
  const prefix = lang === "en" ? "/en" : "";
  const at = (path: string) => (prefix && path === "/" ? prefix : `${prefix}${path}`);

  test.describe(`accessibility (${lang})`, () => {
    // axe reads every page of a role in one login: several seconds a page.
    test.describe.configure({ timeout: 300_000 });

    test("pages without login", async ({ page }) => {
      for (const path of PUBLIC_PAGES) {
        await visit(page, at(path));
        await expectAccessible(page, at(path));
      }
    });

    test("manager pages, the pallet list and the header menus", async ({ page }) => {
      await login(page, ACCOUNTS.manager, { locale: lang });
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
      await expect(page.getByRole("menu")).toBeVisible();
      await expectAccessible(page, "language menu");
      await page.keyboard.press("Escape");
      await page.getByTestId("user-menu").click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectAccessible(page, "user menu");
    });

    test("order list with its column menu, operation dialog and import dialog", async ({
      page,
    }) => {
      await login(page, ACCOUNTS.manager, { locale: lang });
      await visit(page, at("/order"));

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
      await login(page, ACCOUNTS.admin, { locale: lang });
      await visit(page, at("/qualificat"));
      await expectAccessible(page, "qualification review (admin)");

      const guestContext = await newContext({ locale: "zh-CN" });
      const guest = await guestContext.newPage();
      await login(guest, ACCOUNTS.guest, { locale: lang });
      await visit(guest, at("/qualificat"));
      await expectAccessible(guest, "qualification (guest)");
      const forbidden = await guest.goto(at("/order"));
      expect(forbidden?.status()).toBe(403);
      await expectAccessible(guest, "403 page of a forbidden page");
      await expect(guest).toHaveTitle(/\S/);
    });
  });
}
