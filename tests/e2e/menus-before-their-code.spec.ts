import type { Page, Route } from "@playwright/test";
import enCommon from "../../app/locales/en/common.ts";
import zhCommon from "../../app/locales/zh/common.ts";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

/*
 * The header's user menu and bell, the saved views and the column menu are
 * links and `<details>` as the server draws them, and Headless UI's menus
 * once the page runs. They switch when Headless UI's code is there, not when
 * React has hydrated: until then the server's markup stays and works, so
 * nothing on the page disappears and comes back around it (a layout shift).
 */

const HEADLESS_CHUNK = /\/assets\/headless-parts-[^/]*\.js$/;

/** What the server draws for each menu, before the page runs. */
const SERVER_MARKUP = [
  "user-menu",
  "notification-bell",
  "saved-views-manage-link",
  "column-menu-link",
] as const;

/** Sums the page's layout shifts from its start (recorded before any script of the page). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { shifted: number };
    record.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[]) {
        record.shifted += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** Where the parts drawn both before and after the switch are. */
async function boxes(page: Page) {
  const tops: Record<string, { x: number; y: number }> = {};
  for (const id of ["user-menu", "notification-bell", "orders-region"]) {
    const box = await page.getByTestId(id).boundingBox();
    if (box) tops[id] = { x: Math.round(box.x), y: Math.round(box.y) };
  }
  return tops;
}

for (const locale of ["zh", "en"] as const) {
  test(`the order list's menus keep their place until their code is there (${locale})`, async ({
    page,
  }) => {
    const prefix = locale === "en" ? "/en" : "";
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.context().route(HEADLESS_CHUNK, async (route: Route) => {
      await held;
      await route.continue();
    });
    await recordShifts(page);
    await signIn(page, ACCOUNTS.admin, { locale });
    await page.goto(`${prefix}/order/`);
    // React has hydrated: the button that keeps a choice without JavaScript is gone.
    await expect(page.getByTestId("keep-selection")).toHaveCount(0);
    // Headless UI's code is still held back: what the server drew is all there.
    for (const id of SERVER_MARKUP) await expect(page.getByTestId(id)).toBeVisible();
    await expect(page.getByTestId("saved-views-menu")).toHaveCount(0);
    const before = await boxes(page);

    release();
    await hydrated(page);
    await expect(page.getByTestId("saved-views-menu")).toBeVisible();
    await expect(page.getByTestId("column-menu")).toBeVisible();
    // The user menu and the bell are now Headless UI's buttons, in the same place.
    await expect(page.getByTestId("user-menu")).toHaveJSProperty("tagName", "BUTTON");
    await expect(page.getByTestId("notification-bell")).toHaveJSProperty("tagName", "BUTTON");
    const after = await boxes(page);
    expect(after["user-menu"]).toEqual(before["user-menu"]);
    expect(after["notification-bell"]).toEqual(before["notification-bell"]);
    expect(after["orders-region"]).toEqual(before["orders-region"]);
    const shifted = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
    expect(shifted).toBeLessThan(0.01);
  });
}

test("without Headless UI's code the header's menus still work as drawn", async ({ page }) => {
  await page.context().route(HEADLESS_CHUNK, (route) => route.abort());
  await signIn(page, ACCOUNTS.admin);
  await page.goto("/order/");
  await expect(page.getByTestId("keep-selection")).toHaveCount(0);
  // The user menu is the server's disclosure: it opens, and its logout signs out.
  await page.getByTestId("user-menu").click();
  const logout = page.getByTestId("logout");
  await expect(logout).toHaveText(zhCommon.logout);
  // The bell is the link to the notifications page.
  await expect(page.getByTestId("notification-bell")).toHaveAttribute("href", "/notifications");
  await logout.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(enCommon.logout)).toHaveCount(0);
});
