/**
 * Sub-accounts (docs/product.md, Sub-accounts) through their route module behind the
 * home layout's user check: who may open the page, creating and enabling or
 * disabling a sub-account, and each refusal.
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as signInPage from "~/routes/login.callback.tsx";
import * as page from "~/routes/sub-account.tsx";
import { errorsOf, freshBackend, type Outcome, type Visitor, visitor } from "./account-harness.ts";

const PATH = "/sub_account";
const PASSWORD = "Demo1234!";

beforeEach(freshBackend);

/** A browser signed in as `username` through the login form. */
async function signedIn(username: string): Promise<Visitor> {
  const browser = visitor();
  const code = await browser.imageCode("login");
  const outcome = await browser.post(signInPage, "/login", { username, password: PASSWORD, code });
  expect(outcome.status).toBe(302);
  return browser;
}

type Row = { id: string; username: string; role: string; enabled: boolean };
type Listing = { roles: string[]; rows: Row[] };
type Answer = {
  result?: { status?: string; error?: Record<string, string[] | null> };
  notice?: { kind: string; message: string };
};

async function listOf(browser: Visitor): Promise<Listing> {
  const outcome = await browser.get(page, PATH, { home: true });
  expect(outcome.status).toBe(200);
  return outcome.data as Listing;
}

function post(browser: Visitor, form: Record<string, string>) {
  return browser.post(page, PATH, form, { home: true });
}

/** A change done answers a redirect to the page, which shows its notice. */
async function shownAfter(browser: Visitor, outcome: Outcome) {
  expect(outcome.status).toBe(302);
  expect(outcome.location).toMatch(/^\/sub_account\/\?done=/);
  const shown = await browser.get(page, outcome.location ?? "", { home: true });
  return shown.data as Listing & Answer;
}

describe("who may manage sub-accounts", () => {
  it("a main account sees its sub-accounts and the roles it may give", async () => {
    const listing = await listOf(await signedIn("manager@demo.test"));
    expect(listing.roles).toEqual(["CBA_MANAGER", "GUEST"]);
    expect(listing.rows.map((row) => row.username)).toEqual(
      expect.arrayContaining(["ops@demo.test", "intern@demo.test"]),
    );
  });

  it("a sub-account and a guest are refused the page", async () => {
    for (const username of ["ops@demo.test", "guest@demo.test"]) {
      const outcome = await (await signedIn(username)).get(page, PATH, { home: true });
      expect(outcome.status).toBe(403);
      expect(outcome.thrown).toBe(true);
    }
  });

  it("a visitor who is not signed in goes to the login page", async () => {
    const outcome = await visitor().get(page, PATH, { home: true });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/");
  });
});

describe("creating a sub-account", () => {
  it("refuses an address that is not one, and a role it does not know", async () => {
    const browser = await signedIn("manager@demo.test");
    const outcome = await post(browser, {
      intent: "create",
      email: "not-an-address",
      role: "SYSTEM_ADMINISTRATOR",
    });
    const errors = (outcome.data as Answer).result?.error ?? {};
    expect(errors.email).toEqual(["account.errors.emailInvalid"]);
    expect(errors.role).toEqual(["account.errors.roleRequired"]);
  });

  it("refuses an address that is taken, on the address, with the backend's message", async () => {
    const browser = await signedIn("manager@demo.test");
    const outcome = await post(browser, {
      intent: "create",
      email: "guest@demo.test",
      role: "GUEST",
    });
    const answer = outcome.data as Answer;
    expect(answer.result?.error?.email).toHaveLength(1);
    expect(answer.result?.error?.email?.[0]).not.toMatch(/^account\./);
    expect(answer.notice).toBeUndefined();
  });

  it("creates one, says so, empties the form and lists it", async () => {
    const browser = await signedIn("manager@demo.test");
    const email = `route-sub-${Date.now()}@example.com`;
    const outcome = await post(browser, { intent: "create", email, role: "GUEST" });
    const answer = await shownAfter(browser, outcome);
    expect(answer.notice).toEqual({
      kind: "success",
      message: `子账号 ${email} 已创建，邀请邮件已发送`,
    });
    expect(answer.rows.map((row) => row.username)).toContain(email);
  });

  it("creates one once, whatever number of times its form is sent", async () => {
    const browser = await signedIn("manager@demo.test");
    const email = `route-sub-once-${Date.now()}@example.com`;
    const form = { intent: "create", email, role: "GUEST", submissionKey: "create-sub-once-0001" };
    const first = await post(browser, form);
    // A reload of the answer: the same redirect, no second invitation or refusal.
    const again = await post(browser, form);
    expect(again.status).toBe(302);
    expect(again.location).toBe(first.location);
    expect((await shownAfter(browser, again)).notice?.kind).toBe("success");
  });
});

describe("enabling and disabling a sub-account", () => {
  it("refuses a form without a sub-account", async () => {
    const browser = await signedIn("manager@demo.test");
    const outcome = await post(browser, { intent: "toggle", enabled: "false" });
    expect(outcome.status).toBe(400);
    expect((outcome.data as Answer).notice?.kind).toBe("error");
  });

  it("refuses a sub-account of another company", async () => {
    const manager = await signedIn("manager@demo.test");
    const ops = (await listOf(manager)).rows.find((row) => row.username === "ops@demo.test");
    if (!ops) throw new Error("ops@demo.test is not listed");
    const other = await signedIn("nansha.trade@demo.test");
    const outcome = await post(other, { intent: "toggle", id: ops.id, enabled: "false" });
    // To another company, this sub-account does not exist.
    expect((outcome.data as Answer).notice).toEqual({ kind: "error", message: "子账号不存在" });
    expect((await listOf(manager)).rows.find((row) => row.id === ops.id)).toMatchObject({
      enabled: true,
    });
  });

  it("disables one, whose sign-in is then refused on the form, and enables it again", async () => {
    const browser = await signedIn("manager@demo.test");
    const ops = (await listOf(browser)).rows.find((row) => row.username === "ops@demo.test");
    if (!ops) throw new Error("ops@demo.test is not listed");

    const off = await post(browser, { intent: "toggle", id: ops.id, enabled: "false" });
    expect((await shownAfter(browser, off)).notice).toEqual({
      kind: "success",
      message: "子账号已停用，其登录已全部下线",
    });

    const refused = visitor();
    const code = await refused.imageCode("login");
    const login = await refused.post(signInPage, "/login", {
      username: "ops@demo.test",
      password: PASSWORD,
      code,
    });
    expect(login.status).toBe(200);
    expect(errorsOf(login)[""]?.[0]).toEqual(expect.any(String));

    const on = await post(browser, { intent: "toggle", id: ops.id, enabled: "true" });
    expect((await shownAfter(browser, on)).notice).toEqual({
      kind: "success",
      message: "子账号已启用",
    });
    await signedIn("ops@demo.test");
  });
});
