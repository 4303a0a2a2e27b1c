/**
 * The workbench's figures, scoped like every logistics call (mocks/scope.ts),
 * and the page each account lands on after signing in.
 */
import { ApiCode } from "../../app/contract/envelope.ts";
import { hasAnyRole, REVIEW_ROLES } from "../../app/contract/roles.ts";
import { workbenchEndpoints as ep } from "../../app/contract/workbench.ts";
import { db } from "../db.ts";
import { ApiError } from "../errors.ts";
import { route, signedIn } from "../route.ts";
import { companyScope } from "../scope.ts";
import { workbenchFigures } from "../workbench.ts";
import { unreadOf } from "./notice.ts";

function approvedCompanies() {
  return [...db.companies.values()]
    .filter((row) => row.state === "approved")
    .map((row) => ({ id: row.id, nameZh: row.companyNameZh, nameEn: row.companyNameEn }));
}

export const workbenchHandlers = [
  ...route(ep.workbench, (ctx) => {
    const { user } = signedIn(ctx);
    const scope = companyScope(user);
    const asked = ctx.query.companyId;
    const companies = scope.all ? approvedCompanies() : [];
    // Another company's id answers as an unknown one: the same code and message.
    if (asked !== undefined) {
      const known = scope.all ? companies.some((row) => row.id === asked) : scope.allows(asked);
      if (!known) throw new ApiError(ApiCode.notFound, "unknownCompany");
    }
    // A caller without a company sees nothing: its figures are those of no company.
    const companyId = scope.all ? (asked ?? null) : (scope.companyId ?? "");
    const figures = workbenchFigures(companyId);
    let pendingReviews: number | null = null;
    if (hasAnyRole(user.scope, REVIEW_ROLES)) {
      pendingReviews = 0;
      for (const row of db.companies.values()) if (row.state === "pending") pendingReviews += 1;
    }
    return {
      companyId: scope.all ? (asked ?? null) : scope.companyId,
      companies,
      actions: { ...figures.actions, pendingReviews, unreadNotices: unreadOf(user) },
      counts: figures.counts,
      trend: figures.trend,
    };
  }),

  ...route(ep.homePage, (ctx) => {
    const { user } = signedIn(ctx);
    db.homePageByUser.set(user.id, ctx.body.homePage);
    return { homePage: ctx.body.homePage };
  }),
];
