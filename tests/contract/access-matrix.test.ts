/**
 * Who may make which call: every /api/v1 endpoint of the contract, called by
 * an anonymous visitor, a Guest, a CBA_MANAGER of company A (the demo
 * manager's), a CBA_MANAGER of company B, a sub-account of company A and
 * SYSTEM_ADMINISTRATOR, on company A's services, pallets and orders. Each
 * caller starts from a fresh seed, so one caller's changes never decide
 * another's answer. A new endpoint fails the test until it has a row here.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  ApiCode,
  auditDataSchema,
  type EndpointName,
  endpoints,
  orderListDataSchema,
  pagedListOf,
  palletSchema,
  subAccountSchema,
  XLSX_CONTENT_TYPE,
} from "../../app/contract/index.ts";
import { mockClock } from "../../mocks/clock.ts";
import { OTHER_COMPANY_ACCOUNTS } from "../../mocks/seed.ts";
import { ADMIN, contractBackend, GUEST, MANAGER, PNG, reset } from "./helpers.ts";

// Each test seeds the size it needs.
const server = contractBackend({ reseed: "never" });
const { api } = server;

const ACTORS = ["anonymous", "guest", "managerA", "managerB", "subAccountA", "admin"] as const;
type Actor = (typeof ACTORS)[number];
const ACCOUNT_OF: Record<Exclude<Actor, "anonymous">, string> = {
  guest: GUEST,
  managerA: MANAGER,
  managerB: OTHER_COMPANY_ACCOUNTS.nansha,
  subAccountA: "ops@demo.test",
  admin: ADMIN,
};

const OK = 200;
const NO_TOKEN = ApiCode.noToken;
const FORBIDDEN = ApiCode.forbidden;
const UNKNOWN = ApiCode.notFound;
const INVALID = ApiCode.invalidParameters;

type Expected = Record<Actor, number>;

/** The same answer for everyone. */
const everyone = (code: number): Expected =>
  Object.fromEntries(ACTORS.map((actor) => [actor, code])) as Expected;
/** Any signed-in user: `code`; anonymous: no token. */
const signedIn = (code = OK): Expected => ({ ...everyone(code), anonymous: NO_TOKEN });
/** Logistics lists: CBA_MANAGER or SYSTEM_ADMINISTRATOR, each seeing its own scope. */
const staff: Expected = { ...signedIn(), guest: FORBIDDEN };
/** Company A's data: its users and the platform; company B gets the unknown answer. */
const companyA: Expected = { ...staff, managerB: UNKNOWN };
/** The platform's review queue. */
const platform = (code = OK): Expected => ({
  ...signedIn(FORBIDDEN),
  admin: code,
});

interface Fixture {
  serviceNo: string;
  /** A pallet of company A with an initial order (pallet scan). */
  salverNo: string;
  /** An initial order of company A on another pallet (order scan). */
  scanOrderNo: string;
  /** Another initial order of company A (status, remarks, downloads, import). */
  orderNo: string;
  subAccountId: string;
  /** A sub-account of company A created for the test: never signed in, not a published one. */
  newSubAccountId: string;
  /** An image company A's manager uploaded (a licence). */
  imageId: string;
  /** Company A's id (its approved qualification's). */
  companyId: string;
  /** An operation on company A's orders (the audit log). */
  auditId: string;
}

interface Row {
  expected: Expected;
  call: (token: string | undefined, fixture: Fixture) => Promise<number>;
}

async function json(
  path: string,
  method: string,
  token: string | undefined,
  body?: unknown,
  query?: Record<string, string>,
): Promise<number> {
  return (await api.call(path, { method, token, body, query })).code;
}

/** A binary call: 200 with a file, else the code of its HTTP 400 envelope. */
async function binary(
  path: string,
  method: string,
  token: string | undefined,
  body?: unknown,
): Promise<number> {
  const response = await api.raw(path, { method, token, body });
  if (response.status === 200) return OK;
  expect(response.status).toBe(400);
  return ((await response.json()) as { code: number }).code;
}

async function importFile(orderNo: string): Promise<FormData> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Import");
  sheet.addRow(["订单号", "物流单号"]);
  sheet.addRow([orderNo, "SF7654321098765"]);
  const form = new FormData();
  form.set(
    "file",
    new Blob([(await workbook.xlsx.writeBuffer()) as ArrayBuffer], { type: XLSX_CONTENT_TYPE }),
    "import.xlsx",
  );
  return form;
}

