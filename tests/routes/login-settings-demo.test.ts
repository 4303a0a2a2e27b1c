/**
 * The login settings page (`/setting/account`) of a published demo account:
 * others use the account too, so the page says single login and forcing
 * other devices offline are not for it, and a post that tries is refused by
 * the backend with the reason, changing nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as page from "~/routes/setting/account.tsx";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";
import { freshBackend, signedIn } from "./account-harness.ts";

const _PASSWORD = "Demo1234!";

beforeEach(freshBackend);

interface Shown {
  demoAccount: boolean;
  isSingleLogin: boolean;
  submissionKey: string;
  rows: { deviceNo: string; current: boolean; online: boolean }[];
}

describe("login settings of a published demo account", () => {
  it("says what is refused, and single login and forcing a device stay refused", async () => {
    await signedIn("manager@demo.test");
    const browser = await signedIn("manager@demo.test");
    const shown = (await browser.get(page, "/en/setting/account", { home: true })).data as Shown;
    expect(shown).toMatchObject({ demoAccount: true, isSingleLogin: false });

    const single = await browser.post(
      page,
      "/en/setting/account",
      { intent: "singleLogin", isSingleLogin: "true", [SUBMISSION_FIELD]: shown.submissionKey },
      { home: true },
    );
    expect(single.status).toBe(400);
    expect(JSON.stringify(single.data)).toContain("published demo account");

    const other = shown.rows.find((row) => !row.current && row.online);
    if (!other) throw new Error("the other sign-in is not listed");
    const again = (await browser.get(page, "/setting/account", { home: true })).data as Shown;
    const forced = await browser.post(
      page,
      "/setting/account",
      {
        intent: "offline",
        deviceNo: other.deviceNo,
        current: "false",
        [SUBMISSION_FIELD]: again.submissionKey,
      },
      { home: true },
    );
    expect(forced.status).toBe(400);
    expect(JSON.stringify(forced.data)).toContain("公开的演示账号");

    const after = (await browser.get(page, "/setting/account", { home: true })).data as Shown;
    expect(after.isSingleLogin).toBe(false);
    expect(after.rows.find((row) => row.deviceNo === other.deviceNo)?.online).toBe(true);
  });
});
