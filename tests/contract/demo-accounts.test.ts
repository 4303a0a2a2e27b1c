/**
 * The published demo accounts (README's table: every seeded account, one
 * password anyone can read) cannot be taken over: no reset code is sent for
 * them, no reset or change of their password is accepted, and the refusal
 * says why in the caller's language. Their data still changes as anyone's.
 */
import { describe, expect, it } from "vitest";
import { PUBLISHED_DEMO_ACCOUNTS } from "../../app/config/demo-accounts.ts";
import { ApiCode } from "../../app/contract/index.ts";
import { db } from "../../mocks/db.ts";
import { client, contractBackend, MANAGER, PASSWORD } from "./helpers.ts";

const server = contractBackend();

const REFUSAL = {
  zh: "这是公开的演示账号，不能重置或修改密码。请注册自己的账号来体验此功能",
  en: "This is a published demo account: its password cannot be reset or changed. Register an account of your own to try this",
};

describe("published demo accounts", () => {
  it("are every account the demo seeds", () => {
    expect([...db.userIdByName.keys()].sort()).toEqual([...PUBLISHED_DEMO_ACCOUNTS].sort());
  });

  it("get no reset code, in either language, and nobody's mailbox gets a mail", async () => {
    const visitor = client(server);
    const signedIn = client(server);
    await signedIn.login(MANAGER);
    let calls = 0;
    for (const email of PUBLISHED_DEMO_ACCOUNTS) {
      for (const lang of ["zh", "en"] as const) {
        for (const prefix of ["", "/seller"]) {
          // From addresses of their own: e-mail codes are limited per address.
          calls += 1;
          const answer = await visitor.call(`${prefix}/account/captcha/email`, {
            query: { email: email.toUpperCase(), scene: "forgot" },
            headers: { "x-forwarded-for": `192.0.2.${calls}` },
            lang,
          });
          expect(answer, email).toMatchObject({ code: ApiCode.wrongStatus, data: REFUSAL[lang] });
        }
      }
    }
    // Without a scene, a known address asks for a reset code: refused the same way.
    expect((await visitor.call("/account/captcha/email", { query: { email: MANAGER } })).code).toBe(
      ApiCode.wrongStatus,
    );
    expect((await visitor.call("/demo/outbox")).data).toEqual([]);
    expect((await signedIn.call("/demo/outbox")).data).toEqual([]);
  });

  it("cannot have their password changed, even with the right old password", async () => {
    const api = client(server);
    for (const email of [MANAGER, "ops@demo.test", "admin@demo.test"]) {
      const token = await api.login(email);
      for (const lang of ["zh", "en"] as const) {
        const answer = await api.call("/account/modify-password/pwd", {
          method: "POST",
          token,
          lang,
          body: { oldPassword: PASSWORD, password: "Harbour#2024", checkPass: "Harbour#2024" },
        });
        expect(answer, email).toMatchObject({ code: ApiCode.wrongStatus, data: REFUSAL[lang] });
      }
      // The token still works and the published password still signs in.
      expect((await api.call("/account/account-info", { token })).code).toBe(200);
      expect(await api.login(email)).toBeTypeOf("string");
    }
  });

  it("still change their data like any account", async () => {
    const api = client(server);
    const token = await api.login(MANAGER);
    const changed = await api.call("/account/home-page", {
      method: "PUT",
      token,
      body: { homePage: "workbench" },
    });
    expect(changed).toMatchObject({ code: 200, data: { homePage: "workbench" } });
  });
});
