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
