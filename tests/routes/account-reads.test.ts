/**
 * What the signed-in pages read of an account on every request besides the
 * account itself (the bell's unread count, a list's saved views and
 * columns) is kept between pages (app/utils/account-reads.server.ts): a
 * second page asks the backend only for the account and its own data; any
 * change made through the portal, whoever's, shows on the very next page;
 * one account never sees another's; a failed read is not kept.
 *
 * The calls are counted at the API client's transport, in front of the
 * in-process fake backend.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as homeLayout from "~/routes/layouts/home.tsx";
import * as ordersPage from "~/routes/order/orders.tsx";
import * as noticeRead from "~/routes/resources/notice-read.ts";
import * as viewsRoute from "~/routes/resources/saved-views.ts";
import * as columnsRoute from "~/routes/resources/table-columns.ts";
import { setTransport } from "~/utils/api.server.ts";
import { setAuditDestination } from "~/utils/audit.server.ts";
import { fromResponse, toRequest } from "~/utils/backend-transport.server.ts";
import type { ListViews } from "~/utils/saved-views.ts";
import type { ShellData } from "~/utils/shell-data.ts";
import { handleMockApiRequest } from "../../mocks/api.ts";
import { freshBackend, signedIn, type Visitor } from "./account-harness.ts";
import { signedInSession } from "./harness.ts";

/** The backend's paths asked for, in order (`GET /notice`). */
const asked: string[] = [];
/** Paths the backend answers with a server error, for a test that needs a failed read. */
const failing = new Set<string>();

setAuditDestination({ write: () => undefined });

beforeEach(async () => {
  await freshBackend();
  asked.length = 0;
  failing.clear();
  setTransport(async (call) => {
    const path = call.url.pathname.replace(/^\/api\/v1/, "");
    asked.push(`${call.method} ${path}`);
    if (failing.has(path)) {
      return fromResponse(Response.json({ code: 500, data: null, msg: "boom" }, { status: 200 }));
    }
    return fromResponse(await handleMockApiRequest(toRequest(call)));
  });
});

afterEach(() => setTransport(undefined));

const NOTICES = "GET /notice";
const ORDER_SETTINGS = "GET /account/list-settings/orders";

/** What a signed-in page of the order list asks the backend, drawn as a browser loads it. */
async function orderPage(browser: Visitor, path = "/order/?view=none") {
  asked.length = 0;
  const [shell, page] = await Promise.all([
    browser.get(homeLayout, path, { home: true }),
    browser.get(ordersPage, path, { home: true }),
  ]);
  expect(shell.status, String(shell.location)).toBe(200);
  expect(page.status, String(page.location)).toBe(200);
  return {
    unread: (shell.data as ShellData).unread,
    views: (page.data as { views: ListViews }).views,
    hiddenColumns: (page.data as { hiddenColumns: string[] | null }).hiddenColumns,
    asked: [...asked],
  };
}

/** The shell of a page that is not a list (the qualification page, open to a guest). */
async function shellOf(browser: Visitor) {
  const shell = await browser.get(homeLayout, "/qualificat", { home: true });
  expect(shell.status, String(shell.location)).toBe(200);
  return (shell.data as ShellData).unread;
}

