/**
 * Each account's list settings (/account/list-settings/{list}): saved views
 * and chosen columns, kept per account and list. Every bound and refusal has
 * its own code and message in both languages and changes nothing; another
 * account (of the same company, of another, the platform) neither sees nor
 * changes a view.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ApiCode,
  MAX_SAVED_VIEWS,
  type SavedView,
  savedViewSchema,
} from "../../app/contract/index.ts";
import { OTHER_COMPANY_ACCOUNTS } from "../../mocks/seed.ts";
import { ADMIN, contractBackend, MANAGER } from "./helpers.ts";

const server = contractBackend();
const { api } = server;

const BASE = "/account/list-settings";
const settingsSchema = z.object({
  views: z.array(savedViewSchema),
  hiddenColumns: z.array(z.string()).nullable(),
});

const settings = (token: string, list = "orders") =>
  api.ok(`${BASE}/${list}`, { token }, settingsSchema);

function create(token: string, body: Record<string, unknown>, lang?: string, list = "orders") {
  return api.call<SavedView | string>(`${BASE}/${list}/views`, {
    method: "POST",
    token,
    lang,
    body: { hiddenColumns: null, ...body },
  });
}

async function created(token: string, body: Record<string, unknown>): Promise<SavedView> {
  const answer = await create(token, body);
  expect(answer.code).toBe(200);
  return savedViewSchema.parse(answer.data);
}

const update = (token: string, id: string, body: Record<string, unknown>, lang?: string) =>
  api.call<SavedView | string>(`${BASE}/orders/views/${id}`, {
    method: "PUT",
    token,
    lang,
    body,
  });

describe("saved views", () => {
  it("keeps a view per account and list, its query without the parameters of one moment", async () => {
    const token = await api.login(MANAGER);
    const view = await created(token, {
      name: "  Detained  ",
      query: "?cbaStatus=2&current=3&sel=A1,A2&all=1&done=abc&submissionKey=k&orderNo=&pageSize=50",
      hiddenColumns: ["consignee", "consignee"],
    });
    expect(view).toMatchObject({
      name: "Detained",
      query: "cbaStatus=2&pageSize=50",
      hiddenColumns: ["consignee"],
      isDefault: false,
    });
    // A new sign-in (another browser) reads it back; the list's other views are apart.
    const again = await api.login(MANAGER);
    expect((await settings(again)).views.map((row) => row.name)).toEqual(["Detained"]);
    expect((await settings(again, "pallets")).views).toEqual([]);
  });

  it("renames, replaces the query, deletes, and keeps one default per list", async () => {
    const token = await api.login(MANAGER);
    const first = await created(token, { name: "A", query: "cbaStatus=1", isDefault: true });
    const second = await created(token, { name: "B", query: "cbaStatus=2" });
    const renamed = await update(token, second.id, { name: "Stocked in", isDefault: true });
    expect(renamed.code).toBe(200);
    const shown = await settings(token);
    expect(shown.views.map((row) => [row.name, row.isDefault])).toEqual([
      ["A", false],
      ["Stocked in", true],
    ]);
    expect((await update(token, first.id, { query: "orderNo=X&current=2" })).data).toMatchObject({
      query: "orderNo=X",
    });
    const deleted = await api.call(`${BASE}/orders/views/${first.id}`, {
      method: "DELETE",
      token,
    });
    expect(deleted).toMatchObject({ code: 200, data: { id: first.id } });
    expect((await settings(token)).views.map((row) => row.id)).toEqual([second.id]);
  });

  it("refuses a blank or too long name, in both languages, and saves nothing", async () => {
    const token = await api.login(MANAGER);
    const blank = await create(token, { name: "   ", query: "" }, "en");
    expect(blank).toMatchObject({
      code: ApiCode.invalidParameters,
      data: "A view's name must be 1 to 40 characters long",
    });
    const long = await create(token, { name: "x".repeat(41), query: "" }, "zh");
    expect(long).toMatchObject({
      code: ApiCode.invalidParameters,
      data: "视图名称须为 1 到 40 个字符",
    });
    expect((await create(token, { name: "x".repeat(40), query: "" })).code).toBe(200);
    expect((await settings(token)).views).toHaveLength(1);
  });

  it("refuses a name taken in any case, on saving and on renaming", async () => {
    const token = await api.login(MANAGER);
    await created(token, { name: "Detained", query: "cbaStatus=2" });
    const other = await created(token, { name: "Other", query: "" });
    const taken = await create(token, { name: "DETAINED ", query: "" }, "en");
    expect(taken).toMatchObject({
      code: ApiCode.wrongStatus,
      data: 'A view named "DETAINED" already exists; choose another name',
    });
    const renamed = await update(token, other.id, { name: "detained" }, "zh");
    expect(renamed).toMatchObject({
      code: ApiCode.wrongStatus,
      data: "已有名为“detained”的视图，请换一个名称",
    });
    expect((await settings(token)).views.map((row) => row.name)).toEqual(["Detained", "Other"]);
    // Its own name in another case is no clash.
    expect((await update(token, other.id, { name: "OTHER" })).code).toBe(200);
  });

  it("refuses a query longer than 2,000 characters and changes nothing", async () => {
    const token = await api.login(MANAGER);
    const view = await created(token, { name: "A", query: "orderNo=1" });
    const long = `orderNo=${"9".repeat(2000)}`;
    expect(await create(token, { name: "B", query: long }, "en")).toMatchObject({
      code: ApiCode.invalidParameters,
      data: "The view's filters are too long (at most 2000 characters)",
    });
    expect((await update(token, view.id, { name: "C", query: long })).code).toBe(
      ApiCode.invalidParameters,
    );
    expect((await settings(token)).views).toMatchObject([{ name: "A", query: "orderNo=1" }]);
  });

  it(`keeps at most ${MAX_SAVED_VIEWS} views per account and list`, async () => {
    const token = await api.login(MANAGER);
    for (let index = 0; index < MAX_SAVED_VIEWS; index++) {
      await created(token, { name: `View ${index}`, query: "" });
    }
    expect(await create(token, { name: "One more", query: "" }, "en")).toMatchObject({
      code: ApiCode.wrongStatus,
      data: "At most 20 views can be saved per list; delete one you no longer use first",
    });
    // Another list has room of its own.
    expect((await create(token, { name: "One more", query: "" }, "en", "pallets")).code).toBe(200);
    expect((await settings(token)).views).toHaveLength(MAX_SAVED_VIEWS);
  });

  it("keeps each account's views its own, across and within companies, the platform's too", async () => {
    const manager = await api.login(MANAGER);
    const view = await created(manager, { name: "Mine", query: "cbaStatus=2" });
    for (const account of ["ops@demo.test", OTHER_COMPANY_ACCOUNTS.nansha, ADMIN]) {
      const token = await api.login(account);
      expect((await settings(token)).views).toEqual([]);
      expect((await update(token, view.id, { name: "Taken over" })).code).toBe(ApiCode.notFound);
      const deleted = await api.call(`${BASE}/orders/views/${view.id}`, {
        method: "DELETE",
        token,
      });
      expect(deleted.code).toBe(ApiCode.notFound);
      // The same name is free for another account.
      expect((await create(token, { name: "Mine", query: "" })).code).toBe(200);
    }
    // Another list's id of the same account is unknown under this list.
    expect(
      (await api.call(`${BASE}/pallets/views/${view.id}`, { method: "DELETE", token: manager }))
        .code,
    ).toBe(ApiCode.notFound);
    expect((await settings(manager)).views).toMatchObject([{ name: "Mine" }]);
  });

  it("refuses an unknown list", async () => {
    const token = await api.login(MANAGER);
    expect((await api.call(`${BASE}/everything`, { token })).code).toBe(ApiCode.invalidParameters);
  });
});

describe("chosen columns", () => {
  it("are kept per account and list, null until chosen", async () => {
    const manager = await api.login(MANAGER);
    expect((await settings(manager)).hiddenColumns).toBeNull();
    const saved = await api.call(`${BASE}/orders/columns`, {
      method: "PUT",
      token: manager,
      body: { hiddenColumns: ["consignee", "serviceNo", "consignee"] },
    });
    expect(saved).toMatchObject({ code: 200, data: { hiddenColumns: ["consignee", "serviceNo"] } });
    expect((await settings(await api.login(MANAGER))).hiddenColumns).toEqual([
      "consignee",
      "serviceNo",
    ]);
    expect((await settings(manager, "services")).hiddenColumns).toBeNull();
    expect((await settings(await api.login("ops@demo.test"))).hiddenColumns).toBeNull();
  });

  it("refuses a column name that is no name", async () => {
    const manager = await api.login(MANAGER);
    const refused = await api.call(`${BASE}/orders/columns`, {
      method: "PUT",
      token: manager,
      body: { hiddenColumns: ["a b"] },
    });
    expect(refused.code).toBe(ApiCode.invalidParameters);
    expect((await settings(manager)).hiddenColumns).toBeNull();
  });
});
