/**
 * The home after sign-in, chosen in the login settings (`/setting/account`):
 * a choice is kept by the backend and answers a redirect back to the page,
 * which says what was saved; a choice that is not offered is refused in the
 * page's language and changes nothing; the next sign-in lands on it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as signInPage from "~/routes/login-form.tsx";
import * as page from "~/routes/setting/account.tsx";
import { freshBackend, type Visitor, visitor } from "./account-harness.ts";

const PASSWORD = "Demo1234!";

beforeEach(freshBackend);

async function signIn(
  username: string,
  browser = visitor(),
): Promise<{ browser: Visitor; to: string }> {
  const code = await browser.imageCode("login");
  const outcome = await browser.post(signInPage, "/login", { username, password: PASSWORD, code });
  expect(outcome.status).toBe(302);
  return { browser, to: outcome.location ?? "" };
}

async function settings(browser: Visitor, path = "/setting/account") {
  const shown = await browser.get(page, path, { home: true });
  return shown.data as {
    homePage: string | null;
    submissionKey: string;
    notice: { kind: string; message: string } | null;
  };
}

describe("home after sign-in", () => {
  it("is kept, redirects back with what was saved, and is where the next sign-in lands", async () => {
    const { browser, to } = await signIn("manager@demo.test");
    expect(to).toBe("/server");
    const before = await settings(browser);
    expect(before.homePage).toBe("services");
    const saved = await browser.post(
      page,
      "/setting/account",
      { intent: "homePage", homePage: "workbench", submissionKey: before.submissionKey },
      { home: true },
    );
    expect(saved.status).toBe(302);
    const after = await settings(browser, saved.location ?? "");
    expect(after.homePage).toBe("workbench");
    expect(after.notice).toEqual({ kind: "success", message: "已保存：登录后打开工作台。" });
    const again = await signIn("manager@demo.test");
    expect(again.to).toBe("/workbench");
    // In English the same choice lands on the English copy.
    const english = visitor();
    const code = await english.imageCode("login");
    const outcome = await english.post(signInPage, "/en/login", {
      username: "manager@demo.test",
      password: PASSWORD,
      code,
    });
    expect(outcome.location).toBe("/en/workbench");
  });

  it("refuses a page that is not offered, in the page's language, and changes nothing", async () => {
    const { browser } = await signIn("manager@demo.test");
    const shown = await settings(browser);
    const refused = await browser.post(
      page,
      "/en/setting/account",
      { intent: "homePage", homePage: "orders", submissionKey: shown.submissionKey },
      { home: true },
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      notice: { kind: "error", message: "Choose the page to open after signing in." },
    });
    expect((await settings(browser)).homePage).toBe("services");
    expect((await signIn("manager@demo.test")).to).toBe("/server");
  });
});
