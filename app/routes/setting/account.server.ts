/** Login settings: the single-login switch, the home after sign-in and the login history (docs/product.md, Password settings and login settings). */
import { data, type RouterContextProvider, redirect } from "react-router";
import { isPublishedDemoAccount } from "~/config/demo-accounts.ts";
import { env } from "~/config/env.server.ts";
import { HOME_PAGE_CHOICES } from "~/contract/index.ts";
import { formatChinaTime } from "~/utils/china-time.ts";
import { parsePaging } from "~/utils/list-query.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { canOpen } from "~/utils/permissions.ts";
import { doneWith, readResult } from "~/utils/posted-result.server.ts";
import {
  apiContext,
  getLocale,
  getT,
  getUser,
  postedForm,
  sessionContext,
} from "~/utils/request-context.server.ts";
import { commitSession } from "~/utils/session.server.ts";
import { PATHS } from "~/utils/site-map.ts";
import { applyOnce, newSubmissionKey } from "~/utils/submission-key.server.ts";
import { LOGIN_HISTORY_SIZES, loginSettingsSchema } from "~/validation/account.ts";

type Args = { url: URL; context: Readonly<RouterContextProvider> };
type PostArgs = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

export async function loginSettingsLoader({ url, context }: Args) {
  const paging = parsePaging(url.searchParams, LOGIN_HISTORY_SIZES);
  const [answer, user, done] = await Promise.all([
    context.get(apiContext).attempt("loginDevices", { query: paging }),
    getUser(context),
    readResult<LoginSettingsNotice>(context, RESULT_KIND, url),
  ]);
  return {
    isSingleLogin: user.isSingleLogin,
    /**
     * Anyone may sign in as a published demo account: the backend refuses single
     * login and forcing its other devices (other people) offline, and the page says so.
     */
    demoAccount: env().demoMode && isPublishedDemoAccount(user.username),
    /** The home after sign-in, offered to a user who may open the workbench. */
    homePage: canOpen(user, PATHS.workbench) ? (user.homePage ?? "services") : null,
    homePageChoices: HOME_PAGE_CHOICES,
    rows: answer.ok
      ? answer.data.list.map((device) => ({
          deviceNo: device.deviceNo,
          createdOn: formatChinaTime(device.createdOn),
          device: device.device,
          ip: device.ip,
          online: device.status === "online",
          current: device.current === true,
        }))
      : [],
    pagination: answer.ok ? answer.data.pagination : { total: 0, ...paging },
    error: answer.ok ? null : answer.message,
    /** The notice of the change this page was redirected with. */
    notice: done?.value ?? null,
    submissionKey: newSubmissionKey(),
  };
}

const RESULT_KIND = "login-settings";

export type LoginSettingsNotice = { kind: "success" | "error"; message: string };

export async function loginSettingsAction({ url, context }: PostArgs) {
  const formData = postedForm(context);
  return applyOnce(context, formData, () => applySettings(context, url, formData));
}

async function applySettings(
  context: Readonly<RouterContextProvider>,
  url: URL,
  formData: FormData,
) {
  const t = getT(context);
  const api = context.get(apiContext);
  const parsed = loginSettingsSchema.safeParse(Object.fromEntries(formData));
  const refuse = (message: string) =>
    data({ notice: { kind: "error", message } satisfies LoginSettingsNotice }, { status: 400 });
  const success = (message: string) =>
    doneWith(context, RESULT_KIND, url, { kind: "success", message } satisfies LoginSettingsNotice);
  if (!parsed.success) {
    return refuse(
      formData.get("intent") === "homePage" ? t("workbench.home.invalid") : t("common.wrongFormat"),
    );
  }
  const value = parsed.data;

  if (value.intent === "homePage") {
    const saved = await api.call("homePage", { body: { homePage: value.homePage } });
    return success(t("workbench.home.saved", { page: t(`workbench.home.${saved.homePage}`) }));
  }

  if (value.intent === "singleLogin") {
    const answer = await api.attempt("updateAccountInfo", {
      body: { isSingleLogin: value.isSingleLogin },
    });
    if (!answer.ok) return refuse(answer.message);
    return success(
      answer.data.isSingleLogin
        ? t("account.loginSettings.switchedOn")
        : t("account.loginSettings.switchedOff"),
    );
  }

  // The device in use goes offline by logging out: the user lands on the login page.
  if (value.current) {
    await api.attempt("logout");
    const session = context.get(sessionContext);
    session.unset("token");
    session.flash("notice", { kind: "info", message: t("account.loginSettings.selfOffline") });
    throw redirect(localizePath("/", getLocale(context)), {
      headers: { "Set-Cookie": await commitSession(session) },
    });
  }
  const answer = await api.attempt("forceOffline", { params: { deviceNo: value.deviceNo } });
  if (!answer.ok) return refuse(answer.message);
  return success(t("account.loginSettings.forcedOffline"));
}
