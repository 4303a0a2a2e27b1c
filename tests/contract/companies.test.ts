/**
 * Company isolation (docs/product.md, Companies): a company's managers and
 * sub-accounts see and change only their company's services, pallets,
 * orders and notices; the platform (SYSTEM_ADMINISTRATOR) sees every
 * company's; another company's number answers exactly as an unknown one.
 */
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import {
  ApiCode,
  arrivalReportDataSchema,
  importReportSchema,
  noticeListDataSchema,
  type Order,
  orderListDataSchema,
  type Pallet,
  pagedListOf,
  palletSchema,
  type Service,
  serviceSchema,
  XLSX_CONTENT_TYPE,
} from "../../app/contract/index.ts";
import { OTHER_COMPANY_ACCOUNTS } from "../../mocks/seed.ts";
import {
  ADMIN,
  contractBackend,
  type Envelope,
  GUEST,
  MANAGER,
  PNG,
  SMALL_SEED,
} from "./helpers.ts";

const server = contractBackend();
const { api } = server;

const NANSHA = OTHER_COMPANY_ACCOUNTS.nansha;
const QINGDAO = OTHER_COMPANY_ACCOUNTS.qingdao;
/** Numbers of the seeded shapes that exist nowhere. */
const UNKNOWN = {
  order: "DD199901010000001",
  pallet: "TP1999010100001",
  service: "FW19990101001",
};

interface Holdings {
  services: Service[];
  salvers: Pallet[];
  orders: Order[];
}

/** Everything a user sees, read through the lists. */
async function holdings(token: string): Promise<Holdings> {
  const services = (
    await api.ok("/cba/service", { token, query: { pageSize: 1000 } }, pagedListOf(serviceSchema))
  ).list;
  const salvers: Pallet[] = [];
  for (const service of services) {
    const page = await api.ok(
      `/cba/salver/${service.serviceNo}`,
      { token, query: { pageSize: 1000 } },
      pagedListOf(palletSchema),
    );
    salvers.push(...page.list);
  }
  const orders = (
    await api.ok("/cba/order", { token, query: { pageSize: 1000 } }, orderListDataSchema)
  ).list;
  return { services, salvers, orders };
}

/** A number of another company answers as an unknown one: same code, same message. */
function expectUnknown(
  foreign: Envelope,
  unknown: Envelope,
  foreignNo: string,
  unknownNo: string,
  what: string,
) {
  expect(foreign.code, what).toBe(ApiCode.notFound);
  expect(foreign.code, what).toBe(unknown.code);
  expect(foreign.data, what).toBe(String(unknown.data).replaceAll(unknownNo, foreignNo));
  expect(foreign.msg, what).toBe(unknown.msg.replaceAll(unknownNo, foreignNo));
}

async function sheetRows(response: Response): Promise<unknown[][]> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe(XLSX_CONTENT_TYPE);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Order numbers of an orders workbook (header and totals row left out). */
async function downloadedOrders(token: string, orderNoList: string[] = []): Promise<Set<string>> {
  const rows = await sheetRows(
    await api.raw("/cba/down-order", { method: "POST", token, body: { orderNoList } }),
  );
  return new Set(rows.slice(1, -1).map((row) => String(row[0])));
}

async function importFile(token: string, rows: (string | null)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Import");
  sheet.addRow(["订单号", "物流单号"]);
  for (const row of rows) sheet.addRow(row);
  const buffer = await workbook.xlsx.writeBuffer();
  const form = new FormData();
  form.set("file", new Blob([buffer as ArrayBuffer], { type: XLSX_CONTENT_TYPE }), "import.xlsx");
  return api.ok("/cba/order-import", { method: "POST", token, body: form }, importReportSchema);
}

