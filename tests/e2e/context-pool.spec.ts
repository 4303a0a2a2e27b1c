/**
 * The worker's browser contexts are lent to one journey at a time
 * (`ContextPool` in fixtures.ts): the next journey gets the same context,
 * with its HTTP cache, and nothing else the one before left in it.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

let before: { context: BrowserContext; page: Page; world: string } | undefined;

test("a journey leaves cookies, storage, permissions and a page behind", async ({
  page,
  context,
  world,
  baseURL,
}) => {
  await page.goto("/login");
  await page.evaluate(async () => {
    localStorage.setItem("left", "behind");
    sessionStorage.setItem("left", "behind");
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie set by the page's own script.
    document.cookie = "left=behind; path=/";
    await new Promise((resolve, reject) => {
      const opened = indexedDB.open("left-behind");
      opened.onsuccess = resolve;
      opened.onerror = reject;
    });
  });
  await context.addCookies([{ name: "also", value: "behind", url: baseURL! }]);
  await context.grantPermissions(["clipboard-read"]);
  await context.route("**/never", (route) => route.abort());
  before = { context, page, world };
});

test("the next journey gets the same context with none of it", async ({ page, context, world }) => {
  expect(before, "the journey before ran in this worker").toBeDefined();
  expect(context, "the context is kept").toBe(before!.context);
  expect(world).not.toBe(before!.world);
  expect(context.pages()).toEqual([page]);
  expect(page).not.toBe(before!.page);

  expect(await context.cookies()).toEqual([
    expect.objectContaining({ name: "test-world", value: world }),
  ]);
  await page.goto("/login");
  const left = await page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).map((database) => database.name),
    clipboard: (await navigator.permissions.query({ name: "clipboard-read" as PermissionName }))
      .state,
  }));
  expect(left).toEqual({ local: 0, session: 0, databases: [], clipboard: "prompt" });
  const answer = await page.request.get("/healthz");
  expect(answer.ok()).toBe(true);
  // The requests of this journey carry its own world, not the one before.
  const [request] = await Promise.all([page.waitForRequest("**/login"), page.goto("/login")]);
  expect(await request.headerValue("x-test-world")).toBe(world);
});