const MATRIX: Record<EndpointName, Row> = {
  login: {
    expected: everyone(ApiCode.wrongCredentials),
    call: () =>
      json("/account/login", "POST", undefined, { username: MANAGER, password: "nope-1234" }),
  },
  checkAccount: {
    expected: everyone(OK),
    call: (token) => json("/account/check/account", "GET", token, undefined, { username: MANAGER }),
  },
  sendEmailCode: {
    expected: everyone(ApiCode.emailTaken),
    call: (token) =>
      json("/account/captcha/email", "GET", token, undefined, {
        email: MANAGER,
        scene: "register",
      }),
  },
  register: {
    expected: everyone(ApiCode.emailTaken),
    call: (token) =>
      json("/account/register/email", "POST", token, {
        email: MANAGER,
        username: MANAGER,
        password: "N3w-secret!",
        checkPass: "N3w-secret!",
        captcha_id: "x",
        captcha_code: "000000",
      }),
  },
  forgotPassword: {
    expected: everyone(ApiCode.wrongEmailCode),
    call: (token) =>
      json("/account/login/forgot-password", "POST", token, {
        password: "N3w-secret!",
        checkPass: "N3w-secret!",
        captcha_id: "unknown",
        captcha_code: "000000",
      }),
  },
  outbox: { expected: everyone(OK), call: (token) => json("/demo/outbox", "GET", token) },
  // Only inside an end-to-end test's world; this backend runs none.
  fault: {
    expected: everyone(UNKNOWN),
    call: (token) =>
      json("/demo/fault", "PUT", token, { method: "GET", path: "/cba/cba-company", code: 500 }),
  },
  // A licence is company A's data: to anyone else it does not exist.
  image: {
    expected: { ...companyA, guest: UNKNOWN },
    call: async (token, f) => {
      const response = await api.raw(`/upload/image/${f.imageId}`, { token });
      if (response.status === 200) return OK;
      return ((await response.json()) as { code: number }).code;
    },
  },

  accountInfo: {
    expected: signedIn(),
    call: (token) => json("/account/account-info", "GET", token),
  },
  updateAccountInfo: {
    expected: staff,
    call: (token) => json("/account/account-info", "PUT", token, { isSingleLogin: false }),
  },
  // Every actor here is a published demo account: nobody may change its password.
  modifyPassword: {
    expected: { ...signedIn(ApiCode.wrongStatus), guest: FORBIDDEN },
    call: (token) =>
      json("/account/modify-password/pwd", "POST", token, {
        oldPassword: "wrong-Pass1",
        password: "N3w-secret!",
        checkPass: "N3w-secret!",
      }),
  },
  loginDevices: {
    expected: staff,
    call: (token) => json("/account/login-device", "GET", token),
  },
  forceOffline: {
    expected: { ...signedIn(UNKNOWN), guest: FORBIDDEN },
    call: (token) => json("/account/login-device/nope", "PUT", token),
  },
  subAccounts: {
    expected: { ...staff, subAccountA: FORBIDDEN },
    call: (token) => json("/account/sub-account", "GET", token),
  },
  createSubAccount: {
    expected: { ...staff, subAccountA: FORBIDDEN },
    call: (token) =>
      json("/account/sub-account", "POST", token, {
        email: `invite-${Math.random().toString(36).slice(2, 8)}@example.com`,
        role: "GUEST",
      }),
  },
  updateSubAccount: {
    // Company A's sub-account: only its main account manages it.
    expected: { ...companyA, subAccountA: FORBIDDEN, admin: UNKNOWN },
    call: (token, f) =>
      json(`/account/sub-account/${f.subAccountId}`, "PUT", token, { enabled: true }),
  },
  resendSubAccountInvitation: {
    expected: { ...companyA, subAccountA: FORBIDDEN, admin: UNKNOWN },
    call: (token, f) => json(`/account/sub-account/${f.newSubAccountId}/invitation`, "POST", token),
  },
  // After the invitation: it deletes the sub-account the row above mailed.
  deleteSubAccount: {
    expected: { ...companyA, subAccountA: FORBIDDEN, admin: UNKNOWN },
    call: (token, f) => json(`/account/sub-account/${f.newSubAccountId}`, "DELETE", token),
  },
  notices: { expected: signedIn(), call: (token) => json("/notice", "GET", token) },
  readNotices: {
    expected: signedIn(),
    call: (token) => json("/notice/read", "PUT", token, { ids: [] }),
  },
  // Each account's own list settings: any signed-in user, a view of nobody's is unknown.
  listSettings: {
    expected: signedIn(),
    call: (token) => json("/account/list-settings/orders", "GET", token),
  },
  saveListColumns: {
    expected: signedIn(),
    call: (token) =>
      json("/account/list-settings/orders/columns", "PUT", token, { hiddenColumns: ["consignee"] }),
  },
  createSavedView: {
    expected: signedIn(),
    call: (token) =>
      json("/account/list-settings/orders/views", "POST", token, {
        name: "Detained",
        query: "cbaStatus=2",
        hiddenColumns: null,
      }),
  },
  updateSavedView: {
    expected: signedIn(UNKNOWN),
    call: (token) =>
      json("/account/list-settings/orders/views/vnobody", "PUT", token, { name: "Renamed" }),
  },
  deleteSavedView: {
    expected: signedIn(UNKNOWN),
    call: (token) => json("/account/list-settings/orders/views/vnobody", "DELETE", token),
  },
  // Company A's figures: another company's id answers as an unknown one.
  workbench: {
    expected: companyA,
    call: (token, f) => json("/cba/workbench", "GET", token, undefined, { companyId: f.companyId }),
  },
  homePage: {
    expected: staff,
    call: (token) => json("/account/home-page", "PUT", token, { homePage: "workbench" }),
  },
  company: { expected: signedIn(), call: (token) => json("/cba/cba-company", "GET", token) },
  createCompany: {
    expected: signedIn(INVALID),
    call: (token) => json("/cba/cba-company", "POST", token, {}),
  },
  updateCompany: {
    expected: signedIn(INVALID),
    call: (token) => json("/cba/cba-company", "PUT", token, {}),
  },
  reviewQueue: {
    expected: platform(),
    call: (token) => json("/cba/cba-company/review", "GET", token),
  },
  review: {
    expected: platform(UNKNOWN),
    call: (token) => json("/cba/cba-company/review", "PUT", token, { id: "nope" }),
  },
  brands: { expected: signedIn(), call: (token) => json("/cba/brand", "GET", token) },
  categories: { expected: signedIn(), call: (token) => json("/cba/category", "GET", token) },
  uploadImage: {
    expected: signedIn(INVALID),
    call: (token) => json("/upload/image", "POST", token, new FormData()),
  },

  services: { expected: staff, call: (token) => json("/cba/service", "GET", token) },
  salvers: {
    expected: companyA,
    call: (token, f) => json(`/cba/salver/${f.serviceNo}`, "GET", token),
  },
  updateSalver: {
    expected: companyA,
    call: (token, f) =>
      json(`/cba/salver/${f.salverNo}`, "PUT", token, { salverDirection: "B-02-2" }),
  },
  salverWarehousing: {
    expected: companyA,
    call: (token, f) =>
      json("/cba/salver-warehousing", "PUT", token, { salverNoOrOrderNo: f.salverNo }),
  },
  orderWarehousing: {
    expected: companyA,
    call: (token, f) =>
      json("/cba/order-warehousing", "PUT", token, { salverNoOrOrderNo: f.scanOrderNo }),
  },
  orders: { expected: staff, call: (token) => json("/cba/order", "GET", token) },
  // Another company's order is unknown to company B, like every order call.
  orderStatusCounts: {
    expected: companyA,
    call: (token, f) =>
      json("/cba/order/status-counts", "POST", token, { orderNoList: [f.orderNo] }),
  },
  updateOrders: {
    expected: companyA,
    call: (token, f) =>
      json("/cba/order", "PUT", token, {
        orderNoList: [f.orderNo],
        cbaStatus: 2,
        reasonForDetention: "查验",
      }),
  },
  orderHistory: {
    expected: companyA,
    call: (token, f) => json(`/cba/order/${f.orderNo}/history`, "GET", token),
  },
  orderRemarks: {
    expected: companyA,
    call: (token, f) =>
      json("/cba/order-remarks", "PUT", token, {
        orderNoList: [f.orderNo],
        reasonForDetention: "备注",
      }),
  },
  downloadOrders: {
    expected: companyA,
    call: (token, f) => binary("/cba/down-order", "POST", token, { orderNoList: [f.orderNo] }),
  },
  downloadOrderLogistics: {
    expected: companyA,
    call: (token, f) =>
      binary("/cba/down-order-logistics", "POST", token, { orderNoList: [f.orderNo] }),
  },
  // The import answers a report: company B's row is refused as an unknown order (companies.test.ts).
  importOrders: {
    expected: staff,
    call: async (token, f) => json("/cba/order-import", "POST", token, await importFile(f.orderNo)),
  },
  importTemplate: {
    expected: staff,
    call: (token) => binary("/cba/order-import/template", "GET", token),
  },
  arrivalReport: { expected: staff, call: (token) => json("/cba/arrival-report", "GET", token) },
  downloadArrivalReport: {
    expected: staff,
    call: (token) => binary("/cba/arrival-report/download", "GET", token),
  },
  audit: { expected: staff, call: (token) => json("/cba/audit", "GET", token) },
  // Company A's operation is unknown to company B, like its orders.
  auditOrders: {
    expected: companyA,
    call: (token, f) => json(`/cba/audit/${f.auditId}/orders`, "GET", token),
  },
  downloadAudit: {
    expected: staff,
    call: (token) => binary("/cba/audit/download", "GET", token),
  },
  // Last: it ends the caller's token.
  // After the scans (the scanned order is stocked in by then), before logout.
  // Company B's filter matches none of A's orders: the count it confirmed (1)
  // no longer holds, the same answer as for a filter that matches nothing.
  updateOrdersByFilter: {
    expected: { ...staff, managerB: ApiCode.wrongStatus },
    call: (token, f) =>
      json(
        "/cba/order/by-filter",
        "PUT",
        token,
        { expectedCount: 1, cbaStatus: 2, reasonForDetention: "查验" },
        { orderNo: f.scanOrderNo },
      ),
  },
  orderRemarksByFilter: {
    expected: { ...staff, managerB: ApiCode.wrongStatus },
    call: (token, f) =>
      json(
        "/cba/order-remarks/by-filter",
        "PUT",
        token,
        { expectedCount: 1, reasonForDetention: "备注" },
        { orderNo: f.orderNo },
      ),
  },
  logout: { expected: signedIn(), call: (token) => json("/account/logout", "POST", token) },
};

