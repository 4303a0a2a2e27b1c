/**
 * What the order page's loaders send the browser for its hydration: React
 * Router encodes all of it into the page, and the browser decodes and keeps
 * it. Each route sends what the browser reads and nothing it can make
 * itself: no value left empty (null, "", [] or {}) where leaving the key out
 * reads the same, no label the browser draws from its translations, no
 * object per row, and the rows as one text (turbo-stream encodes every value
 * of the data on its own).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as root from "~/root.tsx";
import { loader as layoutLoader } from "~/routes/layouts/home.tsx";
import { type RowsText, rowsOf } from "~/routes/order/order-view.ts";
import { loader as ordersLoader } from "~/routes/order/orders.tsx";
import { setAuditDestination } from "~/utils/audit.server.ts";
import { ADMIN, CHROME_UA, reset } from "../contract/helpers.ts";
import { ORIGIN, payloadOf, runRoute, sessionCookieOf } from "./harness.ts";

// The build names the translations' chunks (vite.config.ts); here two stand-ins.
vi.mock("virtual:locale-chunks", () => ({
  default: { zh: "/assets/base-zh.js", en: "/assets/base-en.js" },
  signedIn: { zh: "/assets/signed-in-zh.js", en: "/assets/signed-in-en.js" },
}));

let cookie = "";

/** What `handler` answers `path` for the administrator, behind the app's middleware. */
async function dataOf(path: string, handler: (args: never) => unknown): Promise<object> {
  const request = new Request(`${ORIGIN}${path}`, {
    headers: { Cookie: cookie, "User-Agent": CHROME_UA },
  });
  const answer = await runRoute({ request, handler, home: true, pattern: "/order" });
  if (answer.thrown) throw new Error(`${path} threw ${answer.response.status}`);
  return payloadOf(answer.value) as object;
}

/** The keys whose value is empty: null, undefined, "", [] or {}. */
function emptyKeys(value: object): string[] {
  return Object.entries(value).flatMap(([key, field]) =>
    field === null ||
    field === undefined ||
    field === "" ||
    (Array.isArray(field) && field.length === 0) ||
    (typeof field === "object" && !Array.isArray(field) && Object.keys(field).length === 0)
      ? [key]
      : [],
  );
}

setAuditDestination({ write: () => undefined });

beforeEach(async () => {
  await reset();
  cookie = await sessionCookieOf(ADMIN);
});

describe("the order page's data for the browser", () => {
  for (const prefix of ["", "/en"]) {
    it(`holds what the page reads and no empty value (${prefix || "/"}, 20 rows)`, async () => {
      const path = `${prefix}/order/?pageSize=20`;
      // The root sends nothing: its language is the address's, its title is
      // drawn from the browser's translations, and the translations' chunks
      // are preloaded by the server's head alone.
      expect("loader" in root).toBe(false);

      const shell = await dataOf(path, layoutLoader as never);
      // No notice, the menu open: no `flash: null`, no `collapsed: false`.
      expect(Object.keys(shell)).toEqual(["unread", "locale", "username", "viewer"]);
      expect(emptyKeys(shell)).toEqual([]);
      // A main account: no `subAccount: false`.
      expect((shell as { viewer: object }).viewer).toEqual({
        scope: ["SYSTEM_ADMINISTRATOR", "CBA_MANAGER"],
      });

      const page = (await dataOf(path, ordersLoader as never)) as {
        rows: RowsText;
        views: object;
      };
      // Nothing filtered, ignored, opened, chosen or posted; the account hides the default columns.
      expect(Object.keys(page)).toEqual([
        "submissionKey",
        "pagination",
        "amountTotal",
        "today",
        "views",
        "rows",
      ]);
      const { views: _views, ...rest } = page as Record<string, unknown>;
      expect(emptyKeys(rest)).toEqual([]);
      // The saved views: no view applied, no default, no notice, the settings read.
      expect(Object.keys(page.views)).toEqual(["list", "views", "submissionKey"]);

      // The rows are one value of the data, a JSON text: not an array of objects.
      // The browser reads them from the text; the server's render has them as made.
      expect(typeof page.rows).toBe("string");
      const list = rowsOf({ rows: page.rows }) as unknown as Record<string, unknown>[];
      expect(list).toEqual(rowsOf(page));
      expect(list).toHaveLength(20);
      for (const row of list) {
        // Texts and the status's code: no object per row, no empty cell's value.
        expect(
          Object.values(row).every((field) => ["string", "number"].includes(typeof field)),
        ).toBe(true);
        expect(emptyKeys(row)).toEqual([]);
      }
    });
  }

  it("sends the collapsed menu, a sub-account and the filters once they are not empty", async () => {
    cookie = `${cookie}; menu_collapsed=1`;
    const shell = (await dataOf("/order/", layoutLoader as never)) as { collapsed?: boolean };
    expect(shell.collapsed).toBe(true);
    cookie = await sessionCookieOf("ops@demo.test");
    const sub = (await dataOf("/order/", layoutLoader as never)) as { viewer: object };
    expect(sub.viewer).toEqual({ scope: ["CBA_MANAGER"], subAccount: true });
    cookie = await sessionCookieOf(ADMIN);

    const page = (await dataOf(
      "/order/?cbaStatus=1&orderNo=DD&pageSize=20",
      ordersLoader as never,
    )) as Record<string, unknown>;
    expect(page.filters).toEqual({ orderNo: "DD" });
    expect(page.rangeFilters).toEqual({ statuses: [1] });
  });
});
