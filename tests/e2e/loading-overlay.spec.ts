/**
 * The full-screen loading overlay (docs/product.md, Around the pages:
 * navigations and form posts that take longer than a short delay): it covers
 * a slow navigation and a slow post made in place (an order operation's
 * dialog), and leaves the stock in/out scans alone, whose page shows each
 * answer itself while the scanner goes on. Each slow request is held by the
 * test until the overlay has been checked, so nothing depends on timing:
 * the scan's check that no overlay shows runs the page's clock past the
 * overlay's delay (Playwright's clock) instead of waiting.
 */
import type { BrowserContext, Request } from "@playwright/test";
import enCommon from "../../app/locales/en/common.ts";
import zhCommon from "../../app/locales/zh/common.ts";
import zhI from "../../app/locales/zh/inventory.ts";
import { ACCOUNTS, expect, signIn, test } from "./fixtures.ts";

/** Holds the requests `matches` picks until `release()`; the others pass. */
async function holdRequests(context: BrowserContext, matches: (request: Request) => boolean) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  // On the context: a page's own routes do not see the pages after the sign-in.
  await context.route("**/*", async (route) => {
    if (!matches(route.request())) return route.fallback();
    held += 1;
    await released;
    await route.fallback();
  });
  return { release, held: () => held };
}

test("a slow navigation is covered by the overlay until it ends (zh)", async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  await page.goto("/order/");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const overlay = page.getByTestId("loading-overlay");
  const data = await holdRequests(page.context(), (request) =>
    new URL(request.url()).pathname.endsWith(".data"),
  );
  await page.locator('a[rel="next"]').first().click();
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveText(zhCommon.loading);
  data.release();
  await expect(page).toHaveURL(/current=2/);
  await expect(overlay).toBeHidden();
});

test("a slow order operation is covered by the overlay until its answer (en)", async ({ page }) => {
  await signIn(page, ACCOUNTS.manager, { locale: "en" });
  await page.goto("/en/order/?cbaStatus=4");
  await expect(page.getByTestId("column-menu")).toBeVisible();
  const first = page.getByTestId("orders").locator("tbody tr[data-row-key]").first();
  const orderNo = await first.getAttribute("data-row-key");
  await first.getByRole("checkbox").first().check();
  await page.getByTestId("op-remarks").click();
  const dialog = page.getByTestId("operation-dialog");
  await dialog.locator('textarea[name="reasonForDetention"]').fill("Fragile, keep upright");

  const overlay = page.getByTestId("loading-overlay");
  const posts = await holdRequests(page.context(), (request) => request.method() === "POST");
  await dialog.getByRole("button", { name: enCommon.confirm }).click();
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveText(enCommon.loading);
  expect(posts.held()).toBe(1);
  posts.release();
  await expect(dialog).toBeHidden();
  await expect(overlay).toBeHidden();
  await expect(page.locator(`tr[data-row-key="${orderNo}"]`)).toContainText(
    "Fragile, keep upright",
  );
});

test("a slow scan is not covered: the scanner goes on (zh)", async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  // The page's timers on a clock the test moves: the overlay's delay is run, not waited for.
  await page.clock.install();
  await page.goto("/inventory_system/inventory");
  // The shift's list is drawn once the page runs its JavaScript.
  await expect(page.getByText(zhI.scan.shift.empty)).toBeVisible();
  const scans = await holdRequests(page.context(), (request) => request.method() === "POST");
  const field = page.getByTestId("scan-number");
  const unknown = `SLOW${Date.now()}`;
  await field.fill(unknown);
  await field.press("Enter");
  await expect.poll(scans.held).toBe(1);
  // Fires every timer due in the next 3 s, the overlay's among them were it covering the scan,
  // then lets React draw what they changed (its work runs on a message channel, not a timer).
  await page.clock.runFor(3_000);
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      }),
  );
  await expect(page.getByTestId("loading-overlay")).toHaveCount(0);
  await expect(field).toBeEditable();
  scans.release();
  await expect(page.getByTestId("shift-row")).toHaveCount(1);
});