describe("the values every signed-in page reads", () => {
  it("are asked of the backend on the first page only; the account and the page's data on every one", async () => {
    const browser = await signedIn("manager@demo.test");
    const first = await orderPage(browser);
    expect(first.asked).toContain(NOTICES);
    expect(first.asked).toContain(ORDER_SETTINGS);

    const second = await orderPage(browser);
    expect(second.asked).not.toContain(NOTICES);
    expect(second.asked).not.toContain(ORDER_SETTINGS);
    // Still asked on every page: who the token is (a revoked token or a changed role
    // takes effect at once) and the page's own data.
    expect(second.asked.filter((call) => call === "GET /account/account-info")).toHaveLength(2);
    expect(second.asked.some((call) => call.startsWith("GET /cba/order"))).toBe(true);
    expect(second.unread).toBe(first.unread);
    expect(second.views).toEqual({ ...first.views, submissionKey: second.views.submissionKey });
  });

  it("show a change of columns, of a view and of read notifications on the very next page", async () => {
    const browser = await signedIn("admin@demo.test");
    const before = await orderPage(browser);
    expect(before.unread).toBeGreaterThan(0);
    await orderPage(browser);

    const columns = await browser.post(columnsRoute, "/table-columns", {
      table: "orders",
      back: "/order/?view=none",
      column: "consigneeAddress",
    });
    expect(columns.status).toBe(302);
    expect((await orderPage(browser)).hiddenColumns).toEqual(["consigneeAddress"]);

    const saved = await browser.post(viewsRoute, "/saved-views", {
      list: "orders",
      intent: "save",
      back: "/order/?cbaStatus=2",
      name: "Detained",
      submissionKey: (await orderPage(browser)).views.submissionKey,
    });
    expect(saved.status).toBe(302);
    expect((await orderPage(browser)).views.views.map((view) => view.name)).toEqual(["Detained"]);

    const read = await browser.send(noticeRead.action, "/notice/read", [
      ["returnTo", "/order/?view=none"],
    ]);
    expect(read.response.status).toBe(302);
    const after = await orderPage(browser);
    expect(after.unread).toBe(0);
    expect(after.asked).toContain(NOTICES);
  });

  it("show a notification another account's change made, on the very next page", async () => {
    // The applicant of a qualification waiting for review; the platform starts the review.
    const applicant = await signedIn("hangzhou.trade@demo.test");
    const before = await shellOf(applicant);
    expect(await shellOf(applicant)).toBe(before);
    const { api } = await signedInSession("admin@demo.test");
    const queue = await api.call("reviewQueue", { query: { current: 1, pageSize: 10 } });
    const company = queue.list.find((row) => row.username === "hangzhou.trade@demo.test");
    if (!company) throw new Error("no qualification of hangzhou.trade@demo.test waits");
    await api.call("review", { body: { id: company.id } });
    // The backend told the applicant; no call of the applicant's announced it.
    expect(await shellOf(applicant)).toBe(before + 1);
  });

  it("are never one account's on another's page", async () => {
    const manager = await signedIn("admin@demo.test");
    const other = await signedIn("manager@demo.test");
    const saved = await manager.post(viewsRoute, "/saved-views", {
      list: "orders",
      intent: "save",
      back: "/order/?cbaStatus=2",
      name: "Mine",
      submissionKey: (await orderPage(manager)).views.submissionKey,
    });
    expect(saved.status).toBe(302);
    await manager.post(columnsRoute, "/table-columns", {
      table: "orders",
      back: "/order/?view=none",
      column: "consigneeAddress",
    });
    const read = await manager.send(noticeRead.action, "/notice/read", [["returnTo", "/order/"]]);
    expect(read.response.status).toBe(302);

    // Each account's pages, in turns, each value kept after its first page.
    for (let round = 0; round < 2; round++) {
      const mine = await orderPage(manager);
      const theirs = await orderPage(other);
      expect(mine.views.views.map((view) => view.name)).toEqual(["Mine"]);
      expect(mine.hiddenColumns).toEqual(["consigneeAddress"]);
      expect(mine.unread).toBe(0);
      expect(theirs.views.views).toEqual([]);
      // None chosen: left out of the page's data.
      expect(theirs.hiddenColumns).toBeUndefined();
      expect(theirs.unread).toBeGreaterThan(0);
      if (round === 1) expect([...mine.asked, ...theirs.asked]).not.toContain(ORDER_SETTINGS);
    }
  });

  it("are not kept when the backend could not answer them", async () => {
    const browser = await signedIn("manager@demo.test");
    failing.add("/account/list-settings/orders");
    const failed = await orderPage(browser);
    expect(failed.views.unavailable).toBe(true);
    failing.clear();
    const next = await orderPage(browser);
    expect(next.asked).toContain(ORDER_SETTINGS);
    expect(next.views.unavailable).toBeUndefined();
  });
});