describe("seeded companies", () => {
  it("share the services, pallets and orders among three companies; the platform sees them all", async () => {
    const admin = await holdings(await api.login(ADMIN));
    expect(admin.services).toHaveLength(SMALL_SEED.services ?? 0);
    expect(admin.salvers).toHaveLength(SMALL_SEED.pallets ?? 0);
    expect(admin.orders).toHaveLength(SMALL_SEED.orders ?? 0);

    const seen = new Set<string>();
    let services = 0;
    let salvers = 0;
    let orders = 0;
    for (const account of [MANAGER, NANSHA, QINGDAO]) {
      const own = await holdings(await api.login(account));
      expect(own.services.length, account).toBeGreaterThan(0);
      expect(own.orders.length, account).toBeGreaterThan(0);
      const serviceNos = new Set(own.services.map((s) => s.serviceNo));
      // Every pallet and order seen belongs to a service seen.
      for (const pallet of own.salvers) expect(serviceNos.has(pallet.serviceNo)).toBe(true);
      for (const order of own.orders) expect(serviceNos.has(order.serviceNo)).toBe(true);
      // Totals of the service rows are the company's own orders.
      expect(own.services.reduce((sum, s) => sum + s.ordersTotal, 0)).toBe(own.orders.length);
      for (const no of serviceNos) {
        expect(seen.has(no), `${no} seen by two companies`).toBe(false);
        seen.add(no);
      }
      services += own.services.length;
      salvers += own.salvers.length;
      orders += own.orders.length;
    }
    // No service, pallet or order left without a company.
    expect(services).toBe(admin.services.length);
    expect(salvers).toBe(admin.salvers.length);
    expect(orders).toBe(admin.orders.length);
  });

  it("a sub-account sees exactly its main account's company", async () => {
    for (const [main, sub] of [
      [MANAGER, "ops@demo.test"],
      [QINGDAO, "dock@qingdao.demo.test"],
    ] as const) {
      const own = await holdings(await api.login(main));
      const seen = await holdings(await api.login(sub));
      expect(seen.services.map((s) => s.serviceNo)).toEqual(own.services.map((s) => s.serviceNo));
      expect(seen.orders.map((o) => o.orderNo)).toEqual(own.orders.map((o) => o.orderNo));
    }
  });
});

describe("per-company totals", () => {
  it("the unfiltered and status-only lists of a company follow its status changes", async () => {
    const token = await api.login(MANAGER);
    const check = async () => {
      const { orders } = await holdings(token);
      for (const cbaStatus of [undefined, 1, 2, 3, 4]) {
        // Status only: totals come from the company's aggregate, not a scan.
        const answer = await api.ok(
          "/cba/order",
          { token, query: { cbaStatus } },
          orderListDataSchema,
        );
        const expected = orders.filter((o) => cbaStatus === undefined || o.cbaStatus === cbaStatus);
        expect(answer.pagination.total, `status ${cbaStatus}`).toBe(expected.length);
        expect(answer.amountTotal, `status ${cbaStatus}`).toBe(
          expected.reduce((sum, o) => sum + o.acturalPaid, 0),
        );
      }
      return orders;
    };
    const orders = await check();
    const initial = orders.find((o) => o.cbaStatus === 1);
    if (!initial) throw new Error("no initial order of the manager");
    const scan = await api.call("/cba/salver-warehousing", {
      method: "PUT",
      token,
      body: { salverNoOrOrderNo: initial.salverNo },
    });
    expect(scan.code).toBe(200);
    const detain = orders.find((o) => o.cbaStatus === 4 && o.salverNo !== initial.salverNo);
    if (detain) {
      const answer = await api.call("/cba/order", {
        method: "PUT",
        token,
        body: { orderNoList: [detain.orderNo], cbaStatus: 2, reasonForDetention: "查验" },
      });
      expect(answer.code).toBe(200);
    }
    await check();
    // The platform's totals still cover every company.
    const admin = await api.login(ADMIN);
    const all = await api.ok("/cba/order", { token: admin }, orderListDataSchema);
    expect(all.pagination.total).toBe(SMALL_SEED.orders);
  });
});

