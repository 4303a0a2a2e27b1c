/**
 * The fake backend's data: @msw/data collections (through `Table`, which keeps
 * a Map by key beside each one) and the indexes and aggregates that keep the
 * logistics calls fast at 100,000 orders:
 *
 * - `orderList`: the order rows, newest first (the list order). The order
 *   table updates rows in place, so indexes hold the rows themselves;
 * - `palletOrders` (rows, newest first), `servicePallets`: children by parent;
 * - `logisticsIndex`: waybill number → order number (import uniqueness);
 * - `palletStats`, `serviceStats`, `companyStats`, `allStats`: order count
 *   and amount per status, changed on every status change; the derived
 *   cbaStatus of pallets and services, and the totals of unfiltered or
 *   status-only order lists (a company's or everyone's), come from them.
 *
 * Services, pallets and orders each carry their company (`companyId`), so
 * the company filter of mocks/scope.ts is one comparison per row.
 *
 * `orderHistory` (one row per changed order, keyed by order number) holds
 * every change of an order: status moves, remarks, imported waybill numbers.
 *
 * Times are stored as Unix seconds and answered as `{ seconds }`.
 */
import { z } from "zod";
import { EMAIL_CODE_SCENES } from "../app/contract/account.ts";
import {
  brandSchema,
  type OrderStatusCode,
  orderEventSchema,
  orderSchema,
  PalletStatus,
  type PalletStatusCode,
  palletSchema,
  QUALIFICATION_STATES,
  serviceSchema,
  subOrderSchema,
} from "../app/contract/cba.ts";
import { SAVED_VIEW_LISTS } from "../app/contract/list-names.ts";
import { NOTICE_KINDS } from "../app/contract/notice.ts";
import { ROLES } from "../app/contract/roles.ts";
import type { HomePageChoice } from "../app/contract/workbench.ts";
import { indexConsignees, noteStatus } from "./order-index.ts";
import { JournaledMap, Table } from "./table.ts";
import { currentWorld } from "./worlds.ts";

const seconds = z.number().int();

export const userRow = z.object({
  id: z.string(),
  username: z.string(),
  /** `scrypt$<salt hex>$<hash hex>`; never answered. */
  passwordHash: z.string(),
  scope: z.array(z.enum(ROLES)),
  isSingleLogin: z.boolean(),
  /** The company's main account for a sub-account; null for a main account. */
  parentId: z.string().nullable(),
  /**
   * The company whose data the user sees and changes (mocks/scope.ts): set
   * when its qualification is approved, the main account's for a
   * sub-account; null until then.
   */
  companyId: z.string().nullable(),
  enabled: z.boolean(),
  createdOn: seconds,
  lastLoginOn: seconds.nullable(),
  failedLogins: z.number().int(),
  lockedUntil: seconds.nullable(),
  /**
   * The language the account last used the portal in: its mails are written
   * in it (Chinese until it has used one).
   */
  lang: z.enum(["zh", "en"]).default("zh"),
});
export type UserRow = z.output<typeof userRow>;

export const OFFLINE_REASONS = [
  "logout",
  "single",
  "forced",
  "password",
  "disabled",
  "deleted",
] as const;
export type OfflineReason = (typeof OFFLINE_REASONS)[number];

/** One login: the device row and its token (stored as a SHA-256 hash). */
export const deviceRow = z.object({
  deviceNo: z.string(),
  userId: z.string(),
  tokenHash: z.string(),
  device: z.string(),
  ip: z.string(),
  createdOn: seconds,
  expiresOn: seconds,
  status: z.enum(["online", "Offline"]),
  offlineReason: z.enum(OFFLINE_REASONS).nullable(),
  /** Increasing number: newest first even within one second. */
  seq: z.number().int(),
});
export type DeviceRow = z.output<typeof deviceRow>;

export const emailCodeRow = z.object({
  captchaId: z.string(),
  email: z.string(),
  scene: z.enum(EMAIL_CODE_SCENES),
  /** SHA-256 of the 6-digit code. */
  codeHash: z.string(),
  createdOn: seconds,
  expiresOn: seconds,
  used: z.boolean(),
  failedAttempts: z.number().int(),
});
export type EmailCodeRow = z.output<typeof emailCodeRow>;

export const mailRow = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdOn: seconds,
  /** Increasing number: newest first even within one second. */
  seq: z.number().int(),
  /** The demo mailboxes that show it (mocks/mailbox.ts). */
  mailboxes: z.array(z.string()),
});

