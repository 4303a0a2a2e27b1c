/**
 * Post / redirect / get, for every action of the portal: each route module
 * the site map declares that has an action is walked here, its post that
 * goes through answered with a redirect (3xx), never a page of its own that
 * a reload would post again. An action added without a walk here fails the
 * first test. The few that change nothing (downloads, the unknown address)
 * are named with why.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type RowsText, rowsOf } from "~/routes/order/order-view.ts";
import {
  HOME_PAGES,
  NOT_FOUND_PAGE,
  PUBLIC_PAGES,
  REGISTER_PAGES,
  RESOURCES,
} from "~/utils/site-map.ts";
import { db } from "../../mocks/db.ts";
import {
  freshBackend,
  type Outcome,
  type RouteModule,
  signedIn,
  type Visitor,
  visitor,
} from "./account-harness.ts";

const PASSWORD = "Demo1234!";

beforeEach(freshBackend);

const moduleOf = (file: string): Promise<RouteModule> => import(`../../app/${file}`);

/** The data a page's loader gives the signed-in browser. */
async function pageData<T>(browser: Visitor, file: string, path: string): Promise<T> {
  const outcome = await browser.get(await moduleOf(file), path, { home: true });
  expect(outcome.status).toBe(200);
  return outcome.data as T;
}

