/**
 * Sub-accounts (docs/product.md, Sub-accounts) through their route module behind the
 * home layout's user check: who may open the page, creating and enabling or
 * disabling a sub-account, and each refusal.
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as signInPage from "~/routes/login-form.tsx";
import * as page from "~/routes/sub-account.tsx";
import { mockClock } from "../../mocks/api.ts";
import { unpublishedCopyOf } from "../contract/helpers.ts";
import {
  errorsOf,
  freshBackend,
  type Outcome,
  signedIn,
  type Visitor,
  visitor,
} from "./account-harness.ts";

const PATH = "/sub_account";
const PASSWORD = "Demo1234!";

beforeEach(freshBackend);

type Row = { id: string; username: string; role: string; enabled: boolean; invitable: boolean };
type Listing = { roles: string[]; rows: Row[]; deleting: Row | null };
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
    const staff = await unpublishedCopyOf("ops@demo.test", "ops.copy@example.com");
    const browser = await signedIn("manager@demo.test");
    const ops = await rowOf(browser, staff);

    const off = await post(browser, { intent: "toggle", id: ops.id, enabled: "false" });
    expect((await shownAfter(browser, off)).notice).toEqual({
      kind: "success",
      message: "子账号已停用，其登录已全部下线",
    });

    const refused = visitor();
    const code = await refused.imageCode("login");
    const login = await refused.post(signInPage, "/login", {
      username: staff,
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
    await signedIn(staff);
  });
});

/** A new GUEST sub-account of the manager's, created through the page: its row. */
async function createdSub(browser: Visitor, email: string): Promise<Row> {
  const outcome = await post(browser, { intent: "create", email, role: "GUEST" });
  const row = (await shownAfter(browser, outcome)).rows.find((entry) => entry.username === email);
  if (!row) throw new Error(`${email} is not listed`);
  return row;
}

async function rowOf(browser: Visitor, username: string): Promise<Row> {
  const row = (await listOf(browser)).rows.find((entry) => entry.username === username);
  if (!row) throw new Error(`${username} is not listed`);
  return row;
}

describe("changing a sub-account's role", () => {
  it("changes it, says so and lists the new role", async () => {
    const staff = await unpublishedCopyOf("ops@demo.test", "ops.copy@example.com");
    const browser = await signedIn("manager@demo.test");
    const ops = await rowOf(browser, staff);
    expect(ops.role).toBe("CBA_MANAGER");
    const outcome = await post(browser, { intent: "role", id: ops.id, role: "GUEST" });
    const answer = await shownAfter(browser, outcome);
    expect(answer.notice).toEqual({
      kind: "success",
      message: "子账号 ops.copy@example.com 的角色已改为“访客”",
    });
    expect(answer.rows.find((row) => row.id === ops.id)?.role).toBe("GUEST");
  });

  it("keeps a published demo sub-account's role and status for everyone using it, and says why", async () => {
    const browser = await signedIn("manager@demo.test");
    const ops = await rowOf(browser, "ops@demo.test");
    const forms: Record<string, string>[] = [
      { intent: "role", id: ops.id, role: "GUEST" },
      { intent: "toggle", id: ops.id, enabled: "false" },
    ];
    for (const form of forms) {
      const outcome = await post(browser, form);
      expect((outcome.data as Answer).notice?.kind, form.intent).toBe("error");
      expect((outcome.data as Answer).notice?.message).toContain("公开的演示账号");
    }
    expect(await rowOf(browser, "ops@demo.test")).toMatchObject({
      role: "CBA_MANAGER",
      enabled: true,
    });
    await signedIn("ops@demo.test");
  });

  it("refuses a role that does not exist, and another company's sub-account, changing nothing", async () => {
    const browser = await signedIn("manager@demo.test");
    const ops = await rowOf(browser, "ops@demo.test");
    const unknown = await post(browser, {
      intent: "role",
      id: ops.id,
      role: "SYSTEM_ADMINISTRATOR",
    });
    expect(unknown.status).toBe(400);
    expect((unknown.data as Answer).notice?.kind).toBe("error");
    const other = await signedIn("nansha.trade@demo.test");
    const foreign = await post(other, { intent: "role", id: ops.id, role: "GUEST" });
    expect((foreign.data as Answer).notice).toEqual({ kind: "error", message: "子账号不存在" });
    expect((await rowOf(browser, "ops@demo.test")).role).toBe("CBA_MANAGER");
  });
});

