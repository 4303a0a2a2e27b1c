/** Sub-accounts of the company's main account: list, create, enable and disable. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { ApiCode } from "~/contract/index.ts";
import { getInstance } from "~/middleware/i18next.ts";
import { apiContext } from "~/middleware/session.server.ts";
import { getUser } from "~/utils/auth.server.ts";
import { formatChinaTime } from "~/utils/china-time.ts";
import { parsePaging } from "~/utils/list-query.ts";
import { doneWith, readResult } from "~/utils/posted-result.server.ts";
import { applyOnce, newSubmissionKey } from "~/utils/submission-key.server.ts";
import { createSubAccountSchema, toggleSubAccountSchema } from "~/validation/account.ts";

type Args = { url: URL; context: Readonly<RouterContextProvider> };
type PostArgs = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

const RESULT_KIND = "sub-account";

/** Roles this user may give: never one they do not have themselves. */
function grantableRoles(scope: readonly string[]) {
  return scope.includes("CBA_MANAGER") ? (["CBA_MANAGER", "GUEST"] as const) : (["GUEST"] as const);
}

export async function subAccountLoader({ url, context }: Args) {
  const user = getUser(context);
  const paging = parsePaging(url.searchParams);
  // A sub-account may not manage sub-accounts: the backend answers 40003, shown as the 403 page.
  const [list, done] = await Promise.all([
    context.get(apiContext).call("subAccounts", { query: paging }),
    readResult<Notice>(context, RESULT_KIND, url),
  ]);
  return {
    /** The notice of the change this page was redirected with, and its id. */
    notice: done?.value ?? null,
    noticeId: done?.id ?? null,
    submissionKey: newSubmissionKey(),
    roles: grantableRoles(user.scope),
    rows: list.list.map((sub) => ({
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
    })),
    pagination: list.pagination,
  };
}

type Notice = { kind: "success" | "error"; message: string };

export async function subAccountAction({ request, url, context }: PostArgs) {
  const formData = await request.formData();
  return applyOnce(context, formData, () => applySubAccount(context, url, formData));
}

async function applySubAccount(
  context: Readonly<RouterContextProvider>,
  url: URL,
  formData: FormData,
) {
  const t = getInstance(context).t;
  const api = context.get(apiContext);
  const success = (message: string) =>
    doneWith(context, RESULT_KIND, url, { kind: "success", message } satisfies Notice);

  if (formData.get("intent") === "toggle") {
    const parsed = toggleSubAccountSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      return data({ notice: { kind: "error", message: t("common.wrongFormat") } as Notice }, 400);
    }
    const { id, enabled } = parsed.data;
    const answer = await api.attempt("updateSubAccount", { params: { id }, body: { enabled } });
    if (!answer.ok) {
      return data({ notice: { kind: "error", message: answer.message } as Notice }, 400);
    }
    return success(
      enabled ? t("account.subAccount.enabledDone") : t("account.subAccount.disabledDone"),
    );
  }

  const submission = parseWithZod(formData, { schema: createSubAccountSchema });
  if (submission.status !== "success") return data({ result: submission.reply() });
  const { email, role } = submission.value;
  if (!(grantableRoles(getUser(context).scope) as readonly string[]).includes(role)) {
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