/*
 * The rows of services, pallets and orders are the contract's answers
 * (app/contract/cba.ts) without what is derived when answering (statuses
 * of services and pallets, totals, labels, history), with the owning
 * company, and with times as Unix seconds: a field added to the contract
 * is added here by the same edit.
 */

export const serviceRow = serviceSchema.pick({ serviceNo: true, name: true }).extend({
  /** The owning company; pallets and orders carry their service's. */
  companyId: z.string(),
  createdOn: seconds,
});
export type ServiceRow = z.output<typeof serviceRow>;

export const palletRow = palletSchema
  .omit({ cbaStatus: true, cbaStatusStr: true, ordersTotal: true, amount: true })
  .extend({ companyId: z.string(), createdOn: seconds });
export type PalletRow = z.output<typeof palletRow>;

export const orderRow = orderSchema.omit({ cbaStatusStr: true, history: true }).extend({
  companyId: z.string(),
  enterCbaTime: seconds.nullable(),
  exitCbaTime: seconds.nullable(),
  createdOn: seconds,
  subOrder: z.array(subOrderSchema),
});
export type OrderRow = z.output<typeof orderRow>;

/** One change of an order (mocks/history.ts). */
export const orderEventRow = orderEventSchema.omit({ actorKind: true }).extend({
  time: seconds,
  /** The account's username (its e-mail) at the time of the change. */
  actor: z.string(),
  /** True when the account was the platform's (SYSTEM_ADMINISTRATOR). */
  platform: z.boolean(),
});
export type OrderEventRow = z.output<typeof orderEventRow>;

/** An order's history, oldest event first; only orders that changed have a row. */
export const orderHistoryRow = z.object({
  orderNo: z.string(),
  companyId: z.string(),
  events: z.array(orderEventRow),
});

export const companyRow = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  companyNameZh: z.string(),
  companyNameEn: z.string(),
  creditCode: z.string(),
  customsCode: z.string(),
  legalRepresentative: z.string(),
  contactPerson: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  registeredAddress: z.string(),
  businessScope: z.string(),
  businessLicenseImage: z.string(),
  legalIdFrontImage: z.string(),
  legalIdBackImage: z.string(),
  state: z.enum(QUALIFICATION_STATES),
  rejectReason: z.string().nullable(),
  submittedOn: seconds,
  reviewedOn: seconds.nullable(),
  reviewerId: z.string().nullable(),
});
export type CompanyRow = z.output<typeof companyRow>;

export const noticeRow = z.object({
  id: z.string(),
  userId: z.string(),
  /** The recipient's company when it was sent; null for an account without one. */
  companyId: z.string().nullable(),
  kind: z.enum(NOTICE_KINDS),
  titleZh: z.string(),
  titleEn: z.string(),
  contentZh: z.string(),
  contentEn: z.string(),
  read: z.boolean(),
  createdOn: seconds,
  seq: z.number().int(),
});
export type NoticeRow = z.output<typeof noticeRow>;

/** A view of a list saved by an account (app/contract/list-settings.ts). */
export const savedViewRow = z.object({
  id: z.string(),
  userId: z.string(),
  list: z.enum(SAVED_VIEW_LISTS),
  name: z.string(),
  query: z.string(),
  hiddenColumns: z.array(z.string()).nullable(),
  isDefault: z.boolean(),
  createdOn: seconds,
  /** Increasing number: views are listed in the order they were saved. */
  seq: z.number().int(),
});
export type SavedViewRow = z.output<typeof savedViewRow>;

export const brandRow = brandSchema;

export const categoryRow = z.object({
  itemCatCode: z.string(),
  name: z.string(),
  parentCode: z.string().nullable(),
  brandCodes: z.array(z.string()),
});
export type CategoryRow = z.output<typeof categoryRow>;

export const imageRow = z.object({
  id: z.string(),
  userId: z.string(),
  mime: z.string(),
  bytes: z.instanceof(Uint8Array),
  createdOn: seconds,
});

/** Order count and amount per status (index = cbaStatus), and their totals. */
export interface Stats {
  counts: [number, number, number, number, number];
  amounts: [number, number, number, number, number];
  ordersTotal: number;
  amount: number;
}

export function emptyStats(): Stats {
  return { counts: [0, 0, 0, 0, 0], amounts: [0, 0, 0, 0, 0], ordersTotal: 0, amount: 0 };
}

/**
 * Status of a pallet or service from its orders (docs/product.md, Derived status of services and pallets; the
 * first rule that applies wins): all stocked out 3; some stocked out 2; all
 * detained 5; some detained 4; all stocked in 6; some stocked in 7; else 1.
 */