describe("another company's data answers as unknown", () => {
  let manager: string;
  let mine: Holdings;
  let theirs: Holdings;

  beforeEach(async () => {
    manager = await api.login(MANAGER);
    mine = await holdings(manager);
    theirs = await holdings(await api.login(NANSHA));
  });

  /** An order of the other company, in this status if it has one. */
  function theirOrder(status?: number): Order {
    const order =
      theirs.orders.find((o) => status === undefined || o.cbaStatus === status) ?? theirs.orders[0];
    if (!order) throw new Error("the other company has no order");
    return order;
  }

  it("lists: none of its services, pallets, orders or arrivals, whatever the filter", async () => {
    const order = theirOrder();
    const pallet = theirs.salvers[0];
    const service = theirs.services[0];
    if (!pallet || !service) throw new Error("other company has no pallet");
    for (const query of [
      { orderNo: order.orderNo },
      { orderNo: order.orderNo.slice(0, 10) },
      { salverNo: pallet.salverNo },
      { serviceNo: service.serviceNo },
      { consignee: order.consignee },
      { cbaStatus: order.cbaStatus },
    ]) {
      const answer = await api.ok(
        "/cba/order",
        { token: manager, query: { pageSize: 1000, ...query } },
        orderListDataSchema,
      );
      expect(
        answer.list.every((o) => o.serviceNo !== service.serviceNo),
        JSON.stringify(query),
      ).toBe(true);
      const expected = mine.orders.filter((o) =>
        Object.entries(query).every(([key, value]) =>
          key === "cbaStatus"
            ? o.cbaStatus === value
            : key === "serviceNo"
              ? o.serviceNo === value
              : String(o[key as keyof Order]).includes(String(value)),
        ),
      );
      expect(answer.pagination.total, JSON.stringify(query)).toBe(expected.length);
      expect(answer.amountTotal).toBe(expected.reduce((sum, o) => sum + o.acturalPaid, 0));
    }
    const services = await api.ok(
      "/cba/service",
      { token: manager, query: { serviceNo: service.serviceNo } },
      pagedListOf(serviceSchema),
    );
    expect(services.pagination.total).toBe(0);

    const report = await api.ok(
      "/cba/arrival-report",
      { token: manager, query: { pageSize: 1000 } },
      arrivalReportDataSchema,
    );
    expect(report.totals.arrived).toBe(mine.orders.length);
    const myPallets = new Set(mine.salvers.map((s) => s.salverNo));
    expect(report.list.every((row) => myPallets.has(row.salverNo))).toBe(true);
    const byPallet = await api.ok(
      "/cba/arrival-report",
      { token: manager, query: { salverNo: pallet.salverNo } },
      arrivalReportDataSchema,
    );
    expect(byPallet.totals.arrived).toBe(0);
  });

  it("lookups and changes: pallets of its service, pallet position, status, detention, remarks", async () => {
    const service = theirs.services[0];
    const pallet = theirs.salvers[0];
    if (!service || !pallet) throw new Error("other company has no pallet");
    expectUnknown(
      await api.call(`/cba/salver/${service.serviceNo}`, { token: manager }),
      await api.call(`/cba/salver/${UNKNOWN.service}`, { token: manager }),
      service.serviceNo,
      UNKNOWN.service,
      "pallets of a service",
    );
    const move = (no: string) =>
      api.call(`/cba/salver/${no}`, {
        method: "PUT",
        token: manager,
        body: { salverDirection: "Z-99-9" },
      });
    expectUnknown(
      await move(pallet.salverNo),
      await move(UNKNOWN.pallet),
      pallet.salverNo,
      UNKNOWN.pallet,
      "pallet position",
    );

    const initial = theirOrder(1);
    const mineInitial = mine.orders.find((o) => o.cbaStatus === 1);
    if (!mineInitial) throw new Error("no initial order of the manager");
    const put = (path: string, body: object) =>
      api.call(path, { method: "PUT", token: manager, body });
    for (const [path, body, what] of [
      ["/cba/order", { cbaStatus: 4 }, "status"],
      ["/cba/order", { cbaStatus: 2, reasonForDetention: "查验" }, "detention"],
      ["/cba/order-remarks", { reasonForDetention: "看看" }, "remark"],
    ] as const) {
      expectUnknown(
        await put(path, { ...body, orderNoList: [initial.orderNo] }),
        await put(path, { ...body, orderNoList: [UNKNOWN.order] }),
        initial.orderNo,
        UNKNOWN.order,
        what,
      );
      // All or nothing: the manager's own order in the same batch is left as it was.
      const mixed = await put(path, {
        ...body,
        orderNoList: [mineInitial.orderNo, initial.orderNo],
      });
      expect(mixed.code, what).toBe(ApiCode.notFound);
    }
    const after = await holdings(manager);
    expect(after.orders).toEqual(mine.orders);
    const theirsAfter = await holdings(await api.login(NANSHA));
    expect(theirsAfter.orders).toEqual(theirs.orders);
    expect(theirsAfter.salvers).toEqual(theirs.salvers);
  });

  it("stock in/out scans: its pallet and order numbers are unknown to the manager", async () => {
    const pallet =
      theirs.salvers.find((s) =>
        theirs.orders.some((o) => o.salverNo === s.salverNo && o.cbaStatus === 1),
      ) ?? theirs.salvers[0];
    const order = theirOrder(1);
    if (!pallet) throw new Error("the other company has no pallet");
    for (const path of ["/cba/salver-warehousing", "/cba/order-warehousing"]) {
      const scan = (no: string) =>
        api.call(path, {
          method: "PUT",
          token: manager,
          body: { salverNoOrOrderNo: no, direction: "in" },
        });
      expectUnknown(
        await scan(pallet.salverNo),
        await scan(UNKNOWN.pallet),
        pallet.salverNo,
        UNKNOWN.pallet,
        `${path} pallet`,
      );
      expectUnknown(
        await scan(order.orderNo.toLowerCase()),
        await scan(UNKNOWN.order.toLowerCase()),
        // Scanned in lower case, named as the backend keeps numbers: upper case.
        order.orderNo,
        UNKNOWN.order.toUpperCase(),
        `${path} order`,
      );
    }
    // The manager scans its own, and the station scans anyone's.
    const own = mine.orders.find((o) => o.cbaStatus === 1);
    if (!own) throw new Error("no initial order of the manager");
    const scanned = await api.call("/cba/order-warehousing", {
      method: "PUT",
      token: manager,
      body: { salverNoOrOrderNo: own.orderNo },
    });
    expect(scanned.code).toBe(200);
    const movable = theirs.orders.find((o) => o.cbaStatus === 1 || o.cbaStatus === 4);
    if (!movable) throw new Error("no order of the other company to scan");
    const station = await api.call("/cba/order-warehousing", {
      method: "PUT",
      token: await api.login(ADMIN),
      body: {
        salverNoOrOrderNo: movable.orderNo,
        direction: movable.cbaStatus === 1 ? "in" : "out",
      },
    });
    expect(station.code).toBe(200);
  });

  it("downloads hold only the manager's rows; a listed foreign order answers HTTP 400 as unknown", async () => {
    expect(await downloadedOrders(manager)).toEqual(new Set(mine.orders.map((o) => o.orderNo)));
    const order = theirOrder();
    for (const path of ["/cba/down-order", "/cba/down-order-logistics"]) {
      const foreign = await api.raw(path, {
        method: "POST",
        token: manager,
        body: { orderNoList: [order.orderNo] },
      });
      const unknown = await api.raw(path, {
        method: "POST",
        token: manager,
        body: { orderNoList: [UNKNOWN.order] },
      });
      expect(foreign.status).toBe(400);
      expect(unknown.status).toBe(400);
      expectUnknown(
        (await foreign.json()) as Envelope,
        (await unknown.json()) as Envelope,
        order.orderNo,
        UNKNOWN.order,
        path,
      );
    }
    // The query filters cannot reach another company either.
    const rows = await sheetRows(
      await api.raw("/cba/down-order-logistics", {
        method: "POST",
        token: manager,
        body: { orderNoList: [] },
        query: { serviceNo: order.serviceNo },
      }),
    );
    expect(rows.slice(1, -1)).toEqual([]);
  });

  it("import: its orders are refused as unknown, its waybill numbers are not named", async () => {
    const foreign = theirOrder(1);
    const taken = theirs.orders.find((o) => o.logisticsNo !== null && o.cbaStatus !== 3);
    const own = mine.orders.find((o) => o.cbaStatus === 1);
    if (!taken?.logisticsNo || !own) throw new Error("no order to import for");
    const report = await importFile(manager, [
      [foreign.orderNo, "SF1234567890123"],
      [UNKNOWN.order, "SF1234567890124"],
      [own.orderNo, taken.logisticsNo],
    ]);
    const [theirRow, unknownRow, takenRow] = report.rows;
    expect(theirRow).toMatchObject({ applied: false, reason: unknownRow?.reason });
    expect(unknownRow?.applied).toBe(false);
    expect(takenRow?.applied).toBe(false);
    expect(takenRow?.reason).not.toContain(taken.orderNo);
    const theirsAfter = await holdings(await api.login(NANSHA));
    expect(theirsAfter.orders).toEqual(theirs.orders);
  });

  it("notifications: a user reads and marks only its own", async () => {
    const other = await api.login(NANSHA);
    const before = await api.ok("/notice", { token: other }, noticeListDataSchema);
    const ids = before.list.map((n) => n.id);
    await api.call("/notice/read", { method: "PUT", token: manager, body: { ids } });
    const after = await api.ok("/notice", { token: other }, noticeListDataSchema);
    expect(after.unread).toBe(before.unread);
    const mineNotices = await api.ok(
      "/notice",
      { token: manager, query: { pageSize: 100 } },
      noticeListDataSchema,
    );
    expect(mineNotices.list.some((n) => ids.includes(n.id))).toBe(false);
  });

  it("the platform lists, changes and downloads every company's orders", async () => {
    const admin = await api.login(ADMIN);
    const order = theirOrder(1);
    const answer = await api.ok(
      "/cba/order",
      { token: admin, query: { orderNo: order.orderNo } },
      orderListDataSchema,
    );
    expect(answer.list.map((o) => o.orderNo)).toEqual([order.orderNo]);
    const remark = await api.call("/cba/order-remarks", {
      method: "PUT",
      token: admin,
      body: { orderNoList: [order.orderNo, mine.orders[0]?.orderNo], reasonForDetention: "抽检" },
    });
    expect(remark.code).toBe(200);
    const downloaded = await downloadedOrders(admin, [order.orderNo]);
    expect([...downloaded]).toEqual([order.orderNo]);
  });
});

