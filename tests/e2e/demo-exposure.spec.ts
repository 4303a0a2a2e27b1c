import { Agent } from "node:http";
import { E2E_CAPTCHA_CODE } from "../../playwright.config.ts";
import { callOver } from "../keep-alive-call.ts";
import { expect, signIn, test, WORLD_HEADER } from "./fixtures.ts";

/**
 * The demo is safe to expose: through the portal's public `/api/v1` mount,
 * the calls only the portal and the tests make are unknown paths, and the
 * calls anyone may make are held to the portal's limits per address. The
 * pages of the published demo accounts say their passwords cannot change.
 */

test.describe("the public /api/v1 of the demo", () => {
  test("the demo outbox and the fault switch are unknown paths from outside", async ({
    request,
    playwright,
    baseURL,
  }) => {
    for (const path of ["/api/v1/demo/outbox", "/api/v1/demo/outbox/?to=admin@demo.test"]) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(404);
      expect((await answer.json()).code).toBe(40004);
    }
    // Outside an end-to-end test's own world, the fault switch does not exist either.
    // (The test's own world header is inherited: blank it.)
    const stranger = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { [WORLD_HEADER]: "" },
    });
    const fault = await stranger.put("/api/v1/demo/fault", {
      data: { method: "GET", path: "/cba/cba-company", code: 500 },
    });
    expect(fault.status()).toBe(404);
    expect((await fault.json()).code).toBe(40004);
    await stranger.dispose();
  });

  test("e-mail codes asked for directly are held to 10 a minute per address", async ({
    request,
  }) => {
    const ask = (index: number) =>
      request.get(`/api/v1/account/captcha/email?email=visitor${index}%40e2e.test`);
    for (let index = 0; index < 10; index += 1) {
      expect((await (await ask(index)).json()).code).toBe(200);
    }
    const refused = await (await ask(10)).json();
    expect(refused.code).toBe(1000);
    expect(refused.data).toMatch(/^此地址的请求过于频繁，请 \d+ 秒后再试$/);
  });

  test("a header naming another address does not escape the limit", async ({ request }) => {
    for (let index = 0; index < 11; index += 1) {
      const answer = await request.post("/api/v1/account/login", {
        data: { username: "manager@demo.test", password: "wrong-Pass1" },
        headers: { "X-Forwarded-For": `203.0.113.${index}` },
      });
      expect((await answer.json()).code).toBe(index < 10 ? 1001 : 1000);
    }
  });

  test("a large body answered unread holds up nothing after it on the same connection", async ({
    baseURL,
  }) => {
    // One kept-alive connection for both calls. Logout reads no body: left
    // paused, its rest held the connection until the keep-alive timeout
    // reset the next call (ECONNRESET).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const call = (method: string, path: string, body?: string) =>
      callOver(agent, new URL(path, baseURL), method, body);
    try {
      // About 600 KB: far more than arrives before the answer, within the JSON limit.
      const logout = await call(
        "POST",
        "/api/v1/account/logout",
        JSON.stringify({ note: "长".repeat(200_000) }),
      );
      const next = await call("GET", "/api/v1/account/account-info");
      expect(next.port).toBe(logout.port);
      expect(next.code).toBe(logout.code);
    } finally {
      agent.destroy();
    }
  });
});

test.describe("the published demo accounts' passwords", () => {
  test("the password settings page says it cannot change, in both languages", async ({
    page,
  }, testInfo) => {
    await signIn(page, "manager@demo.test");
    for (const [path, text] of [
      ["/setting/center", "这是公开的演示账号，任何人都可以使用，因此不能修改密码。"],
      ["/en/setting/center", "This is a published demo account that anyone may use"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId("demo-account-notice")).toContainText(text);
      await expect(
        page.getByRole("button", { name: /^(确认修改|Change password)$/ }),
      ).toBeDisabled();
      await page.screenshot({ path: testInfo.outputPath(`${path.replaceAll("/", "_")}.png`) });
    }
  });

  test("the recovery page names them, and refuses them a code, in both languages", async ({
    page,
  }, testInfo) => {
    for (const [prefix, notice, refusal] of [
      ["", "公开的演示账号", "这是公开的演示账号，不能重置或修改密码。"],
      ["/en", "the published demo accounts", "This is a published demo account"],
    ] as const) {
      await page.goto(`${prefix}/forge_password`);
      await expect(page.getByTestId("demo-accounts-notice")).toContainText(notice);
      await page.locator('input[name="email"]').fill("admin@demo.test");
      await page.locator('input[name="code"]').fill(E2E_CAPTCHA_CODE);
      await page.locator("#forgot-account button[type=submit]").click();
      await expect(page.getByTestId("forgot-step")).toHaveAttribute("data-step", "2");
      await page.getByTestId("send-code").click();
      await expect(page.getByText(refusal)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`forge_password${prefix || "_zh"}.png`) });
      await page.getByRole("button", { name: /上一步|Previous/ }).click();
      // Back at the first step before the next language opens the page (the step is kept per browser).
      await expect(page.getByTestId("forgot-step")).toHaveAttribute("data-step", "1");
    }
  });
});
