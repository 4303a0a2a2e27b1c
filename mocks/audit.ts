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

/** The orders of an operation numbered by its call, beyond its first. */
interface Group {
  operationId: string;
  orderNos: string[];
  events: OrderEventRow[];
  moves: AuditMove[];
  /** The text every event carries; null when they differ. */
  text: string | null;
}

/**
 * One operation on one company's orders: its first order's event, and for an
 * operation numbered by its call, the group of all its orders. An event
 * without an operation id stays a single entry (most of a seeded log), so
 * the log of 100,000 orders costs one small object per old event.
 */
export interface AuditEntry {
  time: number;
  companyId: string;
  actor: string;
  /** The actor in lower case, for the person filter. */
  actorKey: string;
  platform: boolean;
  source: OrderEventRow["source"];
  /** One bit per action of `ORDER_EVENT_ACTIONS` among its events. */
  actions: number;
  orderNo: string;
  event: OrderEventRow;
  /** The event's place in its order's history (the id of an old event). */
  at: number;
  /** The call's number (`op<n>`), which orders operations of one second; 0 for an old event. */
  seq: number;
  group: Group | null;
}

interface Person {
  actor: string;
  platform: boolean;
  last: number;
}

interface AuditLog {
  /** Oldest first; `sorted` false after an event older than the last one was noted. */
  entries: AuditEntry[];
  sorted: boolean;
  /** The operations numbered by their call, by `<operationId>-<companyId>`. */
  groups: Map<string, AuditEntry>;
  /** Who acted on each company's orders, by `p:` or `c:` and the actor in lower case. */
  people: Map<string, Map<string, Person>>;
}

const logs = new WeakMap<readonly OrderRow[], AuditLog>();

const ACTION_BITS = Object.fromEntries(
  ORDER_EVENT_ACTIONS.map((action, index) => [action, 1 << index]),
) as Record<OrderEventAction, number>;

/** The id of an operation: its call's number and company, or the old event's order and place. */
export function entryIdOf(entry: AuditEntry): string {
  return entry.group
    ? `${entry.group.operationId}-${entry.companyId}`
    : `${entry.orderNo}-${entry.at}`;
}

export function orderNosOf(entry: AuditEntry): readonly string[] {
  return entry.group ? entry.group.orderNos : [entry.orderNo];
}

function eventsOf(entry: AuditEntry): readonly OrderEventRow[] {
  return entry.group ? entry.group.events : [entry.event];
}

function notePerson(log: AuditLog, companyId: string, event: OrderEventRow, key: string): void {
  let people = log.people.get(companyId);
  if (!people) {
    people = new Map();
    log.people.set(companyId, people);
  }
  const id = `${event.platform ? "p" : "c"}:${key}`;
  const person = people.get(id);
  if (!person) people.set(id, { actor: event.actor, platform: event.platform, last: event.time });
  else if (person.last < event.time) person.last = event.time;
}

function addMove(moves: AuditMove[], event: OrderEventRow): void {
  const move = moves.find(
    (m) =>
      m.action === event.action &&
      m.fromStatus === event.fromStatus &&
      m.toStatus === event.toStatus,
  );
  if (move) move.orders += 1;
  else {
    moves.push({
      action: event.action,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      orders: 1,
    });
  }
}

function note(log: AuditLog, orderNo: string, companyId: string, event: OrderEventRow, at: number) {
  const groupKey =
    event.operationId === undefined ? undefined : `${event.operationId}-${companyId}`;
  const grouped = groupKey === undefined ? undefined : log.groups.get(groupKey);
  if (grouped?.group) {
    const { group } = grouped;
    grouped.actions |= ACTION_BITS[event.action];
    group.orderNos.push(orderNo);
    group.events.push(event);
    if (group.text !== event.text) group.text = null;
    addMove(group.moves, event);
    return;
  }
  const actorKey = event.actor.toLowerCase();
  const entry: AuditEntry = {
    time: event.time,
    companyId,
    actor: event.actor,
    actorKey,
    platform: event.platform,
    source: event.source,
    actions: ACTION_BITS[event.action],
    orderNo,
    event,
    at,
    seq: event.operationId === undefined ? 0 : Number(event.operationId.slice(2)) || 0,
    group: null,
  };
  if (groupKey !== undefined && event.operationId !== undefined) {
    entry.group = {
      operationId: event.operationId,
      orderNos: [orderNo],
      events: [event],
      moves: [],
      text: event.text,
    };
    addMove(entry.group.moves, event);
    log.groups.set(groupKey, entry);
  }
  notePerson(log, companyId, event, actorKey);
  const last = log.entries.at(-1);
  if (last && byTime(last, entry) > 0) log.sorted = false;
  log.entries.push(entry);
}

