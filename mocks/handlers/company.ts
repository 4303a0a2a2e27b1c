/**
 * Company qualification: the applicant's own profile (GET, POST, PUT) and the
 * platform's review queue. States: pending → reviewing → approved or rejected
 * (with a reason); a rejected profile is edited and resubmitted (pending).
 * Approval grants CBA_MANAGER; each result mails and notifies the applicant.
 */
import {
  type CompanyProfileInput,
  cbaEndpoints as ep,
  type QualificationState,
} from "../../app/contract/cba.ts";
import { ApiCode } from "../../app/contract/envelope.ts";
import { hasAnyRole, MANAGER_ROLE, REVIEW_ROLES } from "../../app/contract/roles.ts";
import { nowSeconds } from "../clock.ts";
import { type CompanyRow, db, type UserRow } from "../db.ts";
import { ApiError } from "../errors.ts";
import { both, type Lang, t } from "../i18n.ts";
import { mailLanguage, notify, PRODUCT_NAME, sendMail } from "../mail.ts";
import { pageOf, ts } from "../paging.ts";
import { route, signedIn } from "../route.ts";
import { randomId } from "../security.ts";
import { imageIdOf } from "./upload.ts";

const IMAGE_FIELDS = ["businessLicenseImage", "legalIdFrontImage", "legalIdBackImage"] as const;

function companyView(row: CompanyRow) {
  return {
    id: row.id,
    username: row.username,
    companyNameZh: row.companyNameZh,
    companyNameEn: row.companyNameEn,
    creditCode: row.creditCode,
    customsCode: row.customsCode,
    legalRepresentative: row.legalRepresentative,
    contactPerson: row.contactPerson,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    registeredAddress: row.registeredAddress,
    businessScope: row.businessScope,
    businessLicenseImage: row.businessLicenseImage,
    legalIdFrontImage: row.legalIdFrontImage,
    legalIdBackImage: row.legalIdBackImage,
    state: row.state,
    rejectReason: row.rejectReason,
    submittedOn: ts(row.submittedOn),
    reviewedOn: ts(row.reviewedOn),
  };
}

/** The company account a user acts for: itself, or the main account of a sub-account. */
function companyOwner(user: UserRow): UserRow {
  return (user.parentId ? db.users.get(user.parentId) : undefined) ?? user;
}

function ownCompany(user: UserRow): CompanyRow | undefined {
  const id = db.companyIdByUser.get(companyOwner(user).id);
  return id ? db.companies.get(id) : undefined;
}

/**
 * One unified social credit code names one legal entity: a code already held
 * by a company that is approved or on its way there (pending, reviewing) is
 * refused for any other submission. A rejected submission holds nothing, so
 * its code may be submitted again.
 */
function checkCreditCodeFree(creditCode: string, own?: CompanyRow): void {
  const code = creditCode.trim().toUpperCase();
  for (const row of db.companies.values()) {
    if (row.id === own?.id || row.state === "rejected") continue;
    if (row.creditCode.toUpperCase() === code) {
      throw new ApiError(ApiCode.invalidParameters, "creditCodeTaken", { code });
    }
  }
}

/** Images must be ones uploaded through POST /upload/image. */
function checkImages(profile: Required<CompanyProfileInput>): void {
  for (const field of IMAGE_FIELDS) {
    const id = imageIdOf(profile[field]);
    if (!id || !db.images.has(id))
      throw new ApiError(ApiCode.invalidParameters, "imageNotUploaded", { field });
  }
}

function stateLabel(lang: Lang, state: QualificationState): string {
  return t(lang, `state.${state}`);
}

function resultMail(lang: Lang, row: CompanyRow): { subject: string; text: string } {
  const approved = row.state === "approved";
  if (lang === "en") {
    return {
      subject: `[${PRODUCT_NAME.en}] Qualification ${approved ? "approved" : "rejected"}`,
      text: approved
        ? `The qualification of ${row.companyNameEn || row.companyNameZh} was approved. Log in to use service management and stock in/out.`
        : `The qualification of ${row.companyNameEn || row.companyNameZh} was rejected: ${row.rejectReason}\nPlease edit it and submit it again.`,
    };
  }
  return {
    subject: `【${PRODUCT_NAME.zh}】资质审核${approved ? "通过" : "未通过"}`,
    text: approved
      ? `${row.companyNameZh} 的资质信息已审核通过，登录后即可使用服务管理和出入库功能。`
      : `${row.companyNameZh} 的资质信息未通过审核，原因：${row.rejectReason}\n请修改后重新提交。`,
  };
}

async function notifyResult(row: CompanyRow): Promise<void> {
  const approved = row.state === "approved";
  await notify(
    row.userId,
    "qualification",
    both(
      approved ? "state.approved" : row.state === "rejected" ? "state.rejected" : "state.reviewing",
    ),
    approved
      ? {
          zh: "您提交的公司资质已审核通过，现在可以使用服务管理和出入库功能。",
          en: "Your company qualification was approved: service management and stock in/out are open.",
        }
      : row.state === "rejected"
        ? {
            zh: `您提交的公司资质未通过审核，原因：${row.rejectReason}`,
            en: `Your company qualification was rejected: ${row.rejectReason}`,
          }
        : {
            zh: "平台已开始审核您提交的公司资质，约需 7 个工作日完成。",
            en: "The platform started reviewing your company qualification (about 7 working days).",
          },
  );
}

