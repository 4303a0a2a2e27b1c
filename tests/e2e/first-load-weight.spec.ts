/**
 * What the pages with date fields load first: the date shortcuts' ranges are
 * worked out with `Date.UTC` (app/utils/date-range.ts), so no date library
 * reaches the browser; the shortcuts the browser draws when "more filters"
 * opens are the days the server draws.
 */
import { firstLoadScripts } from "./first-load.ts";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

/** A name only dayjs's code carries (its objects' mark). */
const DAYJS_MARK = "$isDayjsObject";

test("the order list and the audit log load no date library; the shortcuts drawn in the browser are the server's days", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  for (const path of ["/order/", "/audit/", "/en/order/"]) {
    const scripts = [...(await firstLoadScripts(page, path))];
    expect(scripts.length).toBeGreaterThan(5);
    const carrying = scripts.filter(([, code]) => code.includes(DAYJS_MARK));
    expect(
      carrying.map(([script]) => script),
      path,
    ).toEqual([]);
  }

  // The server draws the ranges open by their address …
  await page.goto("/order/?filters=more");
  const shortcuts = page.getByTestId("filter-created").getByRole("link");
  await expect(shortcuts).toHaveCount(3);
  // Each shortcut's days, from its address.
  const daysOf = () =>
    shortcuts.evaluateAll((links) =>
      links.map((link) => {
        const query = new URL(link.getAttribute("href") ?? "", "http://portal").searchParams;
        return `${query.get("createdFrom")}..${query.get("createdTo")}`;
      }),
    );
  const drawnByServer = await daysOf();
  for (const days of drawnByServer)
    expect(days).toMatch(/^\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}$/);
  // … and the browser draws them the same when the disclosure opens.
  await page.goto("/order/");
  await hydrated(page);
  await page.getByTestId("more-filters").locator("summary").click();
  await expect(shortcuts).toHaveCount(3);
  expect(await daysOf()).toEqual(drawnByServer);
  await shortcuts.nth(1).click();
  await expect(page).toHaveURL(/createdFrom=\d{4}-\d{2}-\d{2}&createdTo=\d{4}-\d{2}-\d{2}/);
  await expect(shortcuts.nth(1)).toHaveAttribute("aria-current", "true");
});
