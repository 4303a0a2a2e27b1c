/**
 * Who is signed in is asked of the backend once per signed-in page request,
 * by the home layout's middleware (docs/decisions/2026-11-22-backend-decides-the-user.md):
 * one `accountInfo` call for a page or its data, whatever its loaders need
 * of the user (the layout's header, the page's own reads); outside the
 * layout, only a public page a signed-in browser opens asks (to send it
 * home), and a browser without a session makes none.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as forgotPasswordPage from "~/routes/forgot-password.tsx";
import * as homeLayout from "~/routes/layouts/home.tsx";
import * as loginPage from "~/routes/login.tsx";
import * as ordersPage from "~/routes/order/orders.tsx";
import * as workbenchPage from "~/routes/workbench.tsx";
import { setTransport } from "~/utils/api.server.ts";
import { fromResponse, toRequest } from "~/utils/backend-transport.server.ts";
import { handleMockApiRequest } from "../../mocks/api.ts";
import { MANAGER } from "../contract/helpers.ts";
import { freshBackend } from "./account-harness.ts";
import { ORIGIN, runRoute, signedInSession } from "./harness.ts";

const ACCOUNT = "GET /account/account-info";

/** The backend calls made, in order. */
const calls: string[] = [];

beforeEach(async () => {
  await freshBackend();
  setTransport(async (call) => {
    calls.push(`${call.method} ${call.url.pathname.replace(/^\/api\/v1/, "")}`);
    return fromResponse(await handleMockApiRequest(toRequest(call)));
  });
});

afterEach(() => setTransport(undefined));

type Handler = (args: never) => unknown;

/** `handler` for a GET of `path` behind the app's middleware, signed in with `cookie`. */
async function get(cookie: string, path: string, handler: Handler, home: boolean) {
  calls.length = 0;
  const answer = await runRoute({
    request: new Request(new URL(path, ORIGIN), { headers: { Cookie: cookie } }),
    handler,
    home,
  });
  return { status: answer.response.status, accountCalls: calls.filter((c) => c === ACCOUNT) };
}

describe("accountInfo, once per signed-in page request", () => {
  it("the order page, its data request and the English page: one call each", async () => {
    const { cookie } = await signedInSession(MANAGER);
    for (const path of ["/order/", "/order/_.data", "/en/order/"]) {
      const page = await get(cookie, path, ordersPage.loader as Handler, true);
      expect(page, path).toEqual({ status: 200, accountCalls: [ACCOUNT] });
    }
  });

  it("the layout's loader and the workbench, which both need the user: one call", async () => {
    const { cookie } = await signedInSession(MANAGER);
    for (const handler of [homeLayout.loader, workbenchPage.loader] as Handler[]) {
      const page = await get(cookie, "/workbench", handler, true);
      expect(page).toEqual({ status: 200, accountCalls: [ACCOUNT] });
    }
  });

  it("a browser without a session, on the login and the forgotten-password pages: none", async () => {
    for (const path of ["/", "/en"]) {
      const page = await get("", path, loginPage.loader as Handler, false);
      expect(page, path).toEqual({ status: 200, accountCalls: [] });
    }
    const forgot = await get("", "/forge_password", forgotPasswordPage.loader as Handler, false);
    expect(forgot).toEqual({ status: 200, accountCalls: [] });
  });

  it("the login page of a signed-in browser: one, to send it home", async () => {
    const { cookie } = await signedInSession(MANAGER);
    const page = await get(cookie, "/", loginPage.loader as Handler, false);
    expect(page).toEqual({ status: 302, accountCalls: [ACCOUNT] });
  });
});