const fresh = () => `walk-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

/** A post of each action that goes through, and the browser it comes from. */
type Walk = () => Promise<{ browser: Visitor; path: string; form: Record<string, string> }>;

const WALKS: Record<string, Walk> = {
  "routes/order/orders.tsx": async () => {
    const browser = await signedIn("manager@demo.test");
    const list = rowsOf(
      await pageData<{ rows: RowsText }>(browser, "routes/order/orders.tsx", "/order/"),
    );
    const form = {
      intent: "remarks",
      confirmed: "1",
      orderNoList: list[0]?.orderNo ?? "",
      reasonForDetention: "核对",
    };
    return { browser, path: "/order/", form };
  },
  "routes/services/pallets.tsx": async () => {
    const browser = await signedIn("admin@demo.test");
    const list = rowsOf(
      await pageData<{ rows: RowsText }>(browser, "routes/order/orders.tsx", "/order/"),
    );
    const form = { salverNo: list[0]?.salverNo ?? "", salverDirection: "B-02-03" };
    return { browser, path: "/server/salver", form };
  },
  "routes/inventory/inventory.tsx": async () => {
    const browser = await signedIn("admin@demo.test");
    const list = rowsOf(
      await pageData<{ rows: RowsText }>(browser, "routes/order/orders.tsx", "/order/"),
    );
    const form = { salverNoOrOrderNo: list[0]?.orderNo ?? "", direction: "in" };
    return { browser, path: "/inventory_system/inventory", form };
  },
  "routes/setting/center.tsx": async () => {
    // The published demo accounts keep their passwords: a new account, made a manager.
    const email = fresh();
    await visitor().registerAccount(email);
    await db.users.update(db.userIdByName.get(email) ?? "", (user) => {
      user.scope = ["CBA_MANAGER"];
    });
    const browser = await signedIn(email);
    const form = { oldPassword: PASSWORD, password: "Walk5678!", checkPass: "Walk5678!" };
    return { browser, path: "/setting/center", form };
  },
  "routes/setting/account.tsx": async () => {
    // Published demo accounts refuse single login: a new account, made a manager.
    const email = fresh();
    await visitor().registerAccount(email);
    await db.users.update(db.userIdByName.get(email) ?? "", (user) => {
      user.scope = ["CBA_MANAGER"];
    });
    return {
      browser: await signedIn(email),
      path: "/setting/account",
      form: { intent: "singleLogin", isSingleLogin: "true" },
    };
  },
  "routes/sub-account.tsx": async () => ({
    browser: await signedIn("manager@demo.test"),
    path: "/sub_account",
    form: { intent: "create", email: fresh(), role: "GUEST" },
  }),
  "routes/qualificat.tsx": async () => {
    const browser = await signedIn("admin@demo.test");
    const { review } = await pageData<{ review: { list: { id: string; state: string }[] } }>(
      browser,
      "routes/qualificat.tsx",
      "/qualificat",
    );
    const waiting = review.list.find((company) => company.state === "pending");
    const form = { intent: "review", decision: "start", id: waiting?.id ?? "" };
    return { browser, path: "/qualificat", form };
  },
  "routes/login-form.tsx": async () => {
    const browser = visitor();
    const code = await browser.imageCode("login");
    return {
      browser,
      path: "/login",
      form: { username: "manager@demo.test", password: PASSWORD, code },
    };
  },
  "routes/register/account-registration.tsx": async () => {
    const browser = visitor();
    const code = await browser.imageCode("register");
    const form = { intent: "account", email: fresh(), password: PASSWORD, checkPass: PASSWORD };
    return { browser, path: "/register/accountRegistration", form: { ...form, code } };
  },
  "routes/forgot-password.tsx": async () => {
    const email = fresh();
    const browser = visitor();
    await browser.registerAccount(email);
    const code = await browser.imageCode("forgot");
    return { browser, path: "/forge_password", form: { intent: "account", email, code } };
  },
  "routes/resources/logout.ts": async () => ({
    browser: await signedIn("manager@demo.test"),
    path: "/logout",
    form: { lang: "zh" },
  }),
  "routes/resources/language.ts": async () => ({
    browser: visitor(),
    path: "/language",
    form: { lang: "en", returnTo: "/order/" },
  }),
  "routes/resources/notice-read.ts": async () => {
    const browser = await signedIn("manager@demo.test");
    const { list } = await pageData<{ list: { id: string }[] }>(
      browser,
      "routes/notifications.tsx",
      "/notifications",
    );
    return { browser, path: "/notice/read", form: { id: list[0]?.id ?? "", returnTo: "/" } };
  },
  "routes/resources/saved-views.ts": async () => ({
    browser: await signedIn("manager@demo.test"),
    path: "/saved-views",
    form: { list: "orders", intent: "save", name: "Detained", back: "/order/?cbaStatus=2" },
  }),
  "routes/resources/table-columns.ts": async () => ({
    browser: visitor(),
    path: "/table-columns",
    form: { table: "orders", column: "consignee", back: "/order/" },
  }),
};

/** Actions that change nothing, and why they need no redirect. */
const UNCHANGING: Record<string, string> = {
  "routes/resources/order-download.ts": "answers a workbook of the chosen orders",
  "routes/resources/inventory-download.ts": "answers a workbook of the filtered list",
  "routes/resources/audit-download.ts": "answers a workbook of the filtered audit log",
  "routes/resources/order-import-report.ts": "answers the posted import report as a workbook",
  "routes/not-found.tsx": "answers 404: there is nothing at the address",
};

const DECLARED = [
  ...PUBLIC_PAGES,
  ...REGISTER_PAGES,
  ...HOME_PAGES,
  ...RESOURCES,
  NOT_FOUND_PAGE,
].map((entry) => entry.file);

/** The routes that are signed-in pages (their layout's user check runs before them). */
const HOME_FILES = new Set<string>(HOME_PAGES.map((entry) => entry.file));

describe("post / redirect / get", () => {
  it("walks every action the site map declares, or says why it changes nothing", async () => {
    const withAction: string[] = [];
    for (const file of new Set(DECLARED)) {
      if ((await moduleOf(file)).action) withAction.push(file);
    }
    const covered = [...Object.keys(WALKS), ...Object.keys(UNCHANGING)].sort();
    expect(withAction.sort()).toEqual(covered);
  });

  for (const [file, walk] of Object.entries(WALKS)) {
    it(`${file}: a post that goes through answers a redirect`, async () => {
      const { browser, path, form } = await walk();
      const module = await moduleOf(file);
      const outcome: Outcome = await browser.post(module, path, form, {
        home: HOME_FILES.has(file),
      });
      expect(outcome.status, JSON.stringify(outcome.data)).toBeGreaterThanOrEqual(300);
      expect(outcome.status, JSON.stringify(outcome.data)).toBeLessThan(400);
      expect(outcome.location).toEqual(expect.any(String));
    });
  }
});
