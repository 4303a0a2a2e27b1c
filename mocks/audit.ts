/**
 * The audit log: the orders' history (mocks/history.ts) read as operations.
 * The events one call wrote share an operation id, and make one operation
 * per company whose orders it changed; an event without one (written before
 * operations were numbered, or seeded) is an operation of its own.
 *
 * The operations are built on first use from `db.orderHistory` and kept
 * beside `db.orderList`, never in the database (like mocks/workbench.ts): a
 * new or loaded database makes a new list, and so a new log; `appendEvents`
 * notes each new event here. They are kept oldest first, so a date range is
 * two binary searches and a page of the newest is read from the end; an
 * order number finds its operations through its history row, without a scan.
 */
import {
  AUDIT_ACTORS_SHOWN,
  type AuditFilter,
  type AuditMove,
  type AuditOperation,
  type AuditOrder,
  type AuditPerson,
} from "../app/contract/audit.ts";
import { ORDER_EVENT_ACTIONS, type OrderEventAction } from "../app/contract/cba.ts";
import { ApiCode } from "../app/contract/envelope.ts";
import enLogistics from "../app/locales/en/logistics.ts";
import zhLogistics from "../app/locales/zh/logistics.ts";
import { db, type OrderEventRow, type OrderRow } from "./db.ts";
import { ApiError } from "./errors.ts";
import type { Lang } from "./i18n.ts";
import { canonicalNo } from "./numbers.ts";
import { ts } from "./paging.ts";
import type { CompanyScope } from "./scope.ts";

/** One operation on one company's orders. */
export interface AuditEntry {
  id: string;
  time: number;
  companyId: string;
  actor: string;
  platform: boolean;
  source: OrderEventRow["source"];
  /** One bit per action of `ORDER_EVENT_ACTIONS` among its events. */
  actions: number;
  /** Its orders and their events, in the order they were written. */
  orderNos: string[];
  events: OrderEventRow[];
  moves: AuditMove[];
  /** The text every event carries; null when they differ. */
  text: string | null;
}

interface AuditLog {
  /** Oldest first; `sorted` false after an event older than the last one was noted. */
  entries: AuditEntry[];
  sorted: boolean;
  byId: Map<string, AuditEntry>;
}

const logs = new WeakMap<readonly OrderRow[], AuditLog>();

const ACTION_BITS = Object.fromEntries(
  ORDER_EVENT_ACTIONS.map((action, index) => [action, 1 << index]),
) as Record<OrderEventAction, number>;

/** The operation an event belongs to: its operation on its company, or the event alone. */
function entryId(orderNo: string, companyId: string, event: OrderEventRow, at: number): string {
  return event.operationId === undefined ? `${orderNo}-${at}` : `${event.operationId}-${companyId}`;
}

function note(log: AuditLog, orderNo: string, companyId: string, event: OrderEventRow, at: number) {
  const id = entryId(orderNo, companyId, event, at);
  let entry = log.byId.get(id);
  if (!entry) {
    entry = {
      id,
      time: event.time,
      companyId,
      actor: event.actor,
      platform: event.platform,
      source: event.source,
      actions: 0,
      orderNos: [],
      events: [],
      moves: [],
      text: event.text,
    };
    log.byId.set(id, entry);
    const last = log.entries.at(-1);
    if (last && last.time > entry.time) log.sorted = false;
    log.entries.push(entry);
  }
  entry.actions |= ACTION_BITS[event.action];
  entry.orderNos.push(orderNo);
  entry.events.push(event);
  if (entry.text !== event.text) entry.text = null;
  const move = entry.moves.find(
    (m) =>
      m.action === event.action &&
      m.fromStatus === event.fromStatus &&
      m.toStatus === event.toStatus,
  );
  if (move) move.orders += 1;
  else {
    entry.moves.push({
      action: event.action,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      orders: 1,
    });
  }
}

function sortLog(log: AuditLog): void {
  if (log.sorted) return;
  // Stable: operations of one second keep the order they were written in.
  log.entries.sort((a, b) => a.time - b.time);
  log.sorted = true;
}

function logOf(): AuditLog {
  let log = logs.get(db.orderList);
  if (!log) {
    log = { entries: [], sorted: true, byId: new Map() };
    for (const row of db.orderHistory.values()) {
      row.events.forEach((event, at) => {
        note(log as AuditLog, row.orderNo, row.companyId, event, at);
      });
    }
    logs.set(db.orderList, log);
  }
  sortLog(log);
  return log;
}

/** Notes events just appended to their orders' rows, when the log was built (mocks/history.ts calls it). */
export function noteAuditEvents(
  pending: ReadonlyMap<string, readonly OrderEventRow[]>,
  companies: ReadonlyMap<string, string>,
): void {
  const log = logs.get(db.orderList);
  if (!log) return;
  for (const [orderNo, events] of pending) {
    const row = db.orderHistory.get(orderNo);
    const first = (row?.events.length ?? events.length) - events.length;
    events.forEach((event, index) => {
      note(log, orderNo, companies.get(orderNo) ?? "", event, first + index);
    });
  }
}

/** The company whose operations are read: the caller's, or for the platform the one asked for (null: all). */
export function auditCompany(scope: CompanyScope, asked: string | undefined): string | null {
  if (asked !== undefined) {
    // Another company's id answers as an unknown one: the same code and message.
    const known = scope.all ? db.companies.has(asked) : scope.allows(asked);
    if (!known) throw new ApiError(ApiCode.notFound, "unknownCompany");
  }
  return scope.all ? (asked ?? null) : (scope.companyId ?? "");
}