describe("mailing the invitation again", () => {
  it("is offered until the sub-account signs in, waits a minute per address, and says so", async () => {
    const browser = await signedIn("manager@demo.test");
    const email = `route-again-${Date.now()}@example.com`;
    const sub = await createdSub(browser, email);
    expect(sub.invitable).toBe(true);
    // The creation mailed the first invitation a moment ago.
    const early = await post(browser, { intent: "resend", id: sub.id });
    expect(early.status).toBe(400);
    expect((early.data as Answer).notice?.message).toMatch(/^发送过于频繁，请 \d+ 秒后再试$/);
    mockClock.advance(61_000);
    const again = await post(browser, { intent: "resend", id: sub.id });
    expect((await shownAfter(browser, again)).notice).toEqual({
      kind: "success",
      message: `邀请邮件已重新发送至 ${email}`,
    });

    await signedIn("ops@demo.test");
    const ops = await rowOf(browser, "ops@demo.test");
    expect(ops.invitable).toBe(false);
    const refused = await post(browser, { intent: "resend", id: ops.id });
    expect((refused.data as Answer).notice?.kind).toBe("error");
  });
});

describe("deleting a sub-account", () => {
  it("asks first: the unconfirmed post leads to the question, a page of its own", async () => {
    const browser = await signedIn("manager@demo.test");
    const sub = await createdSub(browser, `route-ask-${Date.now()}@example.com`);
    const asked = await post(browser, { intent: "delete", id: sub.id });
    expect(asked.status).toBe(302);
    expect(asked.location).toBe(`/sub_account/?delete=${sub.id}`);
    const question = (await browser.get(page, asked.location ?? "", { home: true }))
      .data as Listing;
    expect(question.deleting).toMatchObject({ id: sub.id, username: sub.username });
    // Nothing was deleted by asking.
    expect(question.rows.map((row) => row.id)).toContain(sub.id);
    // An id this page does not list asks nothing.
    const none = await browser.get(page, "/sub_account/?delete=u-nobody", { home: true });
    expect((none.data as Listing).deleting).toBeNull();
  });

  it("deletes once confirmed: says so, and the list and the question forget it", async () => {
    const browser = await signedIn("manager@demo.test");
    const email = `route-delete-${Date.now()}@example.com`;
    const sub = await createdSub(browser, email);
    const outcome = await post(browser, {
      intent: "delete",
      id: sub.id,
      confirmed: "1",
      submissionKey: "delete-sub-once-0001",
    });
    const answer = await shownAfter(browser, outcome);
    expect(answer.notice).toEqual({
      kind: "success",
      message: `子账号 ${email} 已删除，其登录已全部下线`,
    });
    expect(answer.rows.map((row) => row.id)).not.toContain(sub.id);
    expect(answer.deleting).toBeNull();
    // Sent again (a reload): the same redirect, not a refusal for an unknown sub-account.
    const again = await post(browser, {
      intent: "delete",
      id: sub.id,
      confirmed: "1",
      submissionKey: "delete-sub-once-0001",
    });
    expect(again.location).toBe(outcome.location);
  });

  it("the deletion posted from the question's page goes back to the list without the question", async () => {
    const browser = await signedIn("manager@demo.test");
    const sub = await createdSub(browser, `route-back-${Date.now()}@example.com`);
    const outcome = await browser.post(
      page,
      `/sub_account/?delete=${sub.id}`,
      { intent: "delete", id: sub.id, confirmed: "1" },
      { home: true },
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).not.toContain("delete=");
  });

  it("refuses a published demo account and another company's sub-account, deleting nothing", async () => {
    const browser = await signedIn("manager@demo.test");
    const ops = await rowOf(browser, "ops@demo.test");
    const demo = await post(browser, { intent: "delete", id: ops.id, confirmed: "1" });
    expect(demo.status).toBe(400);
    expect((demo.data as Answer).notice?.message).toMatch(/演示账号/);
    const other = await signedIn("nansha.trade@demo.test");
    const foreign = await post(other, { intent: "delete", id: ops.id, confirmed: "1" });
    expect((foreign.data as Answer).notice).toEqual({ kind: "error", message: "子账号不存在" });
    expect((await listOf(browser)).rows.map((row) => row.id)).toContain(ops.id);
  });
});
