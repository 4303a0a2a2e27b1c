/**
 * Saved views of the order list in English, what the server answers: the
 * journey of a view that follows the account into another browser runs in
 * Chinese (tests/e2e/saved-views.spec.ts); here the English list keeps its
 * `/en` addresses through the default view and "no view", another browser
 * of the account gets the view and its columns, and the answers' notices
 * are in English.
 */
import { beforeEach, describe, expect, it } from "vitest";
import enViews from "~/locales/en/views.ts";
import * as ordersPage from "~/routes/order/orders.tsx";
import * as viewsRoute from "~/routes/resources/saved-views.ts";
import * as columnsRoute from "~/routes/resources/table-columns.ts";
import type { ListViews } from "~/utils/saved-views.ts";
import { freshBackend, signedIn, type Visitor } from "./account-harness.ts";

beforeEach(freshBackend);

type OrdersData = { views: ListViews; hiddenColumns: string[] | null };

async function orders(browser: Visitor, path: string) {
  const shown = await browser.get(ordersPage, path, { home: true });
  return { ...shown, page: shown.data as OrdersData };
}

const named = (text: string, name: string) => text.replace("{{name}}", name);

describe("saved views of the English order list", () => {
  it("follow the account to another browser with their columns, the bare list opening the default view", async () => {
    const browser = await signedIn("manager@demo.test");
    // A resource route answers in the language of the page that posted (the cookie a page under /en sets).
    browser.jar.set("lang", "en");
    const back = "/en/order/?cbaStatus=4";
    const hidden = await browser.post(columnsRoute, "/table-columns", {
      table: "orders",
      back,
      column: "consignee",
    });
    expect(hidden.location).toBe(back);
    const key = (await orders(browser, back)).page.views.submissionKey;
    const saved = await browser.post(viewsRoute, "/saved-views", {
      list: "orders",
      intent: "save",
      back,
      name: "Detained",
      isDefault: "on",
      submissionKey: key,
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toMatch(/^\/en\/order\/\?cbaStatus=4&done=[\w-]+$/);
    const answer = await orders(browser, saved.location ?? "");
    expect(answer.page.views.notice).toEqual({
      kind: "success",
      message: named(enViews.saved, "Detained"),
    });
    expect(answer.page.views.views).toMatchObject([{ name: "Detained", isDefault: true }]);

    // Another browser of the same account.
    const other = await signedIn("manager@demo.test");
    const bare = await orders(other, "/en/order/");
    expect(bare.status).toBe(302);
    expect(bare.location).toBe("/en/order/?cbaStatus=4");
    const shown = await orders(other, bare.location ?? "");
    expect(shown.status).toBe(200);
    expect(shown.page.views.appliedId).toBe(answer.page.views.views[0]?.id);
    expect(shown.page.hiddenColumns).toEqual(["consignee"]);
    // An explicit query is not replaced by the default view: it is "no view".
    const plain = await orders(other, "/en/order/?current=1");
    expect(plain.status).toBe(302);
    expect(plain.location).toBe("/en/order/?view=none");
    const none = await orders(other, "/en/order/?view=none");
    expect(none.status).toBe(200);
    expect(none.page.views.appliedId).toBeUndefined();
    expect(none.page.views.views).toMatchObject([{ name: "Detained", isDefault: true }]);
  });
});
