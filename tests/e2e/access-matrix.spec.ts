import type { APIRequestContext } from "@playwright/test";
import { ACCOUNTS, expect, portalLogin, test } from "./fixtures.ts";

/**
 * Who may open what, from the portal's side: every actor × every page, page
 * action and resource route, with the status each cell must answer. The
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

const PAGES: [path: string, row: Row][] = [
  ["/server", staff],
  ["/server/salver/?serviceNo=NONE", staff],
  ["/order", staff],
  ["/inventory_system/inventory", staff],
  ["/inventory_system/detail", staff],
  ["/inventory_system/arrival_report", staff],
  ["/setting/center", staff],
  ["/setting/account", staff],
  ["/sub_account", primaryStaff],
  ["/explain", staff],
  ["/qualificat", signedIn],
  ["/notifications", signedIn],
];

/** Page actions, posted with an intent no page knows: refused by the rule before anything is read. */
const ACTIONS: [path: string, row: Row][] = [
  ["/order", staff],
  ["/inventory_system/inventory", staff],
  ["/setting/center", staff],
  ["/setting/account", staff],
  ["/sub_account", primaryStaff],
  ["/qualificat", signedIn],
];

/** Resource routes a signed-in page posts to; a visitor is sent to the login page or refused. */
const RESOURCES: [path: string, form: Record<string, string>, row: Row][] = [
  ["/order/download", { kind: "orders" }, staff],
  ["/inventory/download", {}, staff],
  ["/order/import-report", {}, staff],
];

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
    for (const [path, form, row] of RESOURCES) {
      const answer = await request.post(path, {
        form,
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      const cell = cellOf(answer.status(), answer.headers().location);
      const want = row[actor];
      seen[`POST ${path}`] = want === 200 && allowed(cell) ? 200 : cell;
      expected[`POST ${path}`] = want;
    }
    expect(seen).toEqual(expected);
  });
}
