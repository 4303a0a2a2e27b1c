/**
 * The audit trail: one JSON line on standard output for every login (success
 * or failure) and every call that changes or exports data (who, what, which
 * orders, the result). Only the fields named here are written, so no
 * password, token or e-mail code can reach the log; the logger redacts those
 * names as well, should one ever be added by mistake.
 */
import { type DestinationStream, pino } from "pino";

const REDACTED = [
  "password",
  "newPassword",
  "oldPassword",
  "confirmPassword",
  "token",
  "code",
  "captcha",
  "captcha_code",
  "checkPass",
  "authorization",
  "*.password",
  "*.token",
  "*.code",
];

function createLogger(destination?: DestinationStream) {
  const options = {
    base: { log: "audit" },
    messageKey: "msg",
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED, censor: "[redacted]" },
  };
  return destination ? pino(options, destination) : pino(options);
}

let logger = createLogger();

/** Sends the audit lines elsewhere (tests read them from a stream). */
export function setAuditDestination(destination?: DestinationStream): void {
  logger = createLogger(destination);
}

export interface AuditContext {
  /** The logged-in user, or the name typed at login. */
  user?: string | null;
  ip?: string | null;
  /** The browser's User-Agent. */
  device?: string | null;
}

export type AuditResult = "ok" | "refused" | "timeout" | "unreachable" | "malformed";

export interface AuditEvent extends AuditContext {
  event: "login" | "operation";
  /** The backend call: `login`, `updateOrders`, `orderRemarks`, ... */
  action: string;
  result: AuditResult;
  /** The backend's code when it refused. */
  backendCode?: number;
  /** Why the portal refused before asking the backend (`image-code`). */
  reason?: string;
  /** Orders the operation named (at most 1,000 listed; `orderCount` always). */
  orders?: string[];
  orderCount?: number;
  /** Other identifiers of the target (a pallet or order scanned, a record id, a device). */
  target?: Record<string, string | number | boolean>;
}

const MAX_ORDERS_LISTED = 1000;

/** The identifiers of a call worth recording, and nothing else. */
export function auditTarget(
  params: unknown,
  body: unknown,
  answer?: unknown,
  /** The filters of an operation on every matching order, as a query string. */
  filter?: string,
): Pick<AuditEvent, "orders" | "orderCount" | "target"> {
  const out: Pick<AuditEvent, "orders" | "orderCount" | "target"> = {};
  const target: Record<string, string | number | boolean> = {};
  const fields = { ...(isRecord(params) ? params : {}), ...(isRecord(body) ? body : {}) };
  for (const key of [
    "id",
    "deviceNo",
    "cbaStatus",
    "salverNoOrOrderNo",
    "direction",
    "salverDirection",
    "isSingleLogin",
    "status",
    "expectedCount",
    "role",
    "enabled",
  ]) {
    const value = fields[key];
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      target[key] = value;
    }
  }
  // The orders named, or else those the answer says changed (a pallet
  // scanned, the rows of an import that were applied).
  const orders = Array.isArray(fields.orderNoList) ? fields.orderNoList : changedOrders(answer);
  if (Array.isArray(orders)) {
    const numbers = orders.filter((value): value is string => typeof value === "string");
    out.orders = numbers.slice(0, MAX_ORDERS_LISTED);
    out.orderCount = numbers.length;
  }
  // An answer naming an account (a sub-account created, changed, mailed or
  // deleted) says to whom it was done: the id alone outlives no deletion.
  if (isRecord(answer) && typeof answer.username === "string") target.account = answer.username;
  if (filter !== undefined) target.filter = filter;
  const ids = fields.ids;
  if (Array.isArray(ids)) target.idCount = ids.length;
  if (Object.keys(target).length > 0) out.target = target;
  return out;
}

/** The orders an answer says were changed: a scan's `changed`, an import's applied `rows`. */
function changedOrders(answer: unknown): unknown[] | undefined {
  if (!isRecord(answer)) return undefined;
  if (Array.isArray(answer.changed)) {
    return answer.changed.map((entry) => (isRecord(entry) ? entry.orderNo : undefined));
  }
  if (Array.isArray(answer.rows)) {
    return answer.rows
      .filter((row) => isRecord(row) && row.applied === true)
      .map((row) => (isRecord(row) ? row.orderNo : undefined));
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Writes one audit line. Never throws: a logging failure must not fail the user's request. */
export function audit(event: AuditEvent): void {
  try {
    const { event: kind, action, result } = event;
    logger.info({ ...event }, `${kind} ${action} ${result}`);
  } catch {
    // The audit trail is best effort; the operation itself already happened.
  }
}
