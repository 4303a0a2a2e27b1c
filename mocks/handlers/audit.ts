/**
 * The audit log of the orders (mocks/audit.ts), scoped like every logistics
 * call (mocks/scope.ts): a company sees the operations on its own orders,
 * with the platform's accounts shown as "the platform"; the platform sees
 * every company's, with every account's e-mail.
 */
import {
  AUDIT_DOWNLOAD_MAX_ROWS,
  AUDIT_ORDERS_SHOWN,
  auditEndpoints as ep,
} from "../../app/contract/audit.ts";
import { ApiCode } from "../../app/contract/envelope.ts";
import {
  auditCompany,
  auditEntries,
  auditEntry,
  auditEvents,
  auditLabels,
  auditOrders,
  auditPeople,
  auditView,
  orderNosOf,
} from "../audit.ts";
import { db } from "../db.ts";
import { ApiError } from "../errors.ts";
import { pagination } from "../paging.ts";
import { route, signedIn } from "../route.ts";
import { companyScope } from "../scope.ts";
import { orderStatusLabel } from "../status-labels.ts";
import type { AuditRow } from "../xlsx.ts";
import { auditWorkbook } from "../xlsx.ts";

function approvedCompanies() {
  return [...db.companies.values()]
    .filter((row) => row.state === "approved")
    .map((row) => ({ id: row.id, nameZh: row.companyNameZh, nameEn: row.companyNameEn }));
}

export const auditHandlers = [
  ...route(ep.audit, (ctx) => {
    const { query } = ctx;
    const scope = companyScope(signedIn(ctx).user);
    const entries = auditEntries(scope, query);
    const start = (query.current - 1) * query.pageSize;
    return {
      list: entries
        .slice(start, start + query.pageSize)
        .map((entry) => auditView(entry, scope, AUDIT_ORDERS_SHOWN)),
      pagination: pagination(entries.length, query.current, query.pageSize),
      companies: scope.all ? approvedCompanies() : [],
      people: auditPeople(scope, auditCompany(scope, query.companyId)),
    };
  }),

  ...route(ep.auditOrders, (ctx) => {
    const { query } = ctx;
    const entry = auditEntry(companyScope(signedIn(ctx).user), ctx.params.id);
    const start = (query.current - 1) * query.pageSize;
    return {
      list: auditOrders(entry, start, query.pageSize),
      pagination: pagination(orderNosOf(entry).length, query.current, query.pageSize),
    };
  }),

  ...route(ep.downloadAudit, (ctx) => {
    const { query, lang } = ctx;
    const scope = companyScope(signedIn(ctx).user);
    const entries = auditEntries(scope, query);
    let rows = 0;
    for (const entry of entries) rows += orderNosOf(entry).length;
    if (rows > AUDIT_DOWNLOAD_MAX_ROWS) {
      throw new ApiError(ApiCode.invalidParameters, "auditTooManyRows", {
        rows,
        max: AUDIT_DOWNLOAD_MAX_ROWS,
      });
    }
    const labels = auditLabels(lang);
    const companyNames = new Map(
      [...db.companies.values()].map((row) => [
        row.id,
        lang === "en" && row.companyNameEn ? row.companyNameEn : row.companyNameZh,
      ]),
    );
    function* auditRows(): Generator<AuditRow> {
      for (const entry of entries) {
        const view = auditView(entry, scope, 0);
        const person = view.actor ?? labels.platform;
        for (const [orderNo, event] of auditEvents(entry)) {
          yield {
            time: entry.time,
            company: companyNames.get(entry.companyId) ?? entry.companyId,
            person,
            action: labels.action(event.action),
            source: labels.source(entry.source),
            operation: view.id,
            orderNo,
            from: orderStatusLabel(event.fromStatus, lang),
            to: orderStatusLabel(event.toStatus, lang),
            text: event.text,
          };
        }
      }
    }
    return auditWorkbook(auditRows(), { operations: entries.length, orders: rows }, lang);
  }),
];
