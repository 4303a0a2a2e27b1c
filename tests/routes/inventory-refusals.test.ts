/**
 * What the inventory pages and their download refuse, on the server: a
 * guest every page, a visitor who is not signed in the file,
 * another site's post, a kind of file there is not. (Opening the download's
 * address answers the translated 405 page: account-defects.spec.ts.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as arrivalReport from "~/routes/inventory/arrival-report.tsx";
import * as detail from "~/routes/inventory/detail.tsx";
import * as inventory from "~/routes/inventory/inventory.tsx";
import * as inventoryDownload from "~/routes/resources/inventory-download.ts";
import { freshBackend, signedIn, type Visitor, visitor } from "./account-harness.ts";
import { ORIGIN } from "./harness.ts";

beforeAll(freshBackend);

/** A post of the download form as `browser`, from the inventory page, from `origin`. */
function download(browser: Visitor, kind: string, origin = ORIGIN) {
  return browser.send(inventoryDownload.action, "/inventory/download", [["kind", kind]], {
    origin,
    referer: "/inventory_system/inventory",
  });
}

describe("a guest", () => {
  // A guest's download is refused with the 403 page, which needs the built
  // portal: that refusal is the journey's (inventory.spec.ts).
  it("is refused every inventory page, in either language", async () => {
    const guest = await signedIn("guest@demo.test");
    for (const [route, path] of [
      [inventory, "/inventory_system/inventory"],
      [detail, "/inventory_system/detail"],
      [arrivalReport, "/inventory_system/arrival_report"],
      [detail, "/en/inventory_system/detail"],
    ] as const) {
      const outcome = await guest.get(route, path, { home: true });
      expect(outcome.status, path).toBe(403);
    }
  });
});

describe("the inventory download", () => {
  it("sends a visitor who is not signed in to the login page, without a file", async () => {
    const anonymous = await download(visitor(), "details");
    expect(anonymous.response.status).toBe(302);
    expect(anonymous.response.headers.get("Content-Type") ?? "").not.toContain("spreadsheet");
  });

  it("refuses another site's post, and answers an unknown kind by going back to the page", async () => {
    const manager = await signedIn("manager@demo.test");
    const crossSite = await download(manager, "arrival", "https://evil.example");
    expect(crossSite.response.status).toBe(403);
    // An unknown kind is refused like any failed download: back to the page, which says why.
    const unknown = await download(manager, "orders");
    expect(unknown.response.status).toBe(302);
    expect(unknown.response.headers.get("Location")).toMatch(/^\/inventory_system/);
  });
});
