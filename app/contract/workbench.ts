/**
 * The workbench: what needs doing now, counts by status and the last days'
 * trends, in one call scoped to the caller's company like every logistics
 * call; and the page a user lands on after signing in.
 */
import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { timestampSchema } from "./envelope.ts";
import { LOGISTICS_ROLES, SETTINGS_ROLES } from "./roles.ts";
import { ORDER_STATUSES, PALLET_STATUSES } from "./status-codes.ts";

/** Days of the trends, today included. */
export const WORKBENCH_DAYS = 30;
/** An order stocked in and not out for longer than this needs attention. */
export const STALLED_AFTER_DAYS = 7;
/** Services named with their partly detained pallets, most first (the pallet list is per service). */
export const PALLET_SERVICES_SHOWN = 10;

/** Pages a user may land on after signing in (the staff roles). */
export const HOME_PAGE_CHOICES = ["services", "workbench"] as const;
export type HomePageChoice = (typeof HOME_PAGE_CHOICES)[number];

export const workbenchQuerySchema = z.object({
  /** The platform only: one company's figures (another caller's own company is the only one it sees). */
  companyId: z.string().trim().min(1).max(64).optional(),
});

const countSchema = z.number().int().nonnegative();

const statusCountsOf = <T extends readonly [number, ...number[]]>(statuses: T) =>
  z.array(z.object({ status: z.literal(statuses), count: countSchema }));

export const workbenchTrendDaySchema = z.object({
  /** The China-time day, `YYYY-MM-DD`. */
  day: z.iso.date(),
  /** Orders stocked in, stocked out and detained that day. */
  stockIn: countSchema,
  stockOut: countSchema,
  detained: countSchema,
  /** Paid amount of the orders stocked out that day, in fen. */
  amount: countSchema,
});
export type WorkbenchTrendDay = z.infer<typeof workbenchTrendDaySchema>;

export const workbenchDataSchema = z.object({
  /** The company of the figures; null: every company (the platform without a filter). */
  companyId: z.string().nullable(),
  /** The platform's company filter: the approved companies; empty for a company. */
  companies: z.array(z.object({ id: z.string(), nameZh: z.string(), nameEn: z.string() })),
  actions: z.object({
    detainedOrders: countSchema,
    /** Orders stocked in before `stalledBefore` and not stocked out yet. */
    stalledOrders: countSchema,
    stalledBefore: timestampSchema,
    partlyDetainedPallets: countSchema,
    /** The services holding them, most first, at most `PALLET_SERVICES_SHOWN`. */
    partlyDetainedByService: z
      .array(z.object({ serviceNo: z.string(), pallets: countSchema }))
      .max(PALLET_SERVICES_SHOWN),
    /** Qualification profiles waiting for review; null for a caller who does not review. */
    pendingReviews: countSchema.nullable(),
    /** The caller's unread notifications. */
    unreadNotices: countSchema,
  }),
  counts: z.object({
    services: statusCountsOf(PALLET_STATUSES),
    pallets: statusCountsOf(PALLET_STATUSES),
    orders: statusCountsOf(ORDER_STATUSES),
  }),
  /** The last `WORKBENCH_DAYS` China-time days, oldest first, today last. */
  trend: z.array(workbenchTrendDaySchema),
});
export type WorkbenchData = z.infer<typeof workbenchDataSchema>;

export const workbenchEndpoints = {
  workbench: defineEndpoint({
    method: "GET",
    path: "/cba/workbench",
    summary:
      "What needs action now, counts by status and the last 30 days' trends, of the caller's company (the platform: every company, or the one of companyId; another company's id answers 40004).",
    auth: true,
    roles: LOGISTICS_ROLES,
    query: workbenchQuerySchema,
    data: workbenchDataSchema,
  }),
  homePage: defineEndpoint({
    method: "PUT",
    path: "/account/home-page",
    summary:
      "The page the caller lands on after signing in (answered as homePage of GET /account/info).",
    auth: true,
    roles: SETTINGS_ROLES,
    body: z.object({ homePage: z.enum(HOME_PAGE_CHOICES) }),
    data: z.object({ homePage: z.enum(HOME_PAGE_CHOICES) }),
  }),
} as const;