describe("a newly approved company", () => {
  it("has no company before approval and sees none of the seeded data after it", async () => {
    const admin = await api.login(ADMIN);
    const guest = await api.login(GUEST);
    const upload = new FormData();
    upload.set("image", new Blob([PNG]), "licence.png");
    const image = (
      await api.call<{ image_url: string }>("/upload/image", {
        method: "POST",
        token: guest,
        body: upload,
      })
    ).data.image_url;
    const submitted = await api.call<{ id: string }>("/cba/cba-company", {
      method: "POST",
      token: guest,
      body: {
        companyNameZh: "上海浦江跨境电子商务有限公司",
        companyNameEn: "Shanghai Pujiang Cross-border E-commerce Co., Ltd.",
        creditCode: "91310000132149237G",
        customsCode: "3122960XYZ",
        legalRepresentative: "张伟",
        contactPerson: "李娜",
        contactPhone: "13812345678",
        contactEmail: GUEST,
        registeredAddress: "上海市浦东新区外高桥保税区富特北路 211 号",
        businessScope: "跨境电子商务；货物进出口。",
        businessLicenseImage: image,
        legalIdFrontImage: image,
        legalIdBackImage: image,
      },
    });
    expect(submitted.code).toBe(200);
    // No role and no company yet.
    expect((await api.call("/cba/order", { token: guest })).code).toBe(ApiCode.forbidden);
    const review = (body: object) =>
      api.call("/cba/cba-company/review", { method: "PUT", token: admin, body });
    expect((await review({ id: submitted.data.id })).code).toBe(200);
    const approved = await review({ id: submitted.data.id, approved: true });
    expect(approved.code).toBe(200);

    const seen = await holdings(guest);
    expect(seen).toEqual({ services: [], salvers: [], orders: [] });
    const list = await api.ok("/cba/order", { token: guest }, orderListDataSchema);
    expect(list).toMatchObject({ amountTotal: 0, pagination: { total: 0 } });
    const report = await api.ok("/cba/arrival-report", { token: guest }, arrivalReportDataSchema);
    expect(report.totals).toEqual({
      arrived: 0,
      inStock: 0,
      notInStock: 0,
      detained: 0,
      stockedOut: 0,
      initial: 0,
    });
    expect(await downloadedOrders(guest)).toEqual(new Set());

    const seeded = await holdings(admin);
    const order = seeded.orders.find((o) => o.cbaStatus === 1);
    if (!order) throw new Error("no initial order");
    const scan = await api.call("/cba/order-warehousing", {
      method: "PUT",
      token: guest,
      body: { salverNoOrOrderNo: order.orderNo },
    });
    expect(scan.code).toBe(ApiCode.notFound);
    const status = await api.call("/cba/order", {
      method: "PUT",
      token: guest,
      body: { orderNoList: [order.orderNo], cbaStatus: 4 },
    });
    expect(status.code).toBe(ApiCode.notFound);

    // Its notice of the approval is its own, under its company.
    const notices = await api.ok("/notice", { token: guest }, noticeListDataSchema);
    expect(notices.list.length).toBeGreaterThan(0);
  });
});