export function deriveStatus(stats: Stats): PalletStatusCode {
  const total = stats.ordersTotal;
  const [, , detained, stockedOut, stockedIn] = stats.counts;
  if (total === 0) return PalletStatus.initial;
  if (stockedOut === total) return PalletStatus.cleared;
  if (stockedOut > 0) return PalletStatus.partlyCleared;
  if (detained === total) return PalletStatus.fullyDetained;
  if (detained > 0) return PalletStatus.partlyDetained;
  if (stockedIn === total) return PalletStatus.inStock;
  if (stockedIn > 0) return PalletStatus.partlyInStock;
  return PalletStatus.initial;
}

export function createDb() {
  return {
    users: new Table(userRow, (row) => row.id),
    devices: new Table(deviceRow, (row) => row.deviceNo),
    emailCodes: new Table(emailCodeRow, (row) => row.captchaId),
    outbox: new Table(mailRow, (row) => row.id),
    services: new Table(serviceRow, (row) => row.serviceNo),
    // The pallets table keeps its stored name: the data file knows its tables by name.
    salvers: new Table(palletRow, (row) => row.salverNo),
    orders: new Table(orderRow, (row) => row.orderNo, { inPlace: true }),
    orderHistory: new Table(orderHistoryRow, (row) => row.orderNo, { inPlace: true }),
    companies: new Table(companyRow, (row) => row.id),
    notices: new Table(noticeRow, (row) => row.id),
    savedViews: new Table(savedViewRow, (row) => row.id),
    brands: new Table(brandRow, (row) => row.brandCode),
    categories: new Table(categoryRow, (row) => row.itemCatCode),
    images: new Table(imageRow, (row) => row.id),

    // Indexes beside the collections.
    userIdByName: new Map<string, string>(),
    deviceNoByToken: new Map<string, string>(),
    /** Demo mailboxes that signed in as each user (mocks/mailbox.ts). */
    mailboxesByUser: new JournaledMap<Set<string>>(),
    /** Last code sent per address (ms), for the 60 s resend rule. */
    lastCodeSentAt: new JournaledMap<number>(),
    /** The page each user chose to land on after signing in (PUT /account/home-page). */
    homePageByUser: new JournaledMap<HomePageChoice>(),
    /** The columns each user hides in each list, by `<user id>:<list>`. */
    listColumnsByUser: new JournaledMap<string[]>(),
    /** The qualification (companies row) each applicant submitted. */
    companyIdByUser: new Map<string, string>(),
    orderList: [] as OrderRow[],
    palletOrders: new Map<string, OrderRow[]>(),
    servicePallets: new Map<string, string[]>(),
    logisticsIndex: new Map<string, string>(),
    palletStats: new Map<string, Stats>(),
    serviceStats: new Map<string, Stats>(),
    companyStats: new Map<string, Stats>(),
    allStats: emptyStats(),
    /** Length shared by every order number (null when they differ): an exact number then matches only itself. */
    orderNoLength: null as number | null,
    palletNoLength: null as number | null,
    sequence: 0,
  };
}

export type Db = ReturnType<typeof createDb>;

/**
 * The values of the database that `rebuildIndexes` derives from the tables.
 * The data file (mocks/data-file.ts) keeps everything else: the tables, the
 * `JournaledMap`s and the plain numbers. A new value is either added here
 * (and to `rebuildIndexes`) or is one of those kinds; a test checks it.
 */
export const DERIVED_KEYS = [
  "userIdByName",
  "deviceNoByToken",
  "companyIdByUser",
  "orderList",
  "palletOrders",
  "servicePallets",
  "logisticsIndex",
  "palletStats",
  "serviceStats",
  "companyStats",
  "allStats",
  "orderNoLength",
  "palletNoLength",
] as const satisfies readonly (keyof Db)[];

/** The data of the current world (mocks/worlds.ts): the only world outside end-to-end tests. */
export const db: Db = new Proxy({} as Db, {
  get: (_target, key) => Reflect.get(currentWorld().db, key),
  set: (_target, key, value) => Reflect.set(currentWorld().db, key, value),
});

