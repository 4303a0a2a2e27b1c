/**
 * The workbench's figures (GET /cba/workbench): each company sees only its
 * own, the platform every company's or one company's by its filter, and the
 * trends follow the changes of the day. The home after sign-in is kept per
 * account (PUT /account/home-page, answered by GET /account/account-info).
 */
import { describe, expect, it } from "vitest";
import {
  ApiCode,
  currentUserSchema,
  orderListDataSchema,
  WORKBENCH_DAYS,
  type WorkbenchData,
  workbenchDataSchema,
} from "../../app/contract/index.ts";
import { mockClock, SEED_BASE_TIME } from "../../mocks/api.ts";
import { OTHER_COMPANY_ACCOUNTS } from "../../mocks/seed.ts";
import { ADMIN, contractBackend, MANAGER } from "./helpers.ts";

// Two days after the seed's base date: the seeded stock ins and outs fall within the 30 days.
const server = contractBackend({ clockAt: (SEED_BASE_TIME + 2 * 86_400) * 1000 });
const { api } = server;

const NANSHA = OTHER_COMPANY_ACCOUNTS.nansha;
const QINGDAO = OTHER_COMPANY_ACCOUNTS.qingdao;

async function workbench(token: string, companyId?: string): Promise<WorkbenchData> {
  return api.ok("/cba/workbench", { token, query: { companyId } }, workbenchDataSchema);
}

const total = (rows: readonly { count: number }[]) => rows.reduce((sum, row) => sum + row.count, 0);
const sumOf = (figures: readonly WorkbenchData[], pick: (data: WorkbenchData) => number) =>
  figures.reduce((sum, data) => sum + pick(data), 0);