async function notifyReviewers(row: CompanyRow): Promise<void> {
  for (const user of db.users.values()) {
    if (!hasAnyRole(user.scope, REVIEW_ROLES) || !user.enabled) continue;
    await notify(
      user.id,
      "qualification",
      { zh: "有新的资质申请待审核", en: "A qualification waits for review" },
      {
        zh: `${row.companyNameZh}（${row.username}）提交了资质信息。`,
        en: `${row.companyNameEn || row.companyNameZh} (${row.username}) submitted its qualification.`,
      },
    );
  }
}

/**
 * Approval makes the qualification the account's company: the applicant and
 * its sub-accounts now see and change that company's data (mocks/scope.ts).
 */
async function linkCompany(row: CompanyRow): Promise<void> {
  const members: string[] = [];
  for (const user of db.users.values())
    if (user.id === row.userId || user.parentId === row.userId) members.push(user.id);
  await db.users.updateMany(members, (draft) => {
    draft.companyId = row.id;
  });
}

export const companyHandlers = [
  ...route(ep.company, (ctx) => {
    const row = ownCompany(signedIn(ctx).user);
    return row ? companyView(row) : null;
  }),

  ...route(ep.createCompany, async (ctx) => {
    const { user } = signedIn(ctx);
    if (user.parentId) throw new ApiError(ApiCode.forbidden, "subAccountCompany");
    if (ownCompany(user)) throw new ApiError(ApiCode.wrongStatus, "companyExists");
    checkCreditCodeFree(ctx.body.creditCode);
    checkImages(ctx.body);
    const row = await db.companies.insert({
      id: `c${randomId(8)}`,
      userId: user.id,
      username: user.username,
      ...ctx.body,
      state: "pending",
      rejectReason: null,
      submittedOn: nowSeconds(),
      reviewedOn: null,
      reviewerId: null,
    });
    db.companyIdByUser.set(user.id, row.id);
    await notifyReviewers(row);
    return companyView(row);
  }),

  ...route(ep.updateCompany, async (ctx) => {
    const { user } = signedIn(ctx);
    if (user.parentId) throw new ApiError(ApiCode.forbidden, "subAccountCompany");
    const current = ownCompany(user);
    if (!current) throw new ApiError(ApiCode.notFound, "companyNotFound");
    if (current.state !== "pending" && current.state !== "rejected") {
      throw new ApiError(ApiCode.wrongStatus, "companyNotEditable", {
        state: stateLabel(ctx.lang, current.state),
      });
    }
    checkCreditCodeFree(ctx.body.creditCode, current);
    checkImages(ctx.body);
    const resubmitted = current.state === "rejected";
    const row = await db.companies.update(current.id, (draft) => {
      Object.assign(draft, ctx.body);
      if (resubmitted) {
        draft.state = "pending";
        draft.rejectReason = null;
        draft.submittedOn = nowSeconds();
        draft.reviewedOn = null;
        draft.reviewerId = null;
      }
    });
    if (resubmitted) await notifyReviewers(row);
    return companyView(row);
  }),

  ...route(ep.reviewQueue, ({ query }) => {
    const states: QualificationState[] = query.state ? [query.state] : ["pending", "reviewing"];
    const rows = [...db.companies.values()]
      .filter((row) => states.includes(row.state))
      .sort((a, b) => a.submittedOn - b.submittedOn || (a.id < b.id ? -1 : 1));
    return pageOf(rows, query.current, query.pageSize, companyView);
  }),

  ...route(ep.review, async (ctx) => {
    const { user: reviewer } = signedIn(ctx);
    const { body, lang } = ctx;
    const current = db.companies.get(body.id);
    if (!current) throw new ApiError(ApiCode.notFound, "reviewNotFound");
    const reason = (body.reason ?? "").trim();
    if (body.approved === false && reason === "") {
      throw new ApiError(ApiCode.invalidParameters, "rejectReasonRequired");
    }
    // pending → reviewing → approved or rejected (docs/product.md, Qualification): a
    // result only for a profile whose review has started.
    const allowed =
      body.approved === undefined ? current.state === "pending" : current.state === "reviewing";
    if (!allowed)
      throw new ApiError(ApiCode.wrongStatus, "reviewNotAllowed", {
        state: stateLabel(lang, current.state),
      });

    const now = nowSeconds();
    const row = await db.companies.update(current.id, (draft) => {
      draft.reviewerId = reviewer.id;
      if (body.approved === undefined) {
        draft.state = "reviewing";
        return;
      }
      draft.state = body.approved ? "approved" : "rejected";
      draft.rejectReason = body.approved ? null : reason;
      draft.reviewedOn = now;
    });
    if (row.state === "approved") {
      const applicant = db.users.get(row.userId);
      if (applicant && !applicant.scope.includes(MANAGER_ROLE)) {
        await db.users.update(applicant.id, (draft) => {
          draft.scope = [...draft.scope, MANAGER_ROLE];
        });
      }
      await linkCompany(row);
    }
    if (row.state === "approved" || row.state === "rejected") {
      // In the applicant's language, not the reviewer's.
      const mail = resultMail(mailLanguage(row.username, "zh"), row);
      await sendMail(row.username, mail.subject, mail.text);
    }
    await notifyResult(row);
    return companyView(row);
  }),
];
