import type { APIRequestContext } from "@playwright/test";
import { ACCOUNTS, expect, portalLogin, test } from "./fixtures.ts";

/**
 * A page's loaders start beside the account's read (the home layout's
 * middleware, docs/decisions/2026-11-27-reads-beside-the-user.md), but a
 * user the check refuses still gets the refusal and none of the page: the
 * document and its `.data`, as React Router answers them. The order page's
 * data is probed by two names only its loader sends (`orderNo`, `pagination`).
 */

const PAGE_DATA = /orderNo|pagination/;

async function answers(request: APIRequestContext, prefix = "") {
  const document = await request.get(`${prefix}/order/?view=none`, { maxRedirects: 0 });
  const data = await request.get(`${prefix}/order.data?view=none`, { maxRedirects: 0 });
  return {
    document: {
      status: document.status(),
      text: await document.text(),
      headers: document.headers(),
    },
    data: { status: data.status(), text: await data.text() },
  };
}

test("the order page's data is there for a user it lets in", async ({ newRequest }) => {
  const request = await newRequest();
  await portalLogin(request, ACCOUNTS.manager);
  const { document, data } = await answers(request);
  expect(document.status).toBe(200);
  expect(document.text).toMatch(PAGE_DATA);
  expect(data.status).toBe(200);
  expect(data.text).toMatch(PAGE_DATA);
});

for (const prefix of ["", "/en"]) {
  test(`a user whose role may not open it: 403 in the shell, none of the page (${prefix || "zh"})`, async ({
    newRequest,
  }) => {
    const request = await newRequest();
    await portalLogin(request, ACCOUNTS.guest);
    const { document, data } = await answers(request, prefix);
    expect(document.status).toBe(403);
    // The error page inside the guest's own header.
    expect(document.text).toContain(ACCOUNTS.guest);
    expect(document.text).not.toMatch(PAGE_DATA);
    expect(data.status).toBe(403);
    expect(data.text).toContain("routes/layouts/home");
    expect(data.text).not.toMatch(PAGE_DATA);
  });
}

test("a revoked token: the login page, none of the page", async ({ newRequest, baseURL }) => {
  const request = await newRequest();
  await portalLogin(request, ACCOUNTS.manager);
  const { cookies } = await request.storageState();
  // Signing out revokes the token at the backend; the old cookie still carries it.
  const out = await request.post("/logout", {
    form: { lang: "zh" },
    headers: { Origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(out.status()).toBe(302);
  const replay = await newRequest();
  const old = cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
  const document = await replay.get("/order/?view=none", {
    headers: { Cookie: old },
    maxRedirects: 0,
  });
  expect(document.status()).toBe(302);
  expect(new URL(document.headers().location ?? "", baseURL).pathname).toBe("/");
  expect(await document.text()).not.toMatch(PAGE_DATA);
  const data = await replay.get("/order.data?view=none", {
    headers: { Cookie: old },
    maxRedirects: 0,
  });
  // A `.data` request's redirect is React Router's single-fetch redirect.
  expect(data.status()).toBe(202);
  expect(await data.text()).not.toMatch(PAGE_DATA);
});
