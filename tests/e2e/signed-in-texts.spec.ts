import zhSignedIn from "../../app/locales/zh/signed-in.ts";
import { ACCOUNTS, expect, hydrated, submitLogin, test } from "./fixtures.ts";

/**
 * The signed-in pages' texts (orders, lists, saved views) are a chunk the
 * login page does not load (app/locales/signed-in-texts.ts): the signed-in
 * layout has them before it draws, on a first load and after signing in
 * without a reload. Every text the page shows after hydration is recorded,
 * so a key drawn for a moment fails too.
 */
const SIGNED_IN_KEY = new RegExp(`\\b(${Object.keys(zhSignedIn).join("|")})\\.[a-zA-Z]+`);

for (const prefix of ["", "/en"]) {
  test(`signed-in pages never draw their texts' keys (${prefix || "/"})`, async ({ page }) => {
    const painted: string[] = [];
    await page.exposeFunction("recordPaint", (text: string) => {
      painted.push(text);
    });
    await page.addInitScript(() => {
      const record = () =>
        (window as unknown as { recordPaint?: (text: string) => void }).recordPaint?.(
          document.body?.innerText ?? "",
        );
      new MutationObserver(record).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await page.goto(`${prefix}/`);
    await hydrated(page);

    // Signing in navigates without a reload.
    await submitLogin(page, ACCOUNTS.admin);
    await expect(page.getByTestId("user-name")).toHaveText(ACCOUNTS.admin, { timeout: 20_000 });
    await page.getByRole("table").first().waitFor();

    // A first load of a signed-in page, then a navigation to the order list.
    await page.goto(`${prefix}/workbench`);
    await hydrated(page);
    await page.locator(`a[href^="${prefix}/order/"]`).first().click();
    await page.waitForURL(new RegExp(`${prefix}/order/`));
    // The workbench has tables too, and the URL changes before the list is
    // drawn: wait for the order list's own rows.
    await page.getByTestId("orders").locator("tbody tr[data-row-key]").first().waitFor();

    const withKeys = painted.find((text) => SIGNED_IN_KEY.test(text));
    expect(withKeys?.match(SIGNED_IN_KEY)?.[0]).toBeUndefined();
  });
}