export function clearDb(): void {
  for (const table of [
    db.users,
    db.devices,
    db.emailCodes,
    db.outbox,
    db.services,
    db.salvers,
    db.orders,
    db.orderHistory,
    db.companies,
    db.notices,
    db.savedViews,
    db.brands,
    db.categories,
    db.images,
  ]) {
    table.clear();
  }
  db.userIdByName.clear();
  db.mailboxesByUser.clear();
  db.deviceNoByToken.clear();
  db.lastCodeSentAt.clear();
  db.homePageByUser.clear();
  db.listColumnsByUser.clear();
  db.companyIdByUser.clear();
  db.orderList = [];
  db.palletOrders.clear();
  db.servicePallets.clear();
  db.logisticsIndex.clear();
  db.palletStats.clear();
  db.serviceStats.clear();
  db.companyStats.clear();
  db.allStats = emptyStats();
  db.orderNoLength = null;
  db.palletNoLength = null;
  db.sequence = 0;
}

export function nextSeq(): number {
  db.sequence += 1;
  return db.sequence;
}

/** Adds a stored order to the indexes and aggregates (seeding). */
export function indexOrder(order: OrderRow): void {
  let list = db.palletOrders.get(order.salverNo);
  if (!list) {
    list = [];
    db.palletOrders.set(order.salverNo, list);
  }
  list.push(order);
  db.orderList.push(order);
  if (order.logisticsNo) db.logisticsIndex.set(order.logisticsNo, order.orderNo);
  for (const stats of statsOf(order)) {
    stats.counts[order.cbaStatus] += 1;
    stats.amounts[order.cbaStatus] += order.acturalPaid;
    stats.ordersTotal += 1;
    stats.amount += order.acturalPaid;
  }
}

function statsOf(order: { salverNo: string; serviceNo: string; companyId: string }): Stats[] {
  let company = db.companyStats.get(order.companyId);
  if (!company) {
    company = emptyStats();
    db.companyStats.set(order.companyId, company);
  }
  let pallet = db.palletStats.get(order.salverNo);
  if (!pallet) {
    pallet = emptyStats();
    db.palletStats.set(order.salverNo, pallet);
  }
  let service = db.serviceStats.get(order.serviceNo);
  if (!service) {
    service = emptyStats();
    db.serviceStats.set(order.serviceNo, service);
  }
  return [pallet, service, company, db.allStats];
}

/** Keeps the aggregates in step with one order's status change. */
export function recordStatusChange(
  order: OrderRow,
  from: OrderStatusCode,
  to: OrderStatusCode,
): void {
  if (from === to) return;
  noteStatus(db.orderList, order);
  for (const stats of statsOf(order)) {
    stats.counts[from] -= 1;
    stats.counts[to] += 1;
    stats.amounts[from] -= order.acturalPaid;
    stats.amounts[to] += order.acturalPaid;
  }
}

const newestFirst = (a: OrderRow, b: OrderRow) =>
  b.createdOn - a.createdOn || (a.orderNo < b.orderNo ? 1 : -1);

/** Sorts the order lists newest first and notes the number lengths (after seeding). */
export function finishOrderIndexes(): void {
  db.orderList.sort(newestFirst);
  for (const list of db.palletOrders.values()) list.sort(newestFirst);
  const lengthOf = (numbers: Iterable<string>) => {
    const lengths = new Set<number>();
    for (const value of numbers) lengths.add(value.length);
    return lengths.size === 1 ? ([...lengths][0] ?? null) : null;
  };
  db.orderNoLength = lengthOf(db.orderList.map((row) => row.orderNo));
  db.palletNoLength = lengthOf(db.palletOrders.keys());
  indexConsignees(db.orderList);
}

/** Builds the derived values (`DERIVED_KEYS`) of the current database from its tables (loading). */
export function rebuildIndexes(): void {
  for (const user of db.users.values()) db.userIdByName.set(user.username, user.id);
  for (const device of db.devices.values())
    db.deviceNoByToken.set(device.tokenHash, device.deviceNo);
  for (const company of db.companies.values()) db.companyIdByUser.set(company.userId, company.id);
  for (const service of db.services.values()) db.servicePallets.set(service.serviceNo, []);
  for (const pallet of db.salvers.values()) {
    db.servicePallets.get(pallet.serviceNo)?.push(pallet.salverNo);
    db.palletOrders.set(pallet.salverNo, []);
  }
  for (const order of db.orders.values()) indexOrder(order);
  finishOrderIndexes();
}

export function palletStatsOf(salverNo: string): Stats {
  return db.palletStats.get(salverNo) ?? emptyStats();
}

export function serviceStatsOf(serviceNo: string): Stats {
  return db.serviceStats.get(serviceNo) ?? emptyStats();
}

export function companyStatsOf(companyId: string): Stats {
  return db.companyStats.get(companyId) ?? emptyStats();
}