describe("workbench figures", () => {
  it("gives each company its own figures, which add up to the platform's", async () => {
    const [a, b, c, all] = await Promise.all(
      [MANAGER, NANSHA, QINGDAO, ADMIN].map(async (account) => workbench(await api.login(account))),
    );
    if (!a || !b || !c || !all) throw new Error("missing answer");
    expect(a.companyId).not.toBe(b.companyId);
    expect(a.companies).toEqual([]);
    expect(all.companyId).toBeNull();
    expect(all.companies.map((row) => row.id).sort()).toEqual(
      [a.companyId, b.companyId, c.companyId].sort(),
    );
    // Each company's orders are the ones its order list counts.
    const managerToken = await api.login(MANAGER);
    const list = await api.ok("/cba/order", { token: managerToken }, orderListDataSchema);
    expect(total(a.counts.orders)).toBe(list.pagination.total);
    expect(total(a.counts.orders)).toBeLessThan(total(all.counts.orders));
    for (const kind of ["services", "pallets", "orders"] as const) {
      expect(sumOf([a, b, c], (data) => total(data.counts[kind]))).toBe(total(all.counts[kind]));
    }
    expect(sumOf([a, b, c], (data) => data.actions.detainedOrders)).toBe(
      all.actions.detainedOrders,
    );
    expect(sumOf([a, b, c], (data) => data.actions.stalledOrders)).toBe(all.actions.stalledOrders);
    for (const [day, figures] of all.trend.entries()) {
      expect(sumOf([a, b, c], (data) => data.trend[day]?.stockIn ?? 0)).toBe(figures.stockIn);
      expect(sumOf([a, b, c], (data) => data.trend[day]?.amount ?? 0)).toBe(figures.amount);
    }
    // The seeded history gives the window some activity.
    expect(all.trend).toHaveLength(WORKBENCH_DAYS);
    expect(all.trend.at(-1)?.day).toBe("2026-11-03");
    expect(all.trend.some((day) => day.stockIn > 0)).toBe(true);
    // Partly detained pallets are named by service, each service's pallet list showing them.
    for (const data of [a, b, c, all]) {
      expect(data.actions.partlyDetainedByService.reduce((sum, row) => sum + row.pallets, 0)).toBe(
        data.actions.partlyDetainedPallets,
      );
    }
    // Reviews are the platform's: a company is not told how many wait.
    expect(a.actions.pendingReviews).toBeNull();
    expect(all.actions.pendingReviews).toBeGreaterThan(0);
  });

  it("answers the platform's company filter with that company's figures", async () => {
    const a = await workbench(await api.login(MANAGER));
    const admin = await api.login(ADMIN);
    const filtered = await workbench(admin, a.companyId ?? "");
    expect(filtered.companyId).toBe(a.companyId);
    expect(filtered.counts).toEqual(a.counts);
    expect(filtered.trend).toEqual(a.trend);
    expect({ ...filtered.actions, pendingReviews: null, unreadNotices: 0 }).toEqual({
      ...a.actions,
      pendingReviews: null,
      unreadNotices: 0,
    });
  });

  it("answers another company's id exactly as an unknown one", async () => {
    const a = await workbench(await api.login(MANAGER));
    const nansha = await api.login(NANSHA);
    const foreign = await api.call("/cba/workbench", {
      token: nansha,
      query: { companyId: a.companyId ?? "" },
    });
    const unknown = await api.call("/cba/workbench", {
      token: nansha,
      query: { companyId: "c-nobody" },
    });
    expect(foreign.code).toBe(ApiCode.notFound);
    expect(foreign).toEqual(unknown);
    const adminUnknown = await api.call("/cba/workbench", {
      token: await api.login(ADMIN),
      query: { companyId: "c-nobody" },
    });
    expect(adminUnknown.code).toBe(ApiCode.notFound);
  });

  it("counts today's stock in and detention for the company that did them only", async () => {
    const manager = await api.login(MANAGER);
    const nansha = await api.login(NANSHA);
    const [beforeA, beforeB] = await Promise.all([workbench(manager), workbench(nansha)]);
    const initial = await api.ok(
      "/cba/order",
      { token: manager, query: { cbaStatus: 1, pageSize: 2 } },
      orderListDataSchema,
    );
    const [first, second] = initial.list;
    if (!first || !second) throw new Error("company A has too few initial orders");
    const scan = await api.call("/cba/order-warehousing", {
      method: "PUT",
      token: manager,
      body: { salverNoOrOrderNo: first.orderNo },
    });
    expect(scan.code).toBe(200);
    const detain = await api.call("/cba/order", {
      method: "PUT",
      token: manager,
      body: { orderNoList: [second.orderNo], cbaStatus: 2, reasonForDetention: "查验" },
    });
    expect(detain.code).toBe(200);
    const [afterA, afterB] = await Promise.all([workbench(manager), workbench(nansha)]);
    const today = (data: WorkbenchData) => data.trend.at(-1);
    expect(today(afterA)?.stockIn).toBe((today(beforeA)?.stockIn ?? 0) + 1);
    expect(today(afterA)?.detained).toBe((today(beforeA)?.detained ?? 0) + 1);
    expect(afterA.actions.detainedOrders).toBe(beforeA.actions.detainedOrders + 1);
    expect(afterB).toEqual(beforeB);
  });

  it("counts an order stocked in more than seven days ago as waiting", async () => {
    const manager = await api.login(MANAGER);
    const before = await workbench(manager);
    const initial = await api.ok(
      "/cba/order",
      { token: manager, query: { cbaStatus: 1, pageSize: 1 } },
      orderListDataSchema,
    );
    const order = initial.list[0];
    if (!order) throw new Error("no initial order");
    await api.call("/cba/order-warehousing", {
      method: "PUT",
      token: manager,
      body: { salverNoOrOrderNo: order.orderNo },
    });
    expect((await workbench(manager)).actions.stalledOrders).toBe(before.actions.stalledOrders);
    mockClock.advance(8 * 86_400 * 1000);
    const later = await workbench(await api.login(MANAGER));
    expect(later.actions.stalledOrders).toBeGreaterThanOrEqual(before.actions.stalledOrders + 1);
    expect(later.actions.stalledBefore.seconds).toBe(
      Math.floor(mockClock.now() / 1000) - 7 * 86_400,
    );
  });
});

describe("home after sign-in", () => {
  it("is kept per account and answered with the account's info", async () => {
    const manager = await api.login(MANAGER);
    const info = () => api.ok("/account/account-info", { token: manager }, currentUserSchema);
    expect((await info()).homePage).toBeUndefined();
    const saved = await api.call("/account/home-page", {
      method: "PUT",
      token: manager,
      body: { homePage: "workbench" },
    });
    expect(saved).toMatchObject({ code: 200, data: { homePage: "workbench" } });
    expect((await info()).homePage).toBe("workbench");
    // A new sign-in reads it back; another account of the company keeps its own.
    const again = await api.login(MANAGER);
    expect(
      (await api.ok("/account/account-info", { token: again }, currentUserSchema)).homePage,
    ).toBe("workbench");
    const ops = await api.login("ops@demo.test");
    expect(
      (await api.ok("/account/account-info", { token: ops }, currentUserSchema)).homePage,
    ).toBeUndefined();
  });

  it("refuses a page that is not a choice and changes nothing", async () => {
    const manager = await api.login(MANAGER);
    const refused = await api.call("/account/home-page", {
      method: "PUT",
      token: manager,
      body: { homePage: "orders" },
    });
    expect(refused.code).toBe(ApiCode.invalidParameters);
    expect(
      (await api.ok("/account/account-info", { token: manager }, currentUserSchema)).homePage,
    ).toBeUndefined();
  });
});
