/**
 * A tab left open across a release: its code names its build on every
 * `.data` request (app/utils/build-header.ts), and the server of another
 * build answers with a reload of the whole document instead of data the
 * old code may misread (app/middleware/stale-build.server.ts). The tab of
 * an older build is simulated by rewriting the build its `.data` requests
 * name, for as long as the journey runs (an older replica answering would
 * look the same): a link followed inside the app loads the page as a
 * document, once, with its rows; a form posted is not applied, and the page
 * it was on loads as a document; with the page's own build the same link
 * stays inside the document. Every page the server draws, the not-found
 * page and those without the signed-in layout too, names its build.
 */
import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, hydrated, signIn, submitLogin, test } from "./fixtures.ts";

const BUILD_HEADER = "x-portal-build";
const OLDER_BUILD = "0123abcd";
const DATA_REQUESTS = /\.data(\?|$)/;

const rows = (page: Page) => page.getByTestId("orders").locator("tbody tr[data-row-key]");

/** The first row shows its order's number: a row drawn from data the page's code read right. */
async function expectRowsDrawn(page: Page) {
  const first = rows(page).first();
  const orderNo = await first.getAttribute("data-row-key");
  expect(orderNo).toBeTruthy();
  await expect(first).toContainText(orderNo ?? "");
}

/** The `.data` requests of the page from now on: the build each named, rewritten or not. */
async function dataRequests(page: Page, rewriteTo?: string) {
  const named: (string | undefined)[] = [];
  await page.route(DATA_REQUESTS, async (route) => {
    const headers = route.request().headers();
    named.push(headers[BUILD_HEADER]);
    if (rewriteTo === undefined) return route.continue();
    return route.continue({ headers: { ...headers, [BUILD_HEADER]: rewriteTo } });
  });
  return named;
}

/** The documents the page loads from now on, by address. */
function documentLoads(page: Page) {
  const loads: string[] = [];
  page.on("response", (response) => {
    const request = response.request();
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
    const url = new URL(response.url());
    loads.push(`${url.pathname}${url.search}`);
  });
  return loads;
}

/** The console's errors and the page's uncaught exceptions from now on. */
function errorsOf(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
}

async function isSameDocument(page: Page) {
  return page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);
}

async function pageBuild(page: Page) {
  return page.locator('meta[name="portal-build"]').getAttribute("content");
}

async function openOrders(page: Page, lang: "zh" | "en") {
  await signIn(page, ACCOUNTS.manager, { locale: lang });
  await page.goto(`${lang === "en" ? "/en" : ""}/order/`);
  await hydrated(page);
  await expect(rows(page).first()).toBeVisible();
  await markDocument(page);
}

for (const lang of ["zh", "en"] as const) {
  const prefix = lang === "en" ? "/en" : "";
  const secondPage = new RegExp(`${prefix}/order/\\?current=2$`);

  test(`a tab of an older build reloads the page a link leads to, once (${lang})`, async ({
    page,
  }) => {
    const errors = errorsOf(page);
    await openOrders(page, lang);
    const build = await pageBuild(page);
    expect(build, "the page's build").toMatch(/^[0-9a-f]{8}$/);
    const named = await dataRequests(page, OLDER_BUILD);
    const loads = documentLoads(page);
    const firstRow = await rows(page).first().getAttribute("data-row-key");

    await page.getByTestId("orders-paging").locator('a[rel="next"]').click();
    await expect(page).toHaveURL(secondPage);
    await expect(page.getByTestId("orders-paging").locator('[aria-current="page"]')).toHaveText(
      "2",
    );
    await hydrated(page);
    expect(await isSameDocument(page), "the second page is a document load").toBe(false);
    expect(loads).toEqual([`${prefix}/order/?current=2`]);
    // The page's own code named its build; the server answered the older one's reload.
    expect(named).toEqual([build]);
    // The rows of the second page, drawn whole from the server's page.
    expect(await rows(page).first().getAttribute("data-row-key")).not.toBe(firstRow);
    await expectRowsDrawn(page);

    // The new document asks no data of its own: nothing reloads it again,
    // even while every `.data` request would still name the older build.
    await page.waitForLoadState("networkidle");
    expect(loads).toHaveLength(1);
    expect(named).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test(`a tab of the server's build follows the same link inside the page (${lang})`, async ({
    page,
  }) => {
    const errors = errorsOf(page);
    await openOrders(page, lang);
    const named = await dataRequests(page);
    const loads = documentLoads(page);

    await page.getByTestId("orders-paging").locator('a[rel="next"]').click();
    await expect(page).toHaveURL(secondPage);
    await expect(page.getByTestId("orders-paging").locator('[aria-current="page"]')).toHaveText(
      "2",
    );
    expect(await isSameDocument(page), "the second page is drawn inside the document").toBe(true);
    expect(loads).toEqual([]);
    expect(named).toEqual([await pageBuild(page)]);
    await expectRowsDrawn(page);
    expect(errors).toEqual([]);
  });
}

for (const lang of ["zh", "en"] as const) {
  const home = lang === "en" ? "/en" : "/";

  test(`a form of an older build is not applied: the page it was on loads again (${lang})`, async ({
    page,
  }) => {
    const errors = errorsOf(page);
    await page.goto(home);
    await hydrated(page);
    await markDocument(page);
    const named = await dataRequests(page, OLDER_BUILD);
    const loads = documentLoads(page);

    await submitLogin(page, ACCOUNTS.manager);
    await expect.poll(() => loads).toEqual([home]);
    await hydrated(page);
    expect(await isSameDocument(page), "the sign-in page is a document load").toBe(false);
    expect(named).toEqual([await pageBuild(page)]);
    // Not signed in: the form is there again, empty, and the list sends the
    // browser back to it.
    await expect(page.locator('input[name="username"]')).toHaveValue("");
    await page.unroute(DATA_REQUESTS);
    await page.goto(`${lang === "en" ? "/en" : ""}/order/`);
    await expect(page.locator('input[name="username"]')).toBeVisible();
    await expect(page.getByTestId("user-name")).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

for (const prefix of ["", "/en"]) {
  test(`every page the server draws names the same build, the not-found page too (${prefix || "/"})`, async ({
    page,
  }) => {
    const buildOf = async (path: string) => {
      const answer = await page.request.get(`${prefix}${path}`);
      const html = await answer.text();
      return {
        status: answer.status(),
        build: /<meta name="portal-build" content="([^"]*)"/.exec(html)?.[1],
      };
    };
    const login = await buildOf("/login");
    expect(login.status).toBe(200);
    expect(login.build, "the login page's build").toMatch(/^[0-9a-f]{8}$/);
    // The not-found page, drawn by the root's layout without the signed-in one:
    // a link followed from it still names the build.
    expect(await buildOf("/no-such-page")).toEqual({ status: 404, build: login.build });
  });
}