/** Oldest first; operations of one second in the order their calls came (old events first, as written). */
function byTime(a: AuditEntry, b: AuditEntry): number {
  return a.time - b.time || a.seq - b.seq;
}

function sortLog(log: AuditLog): void {
  if (log.sorted) return;
  log.entries.sort(byTime);
  log.sorted = true;
}

function logOf(): AuditLog {
  let log = logs.get(db.orderList);
  if (!log) {
    const built: AuditLog = { entries: [], sorted: true, groups: new Map(), people: new Map() };
    for (const row of db.orderHistory.values()) {
      const { events } = row;
      for (let at = 0; at < events.length; at++) {
        note(built, row.orderNo, row.companyId, events[at] as OrderEventRow, at);
      }
    }
    log = built;
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
      if (entry.actorKey !== actor) return false;
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
    const entry =
      event.operationId === undefined
        ? singleEntry(log, row.orderNo, at)
        : log.groups.get(`${event.operationId}-${row.companyId}`);
    if (entry) found.add(entry);
  });
  return [...found].sort(byTime);
}

/** The entry of an old event by its order and place: found among the entries of its second. */
function singleEntry(log: AuditLog, orderNo: string, at: number): AuditEntry | undefined {
  const event = db.orderHistory.get(orderNo)?.events[at];
  if (!event) return undefined;
  const { entries } = log;
  for (let i = firstAtOrAfter(entries, event.time); i < entries.length; i++) {
    const entry = entries[i] as AuditEntry;
    if (entry.time !== event.time) break;
    if (!entry.group && entry.orderNo === orderNo && entry.at === at) return entry;
  }
  return undefined;
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
  const { group, event } = entry;
  return {
    id: entryIdOf(entry),
    time: ts(entry.time),
    companyId: entry.companyId,
    actor: entry.platform && !scope.all ? null : entry.actor,
    actorKind: entry.platform ? "platform" : "company",
    source: entry.source,
    moves: group
      ? group.moves.map((move) => ({ ...move }))
      : [
          {
            action: event.action,
            fromStatus: event.fromStatus,
            toStatus: event.toStatus,
            orders: 1,
          },
        ],
    text: group ? (group.text ?? "") : event.text,
    orderCount: group ? group.orderNos.length : 1,
    orderNos: orderNosOf(entry).slice(0, shown),
  };
}

/** Who acted on the company's orders (null: every company's), latest first, at most `AUDIT_ACTORS_SHOWN`. */
export function auditPeople(scope: CompanyScope, companyId: string | null): AuditPerson[] {
  const { people } = logOf();
  const companies = companyId === null ? [...people.values()] : [people.get(companyId)];
  const merged = new Map<string, { person: AuditPerson; last: number }>();
  for (const company of companies) {
    for (const person of company?.values() ?? []) {
      const hidden = person.platform && !scope.all;
      const key = hidden
        ? "platform"
        : `${person.platform ? "p" : "c"}:${person.actor.toLowerCase()}`;
      const seen = merged.get(key);
      if (seen && seen.last >= person.last) continue;
      merged.set(key, {
        person: {
          actor: hidden ? null : person.actor,
          actorKind: person.platform ? "platform" : "company",
        },
        last: person.last,
      });
    }
  }
  return [...merged.values()]
    .sort((a, b) => b.last - a.last)
    .slice(0, AUDIT_ACTORS_SHOWN)
    .map((item) => item.person);
}

/** One operation by id, when `scope` sees its company; else 40004 as for an unknown one. */
export function auditEntry(scope: CompanyScope, id: string): AuditEntry {
  const log = logOf();
  let entry = log.groups.get(id);
  if (!entry) {
    // An old event's id: its order number and its place in the order's history.
    const match = /^(.+)-(\d{1,6})$/.exec(id);
    if (match) entry = singleEntry(log, match[1] as string, Number(match[2]));
  }
  if (!entry || !scope.allows(entry.companyId)) {
    throw new ApiError(ApiCode.notFound, "auditOperationNotFound");
  }
  return entry;
}

/** The orders of an operation, in the order it changed them. */
export function auditOrders(entry: AuditEntry, start: number, count: number): AuditOrder[] {
  const orderNos = orderNosOf(entry);
  const events = eventsOf(entry);
  const orders: AuditOrder[] = [];
  for (let i = start; i < Math.min(orderNos.length, start + count); i++) {
    const event = events[i] as OrderEventRow;
    orders.push({
      orderNo: orderNos[i] as string,
      action: event.action,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      text: event.text,
    });
  }
  return orders;
}

/** Every order of an operation with its event, in the order it changed them. */
export function* auditEvents(entry: AuditEntry): Generator<[string, OrderEventRow]> {
  const orderNos = orderNosOf(entry);
  const events = eventsOf(entry);
  for (let i = 0; i < orderNos.length; i++) {
    yield [orderNos[i] as string, events[i] as OrderEventRow];
  }
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