/** The first entry at or after `time` in the sorted entries. */
function firstAtOrAfter(entries: readonly AuditEntry[], time: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((entries[mid] as AuditEntry).time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether an entry passes the filters other than company, order and time. */
function matcher(scope: CompanyScope, filter: AuditFilter): (entry: AuditEntry) => boolean {
  const actor = filter.actor?.toLowerCase();
  const actionBit = filter.action === undefined ? 0 : ACTION_BITS[filter.action];
  const platformOnly = filter.actorKind === undefined ? undefined : filter.actorKind === "platform";
  return (entry) => {
    if (actionBit !== 0 && (entry.actions & actionBit) === 0) return false;
    if (platformOnly !== undefined && entry.platform !== platformOnly) return false;
    if (actor !== undefined) {
      // A company names only its own accounts: a platform account's name matches nothing.
      if (entry.platform && !scope.all) return false;
      if (entry.actor.toLowerCase() !== actor) return false;
    }
    return true;
  };
}

/** The operations of the order `orderNo` of the company (null: any), oldest first. */
function entriesOfOrder(log: AuditLog, orderNo: string, companyId: string | null): AuditEntry[] {
  const row = db.orderHistory.get(canonicalNo(orderNo));
  if (!row || (companyId !== null && row.companyId !== companyId)) return [];
  const found = new Set<AuditEntry>();
  row.events.forEach((event, at) => {
    const entry = log.byId.get(entryId(row.orderNo, row.companyId, event, at));
    if (entry) found.add(entry);
  });
  return [...found].sort((a, b) => a.time - b.time);
}

/** Every operation matching the filters, newest first. */
export function auditEntries(scope: CompanyScope, filter: AuditFilter): AuditEntry[] {
  const log = logOf();
  const companyId = auditCompany(scope, filter.companyId);
  const matches = matcher(scope, filter);
  const from = filter.startTime ?? Number.NEGATIVE_INFINITY;
  const to = filter.endTime ?? Number.POSITIVE_INFINITY;
  const result: AuditEntry[] = [];
  if (filter.orderNo !== undefined) {
    const entries = entriesOfOrder(log, filter.orderNo, companyId);
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i] as AuditEntry;
      if (entry.time >= from && entry.time < to && matches(entry)) result.push(entry);
    }
    return result;
  }
  const { entries } = log;
  const lo = filter.startTime === undefined ? 0 : firstAtOrAfter(entries, from);
  const hi = filter.endTime === undefined ? entries.length : firstAtOrAfter(entries, to);
  for (let i = hi - 1; i >= lo; i--) {
    const entry = entries[i] as AuditEntry;
    if (companyId !== null && entry.companyId !== companyId) continue;
    if (matches(entry)) result.push(entry);
  }
  return result;
}

/** One operation as `scope` sees it (its first `shown` orders). */
export function auditView(entry: AuditEntry, scope: CompanyScope, shown: number): AuditOperation {
  return {
    id: entry.id,
    time: ts(entry.time),
    companyId: entry.companyId,
    actor: entry.platform && !scope.all ? null : entry.actor,
    actorKind: entry.platform ? "platform" : "company",
    source: entry.source,
    moves: entry.moves.map((move) => ({ ...move })),
    text: entry.text ?? "",
    orderCount: entry.orderNos.length,
    orderNos: entry.orderNos.slice(0, shown),
  };
}

/** Who acted on the company's orders (null: every company's), latest first, at most `AUDIT_ACTORS_SHOWN`. */
export function auditPeople(scope: CompanyScope, companyId: string | null): AuditPerson[] {
  const { entries } = logOf();
  const seen = new Set<string>();
  const people: AuditPerson[] = [];
  for (let i = entries.length - 1; i >= 0 && people.length < AUDIT_ACTORS_SHOWN; i--) {
    const entry = entries[i] as AuditEntry;
    if (companyId !== null && entry.companyId !== companyId) continue;
    const hidden = entry.platform && !scope.all;
    const key = hidden ? "platform" : `${entry.platform ? "p" : "c"}:${entry.actor.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    people.push({
      actor: hidden ? null : entry.actor,
      actorKind: entry.platform ? "platform" : "company",
    });
  }
  return people;
}

/** One operation by id, when `scope` sees its company; else 40004 as for an unknown one. */
export function auditEntry(scope: CompanyScope, id: string): AuditEntry {
  const entry = logOf().byId.get(id);
  if (!entry || !scope.allows(entry.companyId)) {
    throw new ApiError(ApiCode.notFound, "auditOperationNotFound");
  }
  return entry;
}

/** The orders of an operation, in the order it changed them. */
export function auditOrders(entry: AuditEntry, start: number, count: number): AuditOrder[] {
  const orders: AuditOrder[] = [];
  for (let i = start; i < Math.min(entry.orderNos.length, start + count); i++) {
    const event = entry.events[i] as OrderEventRow;
    orders.push({
      orderNo: entry.orderNos[i] as string,
      action: event.action,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      text: event.text,
    });
  }
  return orders;
}

const LABELS = { zh: zhLogistics, en: enLogistics } as const;

/** The label of an action or a source as the portal shows it. */
export function auditLabels(lang: Lang) {
  const history = LABELS[lang].order.history;
  return {
    action: (action: OrderEventAction) => history.actions[action],
    source: (source: OrderEventRow["source"]) => history.sources[source],
    platform: history.platform,
  };
}
