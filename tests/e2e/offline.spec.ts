/**
 * The service worker at /sw.js (docs/product.md, "Around the
 * pages"): it registers, keeps the hashed assets the pages load, and answers
 * a page asked for without a network with the offline page, in both
 * languages, whose button tries again.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";

// The other journeys block the service worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: "allow" });

test("the service worker keeps the assets and shows the offline page without a network", async ({
  page,
  context,
}) => {
  await page.goto("/");
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.scope;
  });
  expect(new URL(scope).pathname).toBe("/");
  // The worker takes control on its first start; the next load goes through it.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  const cached = await page.evaluate(async () => {
    const cache = await caches.open("cba-portal-v1");
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
  expect(cached).toContain("/offline.html");
  expect(cached.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true);

  await context.setOffline(true);
  // The browser's offline mode reaches a service worker that starts (again)
  // only once Playwright has attached to it: a navigation in that moment
  // goes out to the network and draws the real page. What is checked is
  // that a navigation without a network draws the offline page, so the
  // navigation is made again until the emulation holds.
  await expect(async () => {
    await page.goto("/forge_password").catch(() => {});
    await expect(page.getByRole("heading", { name: "网络连接已断开" })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(
    page.getByText("You are offline. Check your connection and try again."),
  ).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await context.setOffline(false);
  await page.getByRole("button", { name: "重试 · Retry" }).click();
  await expect(page).toHaveURL(/\/forge_password$/);
  await expect(page.getByRole("heading", { name: "网络连接已断开" })).toHaveCount(0);
});
