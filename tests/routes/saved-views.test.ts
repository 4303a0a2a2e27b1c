/**
 * Saved views and columns of the order list below the browser, as a browser
 * without JavaScript uses them: every change is a post to `/saved-views` (or
 * `/table-columns`) answered by a redirect back to the list (post / redirect
 * / get), applied once per submission key; a refusal changes nothing and
 * says why on the list; the bare list opens the default view, an explicit
 * query does not; the old per-browser column cookie is taken over once.
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as signInPage from "~/routes/login-form.tsx";
import * as ordersPage from "~/routes/order/orders.tsx";
import * as viewsRoute from "~/routes/resources/saved-views.ts";
import * as columnsRoute from "~/routes/resources/table-columns.ts";
import type { ListViews } from "~/utils/saved-views.ts";
import { freshBackend, type Visitor, visitor } from "./account-harness.ts";

beforeEach(freshBackend);

async function signedIn(username = "manager@demo.test"): Promise<Visitor> {
  const browser = visitor();
  const code = await browser.imageCode("login");
  const outcome = await browser.post(signInPage, "/login", {
    username,
    password: "Demo1234!",
    code,
  });
  expect(outcome.status).toBe(302);
  return browser;
}

type OrdersData = { views: ListViews; hiddenColumns: string[] | null };

async function orders(browser: Visitor, path: string) {
  const shown = await browser.get(ordersPage, path, { home: true });
  return { ...shown, page: shown.data as OrdersData };
}

async function post(browser: Visitor, form: Record<string, string>) {
  return browser.post(viewsRoute, "/saved-views", { list: "orders", ...form });
}

describe("saved views of the order list", () => {
  it("saves the page's filters as a view once, and shows it applied", async () => {
    const browser = await signedIn();
    const back = "/order/?cbaStatus=2&current=2&pageSize=20";
    const before = await orders(browser, back);
    const form = {
      intent: "save",
      back,
      name: " Detained ",
      submissionKey: before.page.views.submissionKey,
    };
    const saved = await post(browser, form);
    expect(saved.status).toBe(302);
    const location = saved.location ?? "";
    expect(location).toMatch(/^\/order\/\?cbaStatus=2&pageSize=20&done=[\w-]+$/);
    // The same post again (a reload) answers the same redirect and saves nothing more.
    const again = await post(browser, form);
    expect(again.location).toBe(location);
    const after = await orders(browser, location);
    expect(after.page.views.views).toMatchObject([
      { name: "Detained", query: "cbaStatus=2&pageSize=20", isDefault: false },
    ]);
    expect(after.page.views.appliedId).toBe(after.page.views.views[0]?.id);
    expect(after.page.views.notice).toEqual({ kind: "success", message: "已保存视图“Detained”。" });
    // Another query is no view.
    expect((await orders(browser, "/order/?cbaStatus=3")).page.views.appliedId).toBeUndefined();
  });

  it("refuses a name that is blank or taken, says why on the list, and keeps the key usable", async () => {
    const browser = await signedIn();
    // A resource route answers in the language of the page that posted (here by the cookie).
    browser.jar.set("lang", "en");
    const back = "/en/order/?cbaStatus=2";
    const shown = await orders(browser, back);
    const key = shown.page.views.submissionKey;
    const blank = await post(browser, { intent: "save", back, name: "  ", submissionKey: key });
    expect(blank.status).toBe(302);
    const refused = await orders(browser, blank.location ?? "");
    expect(refused.page.views.notice).toEqual({
      kind: "error",
      message: "Enter a name for the view",
    });
    expect(refused.page.views.views).toEqual([]);
    // The corrected form goes through with the same key.
    const saved = await post(browser, { intent: "save", back, name: "Mine", submissionKey: key });
    expect((await orders(browser, saved.location ?? "")).page.views.views).toHaveLength(1);
    const next = (await orders(browser, back)).page.views.submissionKey;
    const taken = await post(browser, { intent: "save", back, name: "MINE", submissionKey: next });
    expect((await orders(browser, taken.location ?? "")).page.views.notice).toEqual({
      kind: "error",
      message: 'A view named "MINE" already exists; choose another name',
    });
  });

  it("renames, updates, makes default and deletes, each answering a redirect back", async () => {
    const browser = await signedIn();
    const key = async () => {
      const shown = await orders(browser, "/order/?view=none");
      expect(shown.status, String(shown.location)).toBe(200);
      return shown.page.views.submissionKey;
    };
    await post(browser, {
      intent: "save",
      back: "/order/?cbaStatus=2",
      name: "A",
      submissionKey: await key(),
    });
    const id = (await orders(browser, "/order/?cbaStatus=2")).page.views.views[0]?.id ?? "";
    const renamed = await post(browser, {
      intent: "rename",
      id,
      back: "/order/?cbaStatus=2",
      name: "Detained",
      submissionKey: await key(),
    });
    expect(renamed.location).toMatch(/^\/order\/\?cbaStatus=2&done=/);
    const updated = await post(browser, {
      intent: "update",
      id,
      back: "/order/?cbaStatus=4&sortField=acturalPaid&sortOrder=desc",
      submissionKey: await key(),
    });
    expect(updated.status).toBe(302);
    const made = await post(browser, {
      intent: "default",
      id,
      back: "/order",
      submissionKey: await key(),
    });
    expect(made.status).toBe(302);
    // The bare list opens the default view...
    const bare = await orders(browser, "/order");
    expect(bare.status).toBe(302);
    expect(bare.location).toBe("/order/?cbaStatus=4&sortField=acturalPaid&sortOrder=desc");
    const shown = await orders(browser, bare.location ?? "");
    expect(shown.page.views.views).toMatchObject([{ name: "Detained", isDefault: true }]);
    expect(shown.page.views.appliedId).toBe(id);
    // ...an explicit query that names nothing does not: it is "no view".
    const plain = await orders(browser, "/order/?current=1");
    expect(plain.location).toBe("/order/?view=none");
    const none = await orders(browser, "/order/?view=none");
    expect(none.status).toBe(200);
    expect(none.page.views.appliedId).toBeUndefined();
    const removed = await post(browser, {
      intent: "delete",
      id,
      back: "/order/?view=none",
      submissionKey: await key(),
    });
    expect((await orders(browser, removed.location ?? "")).page.views).toMatchObject({
      views: [],
      notice: { kind: "success", message: "已删除视图“Detained”。" },
    });
    expect((await orders(browser, "/order")).status).toBe(200);
  });

  it("keeps each account's views its own", async () => {
    const manager = await signedIn();
    await post(manager, {
      intent: "save",
      back: "/order/?cbaStatus=2",
      name: "Mine",
      submissionKey: (await orders(manager, "/order")).page.views.submissionKey,
    });
    const id = (await orders(manager, "/order")).page.views.views[0]?.id ?? "";
    const other = await signedIn("ops@demo.test");
    expect((await orders(other, "/order")).page.views.views).toEqual([]);
    const deleted = await post(other, {
      intent: "delete",
      id,
      back: "/order",
      submissionKey: (await orders(other, "/order")).page.views.submissionKey,
    });
    expect((await orders(other, deleted.location ?? "")).page.views.notice?.kind).toBe("error");
    expect((await orders(manager, "/order")).page.views.views).toHaveLength(1);
  });
});

describe("columns of the order list", () => {
  it("are kept per account, and a browser's old cookie is taken over once", async () => {
    const browser = await signedIn();
    browser.jar.set("table_columns", encodeURIComponent("orders:consignee|pallets:name"));
    expect((await orders(browser, "/order")).page.hiddenColumns).toEqual(["consignee"]);
    // Another browser of the account has them too; the cookie is no longer read.
    const other = await signedIn();
    expect((await orders(other, "/order")).page.hiddenColumns).toEqual(["consignee"]);
    browser.jar.set("table_columns", encodeURIComponent("orders:serviceNo"));
    expect((await orders(browser, "/order")).page.hiddenColumns).toEqual(["consignee"]);
  });

  it("are chosen by a form post that redirects back, the applied view's kept with it", async () => {
    const browser = await signedIn();
    const chosen = await browser.post(columnsRoute, "/table-columns", {
      table: "orders",
      back: "/order/?cbaStatus=2",
      column: "consignee",
    });
    expect(chosen.status).toBe(302);
    expect(chosen.location).toBe("/order/?cbaStatus=2");
    expect((await orders(browser, "/order")).page.hiddenColumns).toEqual(["consignee"]);
    // A view saved now keeps these columns; changed while it is shown, the view's change.
    await post(browser, {
      intent: "save",
      back: "/order/?cbaStatus=2",
      name: "Detained",
      submissionKey: (await orders(browser, "/order")).page.views.submissionKey,
    });
    await browser.post(columnsRoute, "/table-columns", {
      table: "orders",
      back: "/order/?cbaStatus=2",
      column: "serviceNo",
    });
    expect((await orders(browser, "/order/?cbaStatus=2")).page.hiddenColumns).toEqual([
      "serviceNo",
    ]);
    expect((await orders(browser, "/order")).page.hiddenColumns).toEqual(["consignee"]);
  });
});
