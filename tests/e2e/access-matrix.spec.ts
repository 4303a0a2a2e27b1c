import type { APIRequestContext } from "@playwright/test";
import { entryFor } from "../../app/utils/permissions.ts";
import {
  HOME_PAGES,
  PATHS,
  RESOURCES as RESOURCE_ROUTES,
  type ResourceDeclaration,
  STAFF,
} from "../../app/utils/site-map.ts";
import { ACCOUNTS, expect, portalLogin, test } from "./fixtures.ts";

/**
 * Who may open what, from the portal's side: every actor × every page, page
 * action and resource route of the one declaration of the portal's addresses
 * (app/utils/site-map.ts), with the status its rule makes each cell answer. The
 * backend's side (`/api/v1`) has its own matrix in
 * tests/contract/access-matrix.test.ts; company isolation of the data itself
 * is tested there and in companies.spec.ts (both managers open the same
 * pages, and see different rows).
 */

const ACTORS = ["anonymous", "guest", "managerA", "managerB", "subAccountA", "admin"] as const;
type Actor = (typeof ACTORS)[number];
const ACCOUNT_OF: Record<Exclude<Actor, "anonymous">, string> = {
  guest: ACCOUNTS.guest,
  managerA: ACCOUNTS.manager,
  // The seeded Guangzhou Nansha company's manager.
  managerB: "nansha.trade@demo.test",
  // A CBA_MANAGER sub-account of manager@demo.test.
  subAccountA: "ops@demo.test",
  admin: ACCOUNTS.admin,
};

/** A refusal to a visitor: back to the login page of the page's language. */
const LOGIN = "login";
type Cell = number | typeof LOGIN;
type Row = Record<Actor, Cell>;

const staff: Row = {
  anonymous: LOGIN,
  guest: 403,
  managerA: 200,
  managerB: 200,
  subAccountA: 200,
  admin: 200,
};
const signedIn: Row = { ...staff, guest: 200 };
/** A company's main account only (sub-accounts are managed by their owner). */
const primaryStaff: Row = { ...staff, subAccountA: 403 };

/** The row a page's rule (its menu entry, from the one declaration of pages) must produce. */
function rowOf(path: string): Row {
  const entry = entryFor(path);
  if (!entry || entry.allow.includes("GUEST")) return signedIn;
  if (entry.allow.join() !== STAFF.join())
    throw new Error(`${path}: a new rule needs a row of its own`);
  return entry.primaryOnly ? primaryStaff : staff;
}

/** A query a page is opened with, where it needs one to call the backend. */
const SAMPLE_QUERY: Record<string, string> = { [PATHS.pallets]: "/?serviceNo=NONE" };

/** Every declared page of the home layout (those that only redirect aside). */
const PAGES: [path: string, row: Row][] = HOME_PAGES.filter((page) => !page.redirectsTo).map(
  (page) => [`${page.path}${SAMPLE_QUERY[page.path] ?? ""}`, rowOf(page.path)],
);

/**
 * Page actions, posted to every page with an intent no page knows: refused by
 * the rule before anything is read (a page without an action answers 405 to
 * whom it lets in).
 */
const ACTIONS: [path: string, row: Row][] = HOME_PAGES.filter((page) => !page.redirectsTo).map(
  (page) => [page.path, rowOf(page.path)],
);

/** The fields a resource route needs to do its work (without them it refuses the request, 4xx). */
const SAMPLE_FORM: Record<string, Record<string, string>> = {
  "/order/download": { kind: "orders" },
};

/** Resource routes that belong to a page; a visitor is sent to the login page or refused. */
const RESOURCES: [resource: ResourceDeclaration, row: Row][] = RESOURCE_ROUTES.filter(
  (resource) => resource.page,
).map((resource) => [resource, rowOf(resource.page!)]);

async function signedInAs(actor: Actor, newRequest: () => Promise<APIRequestContext>) {
  const request = await newRequest();
  if (actor !== "anonymous") await portalLogin(request, ACCOUNT_OF[actor]);
  return request;
}

function cellOf(status: number, location: string | undefined): Cell {
  if ((status === 302 || status === 303) && location) {
    const target = new URL(location, "http://portal").pathname;
    return target === "/" || target === "/en" ? LOGIN : status;
  }
  return status;
}

/** Answers of a call that must not be refused: anything but a refusal, a redirect to login or an error. */
function allowed(cell: Cell): boolean {
  return cell !== LOGIN && cell !== 403 && typeof cell === "number" && cell < 500;
}

for (const actor of ACTORS) {
  test(`access matrix: ${actor}`, async ({ newRequest, baseURL }) => {
    const request = await signedInAs(actor, newRequest);
    const origin = new URL(baseURL!).origin;
    const seen: Record<string, Cell> = {};
    const expected: Record<string, Cell> = {};

    for (const [path, row] of PAGES) {
      for (const prefix of ["", "/en"]) {
        const answer = await request.get(`${prefix}${path}`, { maxRedirects: 0 });
        seen[`GET ${prefix}${path}`] = cellOf(answer.status(), answer.headers().location);
        expected[`GET ${prefix}${path}`] = row[actor];
      }
    }
    for (const [path, row] of ACTIONS) {
      const answer = await request.post(path, {
        form: { intent: "no-such-intent" },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      const cell = cellOf(answer.status(), answer.headers().location);
      const want = row[actor];
      // An allowed actor's post reaches the action, which answers the unknown intent as it will.
      seen[`POST ${path}`] = want === 200 && allowed(cell) ? 200 : cell;
      expected[`POST ${path}`] = want;
    }
    for (const [{ path, method, page }, row] of RESOURCES) {
      const answer =
        method === "GET"
          ? await request.get(path, { headers: { Referer: `${origin}${page}` }, maxRedirects: 0 })
          : await request.post(path, {
              form: SAMPLE_FORM[path] ?? {},
              headers: { Origin: origin },
              maxRedirects: 0,
            });
      const cell = cellOf(answer.status(), answer.headers().location);
      const want = row[actor];
      seen[`${method} ${path}`] = want === 200 && allowed(cell) ? 200 : cell;
      expected[`${method} ${path}`] = want;
    }
    expect(seen).toEqual(expected);
  });
}

test("the login page and a submenu's own address send a signed-in user on", async ({
  newRequest,
}) => {
  const whereTo = async (request: APIRequestContext, path: string) => {
    const answer = await request.get(path, { maxRedirects: 0 });
    return `${answer.status()} ${answer.headers().location ?? ""}`;
  };
  const manager = await signedInAs("managerA", newRequest);
  const guest = await signedInAs("guest", newRequest);
  const submenus = HOME_PAGES.filter((page) => page.redirectsTo);
  expect(submenus.map((page) => page.path).sort()).toEqual([PATHS.inventorySystem, PATHS.settings]);
  for (const prefix of ["", "/en"]) {
    expect(await whereTo(manager, prefix || "/")).toBe(`302 ${prefix}${PATHS.services}`);
    expect(await whereTo(guest, prefix || "/")).toBe(`302 ${prefix}${PATHS.qualification}`);
    for (const { path, redirectsTo } of submenus) {
      expect(await whereTo(manager, `${prefix}${path}/`)).toBe(`302 ${prefix}${redirectsTo}`);
      expect(await whereTo(guest, `${prefix}${path}/`)).toBe("403 ");
    }
  }
});
