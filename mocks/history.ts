/**
 * Each order's history: every change appends an event (time, account,
 * action, status before and after, reason or remark) to the order's row of
 * `db.orderHistory`. Events are written after the change itself succeeded,
 * so a refused batch records nothing.
 *
 * Who is shown: an account of the order's company by its e-mail; an account
 * of the platform (SYSTEM_ADMINISTRATOR: the platform and the bonded
 * station) by its e-mail to the platform only, and as "the platform" to a
 * company, so a company never learns the platform's account names.
 */
import {
  type OrderEvent,
  type OrderEventAction,
  type OrderEventSource,
  OrderStatus,
  type OrderStatusCode,
} from "../app/contract/cba.ts";
import { isPlatform } from "../app/contract/roles.ts";
import { noteAuditEvents } from "./audit.ts";
import { nowSeconds } from "./clock.ts";
import { db, nextSeq, type OrderEventRow, type OrderRow, type UserRow } from "./db.ts";
import { ts } from "./paging.ts";
import type { CompanyScope } from "./scope.ts";
import { noteEvents } from "./workbench.ts";

export interface Actor {
  username: string;
  platform: boolean;
}

export function actorOf(user: UserRow): Actor {
  return { username: user.username, platform: isPlatform(user.scope) };
}

export interface OrderChange {
  order: OrderRow;
  action: OrderEventAction;
  from: OrderStatusCode;
  to: OrderStatusCode;
  text?: string;
}

/** The action of a status move. */
export function moveAction(from: OrderStatusCode, to: OrderStatusCode): OrderEventAction {
  if (to === OrderStatus.detained) return "detain";
  if (from === OrderStatus.detained) return "release";
  return to === OrderStatus.stockedOut ? "stockOut" : "stockIn";
}

/**
 * Appends one event per change, all at the same time, by the same account and
 * of one operation: the call's changes share an operation id, so the audit
 * log (mocks/audit.ts) shows a batch of 300 orders as one operation.
 */
export async function recordEvents(
  changes: readonly OrderChange[],
  actor: Actor,
  source: OrderEventSource,
  time = nowSeconds(),
): Promise<void> {
  if (changes.length === 0) return;
  const pending = new Map<string, OrderEventRow[]>();
  const companies = new Map<string, string>();
  const operationId = `op${nextSeq()}`;
  for (const change of changes) {
    const event: OrderEventRow = {
      time,
      actor: actor.username,
      platform: actor.platform,
      action: change.action,
      source,
      fromStatus: change.from,
      toStatus: change.to,
      text: (change.text ?? "").trim(),
      operationId,
    };
    const list = pending.get(change.order.orderNo) ?? [];
    list.push(event);
    pending.set(change.order.orderNo, list);
    companies.set(change.order.orderNo, change.order.companyId);
  }
  await appendEvents(pending, companies);
}

/** Adds events to the rows of their orders, creating the rows of orders without history. */
export async function appendEvents(
  pending: ReadonlyMap<string, OrderEventRow[]>,
  companies: ReadonlyMap<string, string>,
): Promise<void> {
  const existing = [...pending.keys()].filter((orderNo) => db.orderHistory.has(orderNo));
  if (existing.length > 0) {
    await db.orderHistory.updateMany(existing, (draft) => {
      draft.events.push(...(pending.get(draft.orderNo) ?? []));
    });
  }
  for (const [orderNo, events] of pending) {
    if (db.orderHistory.has(orderNo)) continue;
    await db.orderHistory.insert({ orderNo, companyId: companies.get(orderNo) ?? "", events });
  }
  noteEvents(pending, companies);
  noteAuditEvents(pending, companies);
}

/** An order's history as the scope's user sees it, newest first. */
export function historyView(orderNo: string, scope: CompanyScope): OrderEvent[] {
  const row = db.orderHistory.get(orderNo);
  if (!row) return [];
  const events: OrderEvent[] = [];
  for (let i = row.events.length - 1; i >= 0; i--) {
    const event = row.events[i];
    if (!event) continue;
    events.push({
      time: ts(event.time),
      actor: event.platform && !scope.all ? null : event.actor,
      actorKind: event.platform ? "platform" : "company",
      action: event.action,
      source: event.source,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      text: event.text,
      ...(event.operationId === undefined ? {} : { operationId: event.operationId }),
    });
  }
  // Stable newest first (events of one call share their time).
  return events.sort((a, b) => b.time.seconds - a.time.seconds);
}
