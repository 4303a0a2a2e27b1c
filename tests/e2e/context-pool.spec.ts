/**
 * The worker's browser contexts are lent to one journey at a time
 * (`ContextPool` in fixtures.ts) with their first page: the next journey
 * gets the same context and page, with the context's HTTP cache, and nothing
 * else the one before left in them. A page or context on which a journey
 * made a call that cannot be undone is not lent again.
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
  expect(page, "the page is lent with it").toBe(before!.page);

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

let leftPage: { page: Page; popup: Page; heard: string[] } | undefined;

test("a journey leaves its page's settings, routes, listeners, history and storage behind", async ({
  page,
  context,
}) => {
  const heard: string[] = [];
  await page.setViewportSize({ width: 640, height: 700 });
  await page.emulateMedia({
    media: "print",
    colorScheme: "dark",
    reducedMotion: "reduce",
    forcedColors: "active",
    contrast: "more",
  });
  await page.setExtraHTTPHeaders({ "x-left": "behind" });
  await page.route("**/healthz", (route) => route.fulfill({ body: "routed" }));
  page.on("console", (message) => heard.push(message.text()));
  page.on("dialog", async (dialog) => {
    heard.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto("/login");
  await page.evaluate(() => {
    sessionStorage.setItem("left", "behind");
    window.name = "left behind";
    history.pushState({}, "", "?pushed");
    console.log("left behind");
  });
  expect(await (await page.goto("/healthz"))?.text()).toBe("routed");
  const popup = await context.newPage();
  leftPage = { page, popup, heard };
});

test("the next journey gets the page as a new page would be", async ({ page, context }) => {
  expect(leftPage, "the journey before ran in this worker").toBeDefined();
  const { heard } = leftPage!;
  expect(page, "the page is lent with its context").toBe(leftPage!.page);
  expect(leftPage!.popup.isClosed(), "other pages are closed").toBe(true);
  expect(context.pages()).toEqual([page]);
  expect(page.url()).toBe("about:blank");
  expect(page.viewportSize()).toEqual({ width: 1440, height: 900 });
  expect(await page.consoleMessages()).toEqual([]);
  const heardBefore = [...heard];

  const [request] = await Promise.all([page.waitForRequest("**/login"), page.goto("/login")]);
  expect(await request.headerValue("x-left"), "no extra header").toBeNull();
  const state = await page.evaluate(() => ({
    width: innerWidth,
    print: matchMedia("print").matches,
    dark: matchMedia("(prefers-color-scheme: dark)").matches,
    reduced: matchMedia("(prefers-reduced-motion: reduce)").matches,
    forced: matchMedia("(forced-colors: active)").matches,
    contrast: matchMedia("(prefers-contrast: more)").matches,
    session: sessionStorage.length,
    name: window.name,
    history: history.length,
  }));
  expect(state).toEqual({
    width: 1440,
    print: false,
    dark: false,
    reduced: false,
    forced: false,
    contrast: false,
    session: 0,
    name: "",
    // A new page's history: the blank page it starts at, then the first page it opened.
    history: 2,
  });
  // No listener of the journey before hears this page: Playwright dismisses the dialog itself.
  await page.evaluate(() => {
    console.log("heard by nobody");
    alert("heard by nobody");
  });
  expect(await (await page.goto("/healthz"))?.text(), "the route is gone").not.toBe("routed");
  expect(heard).toEqual(heardBefore);
  // Back reaches the blank page a new page starts at, and no further.
  await page.goBack();
  await page.goBack();
  expect(page.url()).toBe("about:blank");
  expect(await page.goBack()).toBeNull();
  expect(page.url()).toBe("about:blank");
});

let spoiled: { page: Page; context: BrowserContext } | undefined;

test("a journey gives its page a script and a function for every later document", async ({
  page,
  context,
}) => {
  await page.addInitScript(() => {
    Object.assign(window, { leftBehind: true });
  });
  await page.exposeFunction("leftBehindToo", () => true);
  await page.goto("/login");
  spoiled = { page, context };
});

test("the next journey gets the context with a new page", async ({ page, context }) => {
  expect(spoiled, "the journey before ran in this worker").toBeDefined();
  expect(context).toBe(spoiled!.context);
  expect(page).not.toBe(spoiled!.page);
  expect(spoiled!.page.isClosed()).toBe(true);
  await page.goto("/login");
  expect(await page.evaluate(() => ["leftBehind" in window, "leftBehindToo" in window])).toEqual([
    false,
    false,
  ]);
});

let clocked: BrowserContext | undefined;

test("a journey installs the page's clock, which is its context's", async ({ page, context }) => {
  await page.clock.install();
  await page.goto("/login");
  clocked = context;
});

test("the next journey gets another context", async ({ context }) => {
  expect(clocked, "the journey before ran in this worker").toBeDefined();
  expect(context).not.toBe(clocked);
});