/** Company A's pallet with an initial order, read as its manager. */
async function fixture(): Promise<Fixture> {
  const token = await api.login(MANAGER);
  const orders = await api.ok(
    "/cba/order",
    { token, query: { pageSize: 1000, cbaStatus: 1 } },
    orderListDataSchema,
  );
  const [scanned] = orders.list;
  const pallet = orders.list.find((o) => o.salverNo !== scanned?.salverNo);
  const order = orders.list.find((o) => o !== scanned && o.salverNo !== scanned?.salverNo);
  if (!scanned || !pallet || !order) throw new Error("company A has too few initial orders");
  const pallets = await api.ok(
    `/cba/salver/${pallet.serviceNo}`,
    { token, query: { pageSize: 1000 } },
    pagedListOf(palletSchema),
  );
  if (!pallets.list.some((p) => p.salverNo === pallet.salverNo)) throw new Error("pallet missing");
  const subs = await api.ok("/account/sub-account", { token }, pagedListOf(subAccountSchema));
  const sub = subs.list.find((s) => s.username === ACCOUNT_OF.subAccountA);
  if (!sub) throw new Error("sub-account missing");
  const created = await api.call<{ id: string }>("/account/sub-account", {
    method: "POST",
    token,
    body: { email: "matrix-sub@example.com", role: "GUEST" },
  });
  // Past the 60 s between two invitations to one address.
  mockClock.advance(61_000);
  const upload = new FormData();
  upload.set("image", new Blob([PNG]), "licence.png");
  const image = await api.call<{ id: string }>("/upload/image", {
    method: "POST",
    token,
    body: upload,
  });
  const company = await api.call<{ id: string }>("/cba/cba-company", { token });
  const audit = await api.ok("/cba/audit", { token, query: { pageSize: 1 } }, auditDataSchema);
  const [operation] = audit.list;
  if (!operation) throw new Error("company A has no operation");
  await api.call("/account/logout", { method: "POST", token });
  return {
    auditId: operation.id,
    companyId: company.data.id,
    imageId: image.data.id,
    serviceNo: pallet.serviceNo,
    salverNo: pallet.salverNo,
    scanOrderNo: scanned.orderNo,
    orderNo: order.orderNo,
    subAccountId: sub.id,
    newSubAccountId: created.data.id,
  };
}

describe("access matrix", () => {
  it("has a row for every endpoint of the contract", () => {
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it.each(ACTORS)("answers %s as the matrix says", async (actor) => {
    // Enough pallets for company A to have two with initial orders.
    await reset({ services: 4, pallets: 40, orders: 400 });
    const f = await fixture();
    const token = actor === "anonymous" ? undefined : await api.login(ACCOUNT_OF[actor]);
    const expected: Record<string, number> = {};
    const actual: Record<string, number> = {};
    // Logout last (it is the last row).
    for (const [name, row] of Object.entries(MATRIX)) {
      expected[name] = row.expected[actor];
      actual[name] = await row.call(token, f);
    }
    expect(actual).toEqual(expected);
  });
});
