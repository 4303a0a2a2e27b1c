/**
 * A post's body is read once per request: the form-body middleware parses it
 * and keeps the form in the request's context, and every action and helper
 * reads it from there (`postedForm`). Counted here for posts of each kind
 * (a page, a signed-in page whose action hands the form to a helper,
 * resource routes), and, for every module of the portal, by its source: only
 * the middleware reads a request's form.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type RowsText, rowsOf } from "~/routes/order/order-view.ts";
import {
  freshBackend,
  type RouteModule,
  signedIn,
  type Visitor,
  visitor,
} from "./account-harness.ts";

const PASSWORD = "Demo1234!";
const moduleOf = (file: string): Promise<RouteModule> => import(`../../app/${file}`);

beforeEach(freshBackend);
afterEach(() => {
  vi.restoreAllMocks();
});

/** Posts `form` and counts the times any request's body was parsed as a form meanwhile. */
async function bodyParses(
  browser: Visitor,
  file: string,
  path: string,
  form: Record<string, string>,
  home = false,
): Promise<{ parses: number; status: number }> {
  const route = await moduleOf(file);
  const formData = vi.spyOn(Request.prototype, "formData");
  const outcome = await browser.post(route, path, form, { home });
  const parses = formData.mock.calls.length;
  formData.mockRestore();
  return { parses, status: outcome.status };
}

describe("a post's body", () => {
  it("is parsed once for the sign-in page", async () => {
    const browser = visitor();
    const code = await browser.imageCode("login");
    const form = { username: "manager@demo.test", password: PASSWORD, code };
    expect(await bodyParses(browser, "routes/login-form.tsx", "/login", form)).toEqual({
      parses: 1,
      status: 302,
    });
  });

  it("is parsed once for an order operation (a signed-in page, its action in a helper)", async () => {
    const browser = await signedIn("manager@demo.test");
    const list = await browser.get(await moduleOf("routes/order/orders.tsx"), "/order/", {
      home: true,
    });
    const orderNo = rowsOf(list.data as { rows: RowsText })[0]?.orderNo ?? "";
    const form = {
      intent: "remarks",
      confirmed: "1",
      orderNoList: orderNo,
      reasonForDetention: "x",
    };
    const { parses, status } = await bodyParses(
      browser,
      "routes/order/orders.tsx",
      "/order/",
      form,
      true,
    );
    expect(parses).toBe(1);
    expect(status).toBe(302);
  });

  it.each([
    ["routes/resources/language.ts", "/language", { lang: "en", returnTo: "/order/" }],
    ["routes/resources/table-columns.ts", "/table-columns", { table: "orders", back: "/order/" }],
  ])("is parsed once for the resource route %s", async (file, path, form) => {
    expect(await bodyParses(visitor(), file, path, form)).toEqual({ parses: 1, status: 302 });
  });

  it("is parsed once for signing out", async () => {
    const browser = await signedIn("manager@demo.test");
    const outcome = await bodyParses(browser, "routes/resources/logout.ts", "/logout", {
      lang: "zh",
    });
    expect(outcome).toEqual({ parses: 1, status: 302 });
  });
});

describe("the portal's modules", () => {
  it("read a posted form from the request's context, never from the request", () => {
    const root = join(import.meta.dirname, "../../app");
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && /\.formData\(\)/.test(readFileSync(path, "utf8"))) {
          readers.push(relative(root, path));
        }
      }
    };
    walk(root);
    expect(readers).toEqual(["middleware/request-body.server.ts"]);
  });
});
