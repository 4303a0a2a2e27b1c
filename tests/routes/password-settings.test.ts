/**
 * The password settings page (`/setting/center`) for a published demo
 * account: the page says its password cannot change, in the page's
 * language, and a post is refused by the backend with the same reason.
 * An account of one's own changes its password as before.
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as page from "~/routes/setting/center.tsx";
import { errorsOf, freshBackend, signedIn } from "./account-harness.ts";

const PASSWORD = "Demo1234!";

beforeEach(freshBackend);

const change = { oldPassword: PASSWORD, password: "Harbour#2024", checkPass: "Harbour#2024" };

describe("password settings of a published demo account", () => {
  it("says the password cannot change, and the backend refuses a post", async () => {
    const browser = await signedIn("manager@demo.test");
    const shown = await browser.get(page, "/setting/center", { home: true });
    expect(shown.data).toMatchObject({ email: "manager@demo.test", demoAccount: true });
    const zh = await browser.post(page, "/setting/center", change, { home: true });
    const reply = (outcome: typeof zh) => ({
      ...outcome,
      data: (outcome.data as { result: unknown }).result,
    });
    expect(errorsOf(reply(zh))[""]).toEqual([
      "这是公开的演示账号，不能重置或修改密码。请注册自己的账号来体验此功能",
    ]);
    const en = await browser.post(page, "/en/setting/center", change, { home: true });
    expect(errorsOf(reply(en))[""]).toEqual([
      "This is a published demo account: its password cannot be reset or changed. Register an account of your own to try this",
    ]);
    // The published password still signs in.
    await signedIn("manager@demo.test");
  });
});
