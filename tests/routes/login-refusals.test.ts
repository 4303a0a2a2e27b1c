/**
 * The sign-in form's refusal of a wrong password, in the page's language,
 * below the browser. Drawing it (the alert, the focus kept in the form) is
 * the journeys' (foundation.spec.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as signInPage from "~/routes/login-form.tsx";
import { sessionStorage } from "~/utils/session.server.ts";
import { errorsOf, freshBackend, visitor } from "./account-harness.ts";

beforeAll(freshBackend);

describe("a wrong password", () => {
  for (const [prefix, message] of [
    ["", "用户名或密码错误"],
    ["/en", "Wrong username or password"],
  ] as const) {
    it(`is refused in the page's language (${prefix ? "en" : "zh"}), and signs nobody in`, async () => {
      const browser = visitor();
      const code = await browser.imageCode("login");
      const refused = await browser.post(signInPage, `${prefix}/login`, {
        username: "manager@demo.test",
        password: "wrong-password",
        code,
      });
      expect(refused.status).toBe(200);
      expect(JSON.stringify(errorsOf(refused))).toContain(message);
      expect(refused.location).toBeNull();
      expect(
        (await sessionStorage.getSession(browser.cookieHeader())).get("token"),
      ).toBeUndefined();
    });
  }
});
