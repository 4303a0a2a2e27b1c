/**
 * The audit log's loader below the browser: behind the portal's middleware
 * (./harness.ts), against the in-process fake backend of demo mode. A batch
 * is one operation with its orders; the filters of the address; each
 * company sees its own operations, the platform every company's with a
 * company column; an operation's every order; bad input is said, not obeyed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { loader } from "~/routes/audit.tsx";
import type { Api } from "~/utils/api.server.ts";
import { setAuditDestination } from "~/utils/audit.server.ts";
import { OTHER_COMPANY_ACCOUNTS } from "../../mocks/seed.ts";
import { ADMIN, CHROME_UA, MANAGER, reset } from "../contract/helpers.ts";
import { ORIGIN, runRoute, signedInSession } from "./harness.ts";

type Args = Parameters<typeof loader>[0];
type Data = Awaited<ReturnType<typeof loader>>;
type ListData = Extract<Data, { view: "list" }>;

const NANSHA = OTHER_COMPANY_ACCOUNTS.nansha;
const sessions: Record<string, { cookie: string; api: Api }> = {};

async function signIn(username: string) {
  sessions[username] = await signedInSession(username);
}

async function page(user: string, path: string): Promise<Data | Response> {
  const request = new Request(`${ORIGIN}${path}`, {
    headers: { Cookie: sessions[user]?.cookie ?? "", "User-Agent": CHROME_UA },
  });
  const answer = await runRoute({
    request,
    handler: (args: Args) => loader(args),
    home: true,
    pattern: "/audit",
  });
  return answer.value as Data | Response;
}

async function list(user: string, query = ""): Promise<ListData> {
  const data = await page(user, query ? `/audit/${query}` : "/audit");
  if (data instanceof Response || data.view !== "list") throw new Error("not the list");
  return data;
}

/** Detains the first `count` initial orders of the user's company in one call. */
async function detainBatch(user: string, count: number): Promise<string[]> {
  const api = sessions[user]?.api;
  if (!api) throw new Error("not signed in");
  const orders = await api.call("orders", { query: { current: 1, pageSize: count, cbaStatus: 1 } });
  const orderNoList = orders.list.map((order) => order.orderNo);
  await api.call("updateOrders", {
    body: { orderNoList, cbaStatus: 2, reasonForDetention: "开箱查验" },
  });
  return orderNoList;
}

setAuditDestination({ write: () => undefined });

beforeEach(async () => {
  await reset();
  for (const user of [ADMIN, MANAGER, NANSHA]) await signIn(user);
});

describe("the audit log's loader", () => {
  it("shows a batch as one operation with its orders, the first few and a link to all", async () => {
    const orders = await detainBatch(MANAGER, 7);
    const data = await list(MANAGER);
    expect(data.error).toBeNull();
    expect(data.platform).toBe(false);
    expect(data.companies).toEqual([]);
    const [operation] = data.list;
    expect(operation).toMatchObject({
      person: MANAGER,
      operation: "扣留",
      source: "勾选订单",
      moves: ["初始状态 → 扣留"],
      text: "开箱查验",
    });
    expect(operation?.orderNos.map((order) => order.orderNo)).toEqual(orders.slice(0, 5));
    expect(operation?.orderNos[0]?.href).toBe(`/order/?orderNo=${orders[0]}`);
    expect(operation?.more?.label).toBe("等 2 个订单");
    expect(data.people[0]).toEqual({ value: MANAGER, label: MANAGER });

    // Every order of it, on a page of its own.
    const all = await page(MANAGER, `/audit/?operation=${operation?.id}`);
    if (all instanceof Response || all.view !== "operation") throw new Error("not the operation");
    expect(all.orders.map((order) => order.orderNo)).toEqual(orders);
    expect(all.orders[0]).toMatchObject({ operation: "扣留", status: "初始状态 → 扣留" });
  });

  it("filters by person, operation, order number and China-time days", async () => {
    const orders = await detainBatch(MANAGER, 2);
    const matched = async (query: string) =>
      (await list(MANAGER, query)).list.map((op) => op.orderNos.map((order) => order.orderNo));
    expect(await matched(`?actor=${MANAGER}&action=detain`)).toEqual([orders]);
    expect(await matched(`?orderNo=${orders[1]}`)).toEqual([orders]);
    expect(await matched(`?actor=platform&action=detain&orderNo=${orders[1]}`)).toEqual([]);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await matched(`?action=detain&startDate=${today}&endDate=${today}`)).toEqual([orders]);
    expect(await matched(`?action=detain&endDate=2020-01-01`)).toEqual([]);
  });

  it("keeps a company to its own operations; the platform sees every company's with a company column", async () => {
    const orders = await detainBatch(MANAGER, 2);
    const other = await list(NANSHA, `?orderNo=${orders[0]}`);
    expect(other.list).toEqual([]);
    const mine = await list(MANAGER);
    const id = mine.list[0]?.id ?? "";
    const refused = await page(NANSHA, `/audit/?operation=${id}`);
    if (refused instanceof Response || refused.view !== "operation") throw new Error("no answer");
    expect(refused.orders).toEqual([]);
    expect(refused.error).toBe("操作记录不存在");

    const platform = await list(ADMIN);
    expect(platform.platform).toBe(true);
    expect(platform.companies.length).toBeGreaterThanOrEqual(3);
    const [first] = platform.list;
    expect(first?.person).toBe(MANAGER);
    expect(platform.companies.map((company) => company.name)).toContain(first?.company);
    // The platform's own accounts are named to the platform, marked as the platform's.
    expect(platform.people.some((person) => person.label === `${ADMIN}（平台）`)).toBe(true);
  });

  it("says which filters it did not apply and refuses a wrong range", async () => {
    const ignored = await list(MANAGER, "?action=delete&actor=nobody");
    expect(ignored.ignored.map((item) => item.name).sort()).toEqual(["操作", "操作人"]);
    const wrong = await list(MANAGER, "?startDate=2026-11-20&endDate=2026-11-01");
    expect(wrong.error).toBe("inventory.dateRange.order");
    expect(wrong.list).toEqual([]);
    // A company's own company filter is not a filter: only the platform chooses.
    const own = await list(MANAGER, "?companyId=c0001");
    expect(own.filters.companyId).toBeUndefined();
    expect(own.error).toBeNull();
  });

  it("keeps the page from anyone without the logistics role", async () => {
    const answer = await page("nobody", "/audit");
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
  });
});
