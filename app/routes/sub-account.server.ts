/**
 * Sub-accounts of the company's main account: list, create, change the role,
 * mail the invitation again, enable and disable, delete (after a confirmation).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { ApiCode } from "~/contract/index.ts";
import { formatChinaTime } from "~/utils/china-time.ts";
import { listHref, parsePaging } from "~/utils/list-query.ts";
import { doneWith, readResult } from "~/utils/posted-result.server.ts";
import { apiContext, getT, getUser, postedForm } from "~/utils/request-context.server.ts";
import { applyOnce, newSubmissionKey } from "~/utils/submission-key.server.ts";
import {
  createSubAccountSchema,
  deleteSubAccountSchema,
  resendSubAccountSchema,
  roleSubAccountSchema,
  toggleSubAccountSchema,
} from "~/validation/account.ts";
import { DELETE_PARAM } from "./sub-account-params.ts";

type Args = { url: URL; context: Readonly<RouterContextProvider> };
type PostArgs = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

const RESULT_KIND = "sub-account";

/** Roles this user may give: never one they do not have themselves. */
function grantableRoles(scope: readonly string[]) {
  return scope.includes("CBA_MANAGER") ? (["CBA_MANAGER", "GUEST"] as const) : (["GUEST"] as const);
}

export async function subAccountLoader({ url, context }: Args) {
  const paging = parsePaging(url.searchParams);
  // A sub-account may not manage sub-accounts: the backend answers 40003, shown as the 403 page.
  const [list, user, done] = await Promise.all([
    context.get(apiContext).call("subAccounts", { query: paging }),
    getUser(context),
    readResult<Notice>(context, RESULT_KIND, url),
  ]);
  const rows = list.list.map((sub) => ({
    id: sub.id,
    username: sub.username,
    role: sub.scope.includes("SYSTEM_ADMINISTRATOR")
      ? ("SYSTEM_ADMINISTRATOR" as const)
      : sub.scope.includes("CBA_MANAGER")
        ? ("CBA_MANAGER" as const)
        : ("GUEST" as const),
    enabled: sub.enabled,
    createdOn: formatChinaTime(sub.createdOn),
    lastLoginOn: formatChinaTime(sub.lastLoginOn),
    /** The invitation can be mailed again until the account has signed in. */
    invitable: sub.enabled && sub.lastLoginOn === null,
  }));
  const deleting = url.searchParams.get(DELETE_PARAM);
  return {
    /** The notice of the change this page was redirected with, and its id. */
    notice: done?.value ?? null,
    noticeId: done?.id ?? null,
    submissionKey: newSubmissionKey(),
    roles: grantableRoles(user.scope),
    rows,
    /** The row whose deletion the address asks to confirm: only one this page lists. */
    deleting: rows.find((row) => row.id === deleting) ?? null,
    pagination: list.pagination,
  };
}

type Notice = { kind: "success" | "error"; message: string };

export async function subAccountAction({ url, context }: PostArgs) {
  const formData = postedForm(context);
  return applyOnce(context, formData, () => applySubAccount(context, url, formData));
}

async function applySubAccount(
  context: Readonly<RouterContextProvider>,
  url: URL,
  formData: FormData,
) {
  const t = getT(context);
  const api = context.get(apiContext);
  const success = (message: string) =>
    doneWith(context, RESULT_KIND, url, { kind: "success", message } satisfies Notice);

  const refused = (message: string) => data({ notice: { kind: "error", message } as Notice }, 400);
  const intent = formData.get("intent");

  if (intent === "role") {
    const parsed = roleSubAccountSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return refused(t("common.wrongFormat"));
    const { id, role } = parsed.data;
    if (!(grantableRoles((await getUser(context)).scope) as readonly string[]).includes(role)) {
      return refused(t("account.errors.roleNotGrantable"));
    }
    const answer = await api.attempt("updateSubAccount", { params: { id }, body: { role } });
    if (!answer.ok) return refused(answer.message);
    return success(
      t("account.subAccount.roleDone", {
        email: answer.data.username,
        role: t(`account.subAccount.rolesShort.${role}`),
      }),
    );
  }

  if (intent === "resend") {
    const parsed = resendSubAccountSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return refused(t("common.wrongFormat"));
    const answer = await api.attempt("resendSubAccountInvitation", {
      params: { id: parsed.data.id },
    });
    if (!answer.ok) return refused(answer.message);
    return success(t("account.subAccount.resent", { email: answer.data.username }));
  }

  if (intent === "delete") {
    const parsed = deleteSubAccountSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return refused(t("common.wrongFormat"));
    const { id, confirmed } = parsed.data;
    // Unconfirmed, the post is a question: the page asks it (a reload shows it again).
    if (!confirmed)
      throw redirect(listHref(url.pathname, url.searchParams, { [DELETE_PARAM]: id }));
    const answer = await api.attempt("deleteSubAccount", { params: { id } });
    if (!answer.ok) return refused(answer.message);
    const page = new URL(url);
    page.searchParams.delete(DELETE_PARAM);
    return doneWith(context, RESULT_KIND, page, {
      kind: "success",
      message: t("account.subAccount.deleted", { email: answer.data.username }),
    } satisfies Notice);
  }

  if (intent === "toggle") {
    const parsed = toggleSubAccountSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return refused(t("common.wrongFormat"));
    const { id, enabled } = parsed.data;
    const answer = await api.attempt("updateSubAccount", { params: { id }, body: { enabled } });
    if (!answer.ok) return refused(answer.message);
    return success(
      enabled ? t("account.subAccount.enabledDone") : t("account.subAccount.disabledDone"),
    );
  }

  const submission = parseWithZod(formData, { schema: createSubAccountSchema });
  if (submission.status !== "success") return data({ result: submission.reply() });
  const { email, role } = submission.value;
  if (!(grantableRoles((await getUser(context)).scope) as readonly string[]).includes(role)) {
    return data({
      result: submission.reply({ fieldErrors: { role: ["account.errors.roleNotGrantable"] } }),
    });
  }
  const answer = await api.attempt("createSubAccount", { body: { email, role } });
  if (!answer.ok) {
    const onEmail = answer.code === ApiCode.emailTaken || answer.code === ApiCode.invalidParameters;
    return data({
      result: submission.reply(
        onEmail ? { fieldErrors: { email: [answer.message] } } : { formErrors: [answer.message] },
      ),
    });
  }
  return success(t("account.subAccount.created", { email: answer.data.username }));
}
