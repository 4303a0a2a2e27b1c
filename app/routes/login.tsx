import { data, Link, redirect, useNavigation } from "react-router";
import { deferredModule } from "~/components/deferred.tsx";
import { Notice } from "~/components/form-messages.tsx";
import { LanguageSwitcher } from "~/components/language-switcher.tsx";
import type { PostedResult } from "~/components/plain-form.ts";
import { env } from "~/config/env.server.ts";
import type { Locale } from "~/locales/index.ts";
import { resendWait } from "~/utils/account-flow.server.ts";
import { newCaptchaNonce } from "~/utils/captcha-session.server.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { homePathFor } from "~/utils/permissions.ts";
import { apiContext, getLocale, sessionContext } from "~/utils/request-context.server.ts";
import { commitSession } from "~/utils/session.server.ts";
import type { Route } from "./+types/login";

// The page's forms (the sign-in with the image code, the sign-in by e-mail
// code) and the demo accounts' box come after the first paint
// (./login-later.tsx): the server draws them with the page, and the page is
// marked as running once their chunk is there.
const later = deferredModule(
  import.meta.env.SSR ? await import("./login-later.tsx") : undefined,
  () => import("./login-later.tsx"),
);
const ImageCodeSignIn = later.component("ImageCodeSignIn");
const EmailCodeRequest = later.component("EmailCodeRequest");
const EmailCodeSignIn = later.component("EmailCodeSignIn");
const DemoAccounts = later.component("DemoAccounts");

/**
 * The login page; a logged-in user goes straight to their home page.
 * `?code=email` is the sign-in for a person who cannot read the image code:
 * first the account's address gets a code, then the page asks for it.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const session = context.get(sessionContext);
  const locale = getLocale(context);
  if (api.hasToken) {
    const user = await api.call("accountInfo");
    throw redirect(localizePath(homePathFor(user), locale));
  }
  const notice = session.get("notice") ?? null;
  const sent = session.get("loginCode");
  const byEmail = url.searchParams.get("code") === "email";
  const otherAddress = url.searchParams.get("step") === "address";
  return data(
    {
      notice,
      demoMode: env().demoMode,
      captchaNonce: newCaptchaNonce(),
      byEmail,
      /** Where the last sign-in code went; the page asks for it (step 2). */
      codeSentTo: byEmail && sent && !otherAddress ? sent.email : null,
      resendIn: sent ? resendWait(sent.sentAt) : 0,
      sentAt: sent?.sentAt ?? 0,
    },
    { headers: notice ? { "Set-Cookie": await commitSession(session) } : undefined },
  );
}

/**
 * A navigation inside the app to the page (from the password or the
 * registration pages, or signed out) draws it once its forms' chunk is
 * there, instead of the page without its form for a moment (React holds a
 * boundary's content back up to 300 ms after showing its fallback). The first
 * load hydrates the server's markup without waiting for it (no
 * `clientLoader.hydrate`).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), later.load()]);
  return data;
}

type ActionData = Route.ComponentProps["actionData"];

function lastResultOf(actionData: ActionData): PostedResult | undefined {
  return actionData && "status" in actionData ? (actionData as PostedResult) : undefined;
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const submitting = useSubmitting();
  const lastResult = lastResultOf(actionData);

  return (
    // A narrow window (below 1024 px, or a zoomed one) shows the form under a
    // band with the product's name, without the picture and its text.
    <div className="flex min-h-screen bg-white max-lg:flex-col">
      <aside className="relative flex flex-col justify-between gap-4 overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-lime-500 px-4 py-3 text-white sm:px-8 lg:w-1/2 lg:p-12">
        <div className="flex items-center gap-3 text-lg font-semibold max-lg:hidden">
          <img src="/logo.svg" alt="" className="size-9" />
          {t("common.appName")}
        </div>
        <img
          src="/login-illustration.svg"
          alt=""
          className="mx-auto w-4/5 max-w-lg drop-shadow-xl max-lg:hidden"
        />
        <div>
          <h1 className="flex items-center gap-3 text-xl font-bold lg:text-3xl">
            <img src="/logo.svg" alt="" className="size-8 lg:hidden" />
            {t("common.appName")}
          </h1>
          <p className="mt-3 max-w-lg text-base leading-7 text-brand-50 max-lg:hidden">
            {t("common.appDetail")}
          </p>
        </div>
      </aside>

      <main className="flex flex-col lg:w-1/2">
        <div className="flex justify-end p-4">
          <LanguageSwitcher />
        </div>
        <div className="flex flex-1 items-center justify-center px-4 pb-16 sm:px-8">
          <div className="w-full max-w-sm">
            <h2 className="mb-6 text-2xl font-semibold text-gray-900">{t("auth.loginTitle")}</h2>
            {loaderData.notice ? (
              <div className="mb-4">
                <Notice kind={loaderData.notice.kind}>{loaderData.notice.message}</Notice>
              </div>
            ) : null}
            {!loaderData.byEmail ? (
              <ImageCodeSignIn
                loaderNonce={loaderData.captchaNonce}
                actionData={actionData}
                lastResult={lastResult}
                submitting={submitting}
              />
            ) : loaderData.codeSentTo ? (
              <EmailCodeSignIn
                key={loaderData.sentAt}
                email={loaderData.codeSentTo}
                resendIn={loaderData.resendIn}
                lastResult={lastResult}
                submitting={submitting}
              />
            ) : (
              <EmailCodeRequest lastResult={lastResult} submitting={submitting} />
            )}
            <div className="mt-4 flex justify-between text-sm">
              <Link to={localizePath("/register/residence_process", locale)} className="btn-link">
                {t("auth.createAccount")}
              </Link>
              <Link to={localizePath("/forge_password", locale)} className="btn-link">
                {t("auth.forgotPassword")}
              </Link>
            </div>
            {loaderData.demoMode ? <DemoAccounts /> : null}
          </div>
        </div>
      </main>
    </div>
  );
}

/** Whether a post to the sign-in is under way (its button waits). */
function useSubmitting(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && Boolean(navigation.formAction?.endsWith("/login"));
}
