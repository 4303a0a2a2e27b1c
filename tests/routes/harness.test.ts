/**
 * The route tests' harness runs what the app runs: the root's middleware
 * list and the home layout's, not a copy of them that a new middleware
 * would miss.
 */
import { describe, expect, it } from "vitest";
import { I18N_REDIRECTED_COOKIE } from "~/utils/cookies.ts";
import { ORIGIN, runRoute } from "./harness.ts";

const page = () => ({ page: "drawn" });

describe("the route tests' harness", () => {
  it("answers through every root middleware, the first one too", async () => {
    const answer = await runRoute({
      request: new Request(`${ORIGIN}/en/login`, { headers: { "Accept-Language": "en" } }),
      handler: page,
    });
    expect(answer).toMatchObject({ value: { page: "drawn" }, thrown: false });
    expect(answer.response.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.response.headers.get("Set-Cookie")).toContain(`${I18N_REDIRECTED_COOKIE}=en`);
  });

  it("sends a first visit typed without the language's prefix to it, before the page", async () => {
    let drawn = false;
    const answer = await runRoute({
      request: new Request(`${ORIGIN}/login`, { headers: { "Accept-Language": "en" } }),
      handler: () => {
        drawn = true;
      },
    });
    expect(drawn).toBe(false);
    expect(answer.thrown).toBe(true);
    expect(answer.response.headers.get("Location")).toBe("/en/login");
    expect(answer.response.headers.get("Cache-Control")).toBe("no-store");
  });

  // The form body's rules are a step of the root's pipeline
  // (app/middleware/root.server.ts): a post meets them before its action.
  it("refuses a post from another site before its action", async () => {
    let reached = false;
    const answer = await runRoute({
      request: new Request(`${ORIGIN}/en/login`, {
        method: "POST",
        headers: {
          Origin: "https://elsewhere.test",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "username=a",
      }),
      handler: () => {
        reached = true;
      },
    });
    expect(reached).toBe(false);
    expect(answer.thrown).toBe(true);
    expect(answer.response.status).toBe(403);
    expect(answer.response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers a post whose body is no form with a 400 in the page's language, before its action", async () => {
    for (const [prefix, message] of [
      ["", "请求内容无法识别，请返回页面重试"],
      ["/en", "The request could not be read, please go back and try again"],
    ] as const) {
      let reached = false;
      const answer = await runRoute({
        request: new Request(`${ORIGIN}${prefix}/login`, {
          method: "POST",
          headers: {
            Host: new URL(ORIGIN).host,
            Origin: ORIGIN,
            "Content-Type": "application/json",
          },
          body: '{"username":"a"}',
        }),
        handler: () => {
          reached = true;
        },
      });
      expect(reached).toBe(false);
      expect(answer.thrown).toBe(true);
      expect(answer.response.status).toBe(400);
      expect(answer.value).toMatchObject({ data: { kind: "bad-request", message } });
    }
  });

  it("runs the home layout's user check on its pages", async () => {
    const answer = await runRoute({
      request: new Request(`${ORIGIN}/en/order/`, {
        headers: { Cookie: `${I18N_REDIRECTED_COOKIE}=en` },
      }),
      handler: page,
      home: true,
    });
    expect(answer.thrown).toBe(true);
    expect(answer.response.status).toBe(302);
    expect(answer.response.headers.get("Location")).toBe("/en");
  });
});
