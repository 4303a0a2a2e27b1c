/**
 * The audit log of the orders: every operation on a company's orders (who,
 * when, which operation, which orders, status from and to, reason or remark),
 * read from the orders' history. One call of the backend that changed orders
 * is one operation, however many orders it changed: its events carry the
 * same `operationId` (events written before operations were numbered have
 * none and are each an operation of their own). Scoped to the caller's
 * company like every logistics call; the platform sees every company's.
 */
import { z } from "zod";
import {
  binaryFileSchema,
  ORDER_EVENT_ACTIONS,
  ORDER_EVENT_SOURCES,
  orderStatusSchema,
} from "./cba.ts";
import { defineEndpoint } from "./endpoint.ts";
import { pagedListOf, pageQuerySchema, timestampSchema } from "./envelope.ts";
import { LOGISTICS_ROLES } from "./roles.ts";

/** Order numbers answered with each operation; the rest through `GET /cba/audit/{id}/orders`. */
export const AUDIT_ORDERS_SHOWN = 5;
/** The people offered as a filter: at most this many, those who acted last first. */
export const AUDIT_ACTORS_SHOWN = 100;
/** Rows (one per order of an operation) of one workbook; more asks for narrower filters. */
export const AUDIT_DOWNLOAD_MAX_ROWS = 100_000;
/** Latest time a filter may name (Unix seconds): 2100-01-01. */
const LAST_SECOND = 4_102_444_800;

export const ACTOR_KINDS = ["company", "platform"] as const;

const seconds = z.coerce.number().int().min(0).max(LAST_SECOND);

/**
 * Filters of the audit log, also the query of its download. `actor` is an
 * account's e-mail (whole, any case); a company names only its own accounts,
 * and finds the platform's operations by `actorKind=platform`. `orderNo`
 * is a whole order number: the operations that changed that order.
 * `startTime` (inclusive) and `endTime` (exclusive) are Unix seconds.
 */
export const auditFilterSchema = z.object({
  /** The platform only: one company's operations (another caller's own company is the only one it sees). */
  companyId: z.string().trim().min(1).max(64).optional(),
  actor: z.string().trim().min(1).max(100).optional(),
  actorKind: z.enum(ACTOR_KINDS).optional(),
  action: z.enum(ORDER_EVENT_ACTIONS).optional(),
  orderNo: z.string().trim().min(1).max(64).optional(),
  startTime: seconds.optional(),
  endTime: seconds.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

const rangeInOrder = (query: { startTime?: number | undefined; endTime?: number | undefined }) =>
  query.startTime === undefined || query.endTime === undefined || query.startTime < query.endTime;
const rangeIssue = { message: "startTime must be before endTime", path: ["endTime"] };

export const auditQuerySchema = pageQuerySchema
  .extend(auditFilterSchema.shape)
  .refine(rangeInOrder, rangeIssue);
export const auditDownloadQuerySchema = auditFilterSchema.refine(rangeInOrder, rangeIssue);

const countSchema = z.number().int().nonnegative();

/** The orders of an operation that made one move (an operation may release some orders and stock in others). */
export const auditMoveSchema = z.object({
  action: z.enum(ORDER_EVENT_ACTIONS),
  /** Equal for a remark or a waybill number. */
  fromStatus: orderStatusSchema,
  toStatus: orderStatusSchema,
  orders: countSchema,
});
export type AuditMove = z.infer<typeof auditMoveSchema>;

export const auditOperationSchema = z.object({
  /** Names the operation in `GET /cba/audit/{id}/orders`. */
  id: z.string(),
  time: timestampSchema,
  /** The company whose orders it changed (an operation of the platform on two companies is a row for each). */
  companyId: z.string(),
  /** The account's e-mail; null for the platform's operation seen by a company (as for the history). */
  actor: z.string().nullable(),
  actorKind: z.enum(ACTOR_KINDS),
  source: z.enum(ORDER_EVENT_SOURCES),
  moves: z.array(auditMoveSchema).min(1),
  /** The reason, remark or waybill number when every order got the same; "" otherwise or none. */
  text: z.string(),
  orderCount: countSchema,
  /** The first orders, in the order the operation changed them. */
  orderNos: z.array(z.string()).max(AUDIT_ORDERS_SHOWN),
});
export type AuditOperation = z.infer<typeof auditOperationSchema>;

export const auditPersonSchema = z.object({
  /** null: the platform, seen by a company. */
  actor: z.string().nullable(),
  actorKind: z.enum(ACTOR_KINDS),
});
export type AuditPerson = z.infer<typeof auditPersonSchema>;

export const auditDataSchema = pagedListOf(auditOperationSchema).extend({
  /** The platform's company filter and column: the approved companies; empty for a company. */
  companies: z.array(z.object({ id: z.string(), nameZh: z.string(), nameEn: z.string() })),
  /** Who acted on the caller's orders (the people filter), latest first. */
  people: z.array(auditPersonSchema).max(AUDIT_ACTORS_SHOWN),
});
export type AuditData = z.infer<typeof auditDataSchema>;

export const auditOrderSchema = z.object({
  orderNo: z.string(),
  action: z.enum(ORDER_EVENT_ACTIONS),
  fromStatus: orderStatusSchema,
  toStatus: orderStatusSchema,
  text: z.string(),
});
export type AuditOrder = z.infer<typeof auditOrderSchema>;

export const auditEndpoints = {
  audit: defineEndpoint({
    method: "GET",
    path: "/cba/audit",
    summary:
      "The operations on the caller's company's orders, newest first: one row per call that changed orders, with its first order numbers (the platform: every company's, or the one of companyId; another company's id answers 40004).",
    auth: true,
    roles: LOGISTICS_ROLES,
    query: auditQuerySchema,
    data: auditDataSchema,
  }),
  auditOrders: defineEndpoint({
    method: "GET",
    path: "/cba/audit/{id}/orders",
    summary:
      "Every order of one operation of GET /cba/audit, in the order it changed them; 40004 for an unknown or another company's operation.",
    auth: true,
    roles: LOGISTICS_ROLES,
    params: z.object({ id: z.string().min(1).max(100) }),
    query: pageQuerySchema,
    data: pagedListOf(auditOrderSchema),
  }),
  downloadAudit: defineEndpoint({
    method: "GET",
    path: "/cba/audit/download",
    summary: `xlsx of the operations for the same filters, one row per order of each operation; 40001 beyond ${AUDIT_DOWNLOAD_MAX_ROWS} rows.`,
    auth: true,
    roles: LOGISTICS_ROLES,
    query: auditDownloadQuerySchema,
    binary: true,
    data: binaryFileSchema,
  }),
} as const;
