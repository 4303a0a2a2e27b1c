/**
 * A tab open across a release that adds a page: its route manifest (a file
 * loaded once with the document, route discovery "initial",
 * docs/decisions/2026-11-27-route-manifest-as-a-file.md) lacks the page, so
 * inside the app the address matches the not-found route. That route loads
 * the address as a document instead, and the server answers it: with the
 * page, which the tab then shows; with the translated 404 page and its
 * status for an address no page has. The tab from before the release is
 * simulated by serving the browser a manifest without the audit log's route.
 */
import type { Page } from "@playwright/test";
import enAudit from "../../app/locales/en/audit.ts";
import enErrors from "../../app/locales/en/errors.ts";
import zhAudit from "../../app/locales/zh/audit.ts";
import zhErrors from "../../app/locales/zh/errors.ts";
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

const MISSING_ROUTE = "routes/audit";
const MANIFEST_PREFIX = "window.__reactRouterManifest=";

const MANIFEST_FILES = "**/assets/manifest-*.js";

/**
 * Serves the page the manifest of a build without the audit log, until
 * `unroute`: the documents loaded after it get the build's own, as after a
 * release. Not stored in the browser's cache, which the suite's browser
 * contexts keep from journey to journey.
 */
async function serveManifestWithoutAudit(page: Page) {
  await page.route(MANIFEST_FILES, async (route) => {
    const response = await route.fetch();
    const text = (await response.text()).trim();
    expect(text.startsWith(MANIFEST_PREFIX), "the manifest file's form").toBe(true);
    const manifest = JSON.parse(text.slice(MANIFEST_PREFIX.length).replace(/;$/, "")) as {
      routes: Record<string, unknown>;
    };
    expect(manifest.routes[MISSING_ROUTE], "the audit log's route in the manifest").toBeTruthy();
    delete manifest.routes[MISSING_ROUTE];
    await route.fulfill({
      response,
      headers: { ...response.headers(), "cache-control": "no-store" },
      body: `${MANIFEST_PREFIX}${JSON.stringify(manifest)};`,
    });
  });
}

/** The documents the page loads from now on (address and status), in order. */
function documentLoads(page: Page) {
  const loads: { path: string; status: number }[] = [];
  page.on("response", (response) => {
    const request = response.request();
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
    loads.push({ path: new URL(response.url()).pathname, status: response.status() });
  });
  return loads;
}

/** Marks the current document, to tell a navigation inside it from a document load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
}

/** Whether the route manifest the page runs with has the audit log. */
async function knowsAudit(page: Page) {
  return page.evaluate(
    (id) =>
      (window as { __reactRouterManifest?: { routes: Record<string, unknown> } })
        .__reactRouterManifest?.routes[id] !== undefined,
    MISSING_ROUTE,
  );
}

async function isSameDocument(page: Page) {
  return page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);
}

/** Follows a link drawn into the side menu, which the menu follows inside the app. */
async function followFromMenu(page: Page, href: string) {
  await page.evaluate((to) => {
    const link = document.createElement("a");
    link.href = to;
    link.textContent = to;
    document.querySelector('[data-testid="side-menu"]')?.append(link);
    link.click();
  }, href);
}

for (const lang of ["zh", "en"] as const) {
  const prefix = lang === "en" ? "/en" : "";
  const audit = lang === "en" ? enAudit : zhAudit;
  const errors = lang === "en" ? enErrors : zhErrors;

  test(`a page the tab's manifest lacks is loaded from the server (${lang})`, async ({
    page,
  }, testInfo) => {
    await serveManifestWithoutAudit(page);
    await signIn(page, ACCOUNTS.admin, { locale: lang });
    await page.goto(`${prefix}/order/`);
    await hydrated(page);
    expect(await knowsAudit(page), "the tab does not know the audit log").toBe(false);
    await page.unroute(MANIFEST_FILES);
    await markDocument(page);
    const loads = documentLoads(page);

    await page.getByTestId("side-menu").locator(`a[href="${prefix}/audit"]`).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/audit$`));
    await expect(page.getByTestId("download-audit")).toBeVisible();
    await expect(page.locator("h1")).toHaveText(audit.title);
    await hydrated(page);
    expect(await isSameDocument(page), "the audit log is a document load").toBe(false);
    expect(await knowsAudit(page), "the new document knows the audit log").toBe(true);
    expect(loads).toEqual([{ path: `${prefix}/audit`, status: 200 }]);

    await page.screenshot({ path: testInfo.outputPath(`audit-${lang}.png`), fullPage: true });
  });

  test(`an address no page has, followed inside the app, is the server's 404 (${lang})`, async ({
    page,
  }, testInfo) => {
    await signIn(page, ACCOUNTS.admin, { locale: lang });
    await page.goto(`${prefix}/order/`);
    await hydrated(page);
    await markDocument(page);
    const loads = documentLoads(page);

    await followFromMenu(page, `${prefix}/no/such/page`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/no/such/page$`));
    await expect(page.getByTestId("error-message")).toHaveText(errors.notFound);
    // The 404 document hydrates its own answer and does not load itself again.
    await hydrated(page);
    expect(await isSameDocument(page), "the 404 is a document load").toBe(false);
    await markDocument(page);
    await page.getByTestId("side-menu").locator(`a[href="${prefix}/audit"]`).click();
    await expect(page.getByTestId("download-audit")).toBeVisible();
    expect(await isSameDocument(page), "the 404 page's links stay inside the app").toBe(true);
    expect(loads).toEqual([{ path: `${prefix}/no/such/page`, status: 404 }]);

    await page.goBack();
    await expect(page.getByTestId("error-message")).toHaveText(errors.notFound);
    expect(await isSameDocument(page), "back to the 404 inside its document").toBe(true);
    expect(loads).toHaveLength(1);

    await page.screenshot({ path: testInfo.outputPath(`not-found-${lang}.png`), fullPage: true });
  });
}
