import { data, Form, Link } from "react-router";
import { env } from "~/config/env.server.ts";
import type { Locale } from "~/locales/index.ts";
import { formatChinaTime } from "~/utils/china-time.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { apiContext, getLocale } from "~/utils/request-context.server.ts";
import type { Route } from "./+types/demo-mailbox";

/** The demo outbox: every mail the fake backend sent. Exists in demo mode only, in both languages. */
export async function loader({ url, context }: Route.LoaderArgs) {
  if (!env().demoMode) throw data({ message: "not found" }, { status: 404 });
  const to = url.searchParams.get("to")?.trim() ?? "";
  const mails = await context.get(apiContext).call("outbox", { query: { to: to || undefined } });
  return {
    to,
    locale: getLocale(context),
    mails: mails.map((mail) => ({
      id: mail.id,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      createdOn: formatChinaTime(mail.createdOn),
    })),
  };
}

export default function DemoMailbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to, mails } = loaderData;
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="flex min-h-header items-center justify-between gap-3 bg-gray-900 px-4 py-2 text-white sm:px-8">
        <span className="text-lg font-semibold">{t("account.mailbox.title")}</span>
        <Link
          to={localizePath("/", loaderData.locale as Locale)}
          className="text-sm hover:underline"
        >
          {t("account.mailbox.backToLogin")}
        </Link>
      </header>
      <main className="mx-auto max-w-4xl px-3 py-6 sm:px-8 sm:py-8">
        <p className="mb-4 text-sm text-gray-600">{t("account.mailbox.intro")}</p>
        <Form
          method="get"
          action={`${localizePath("/demo/mailbox", loaderData.locale as Locale)}/`}
          className="mb-6 flex items-end gap-3"
        >
          <label className="flex-1 text-sm font-medium text-gray-700">
            {t("account.mailbox.to")}
            <input
              type="email"
              name="to"
              defaultValue={to}
              placeholder={t("account.mailbox.toPlaceholder")}
              className="input mt-1"
            />
          </label>
          <button type="submit" className="btn-primary">
            {t("account.mailbox.search")}
          </button>
        </Form>
        {mails.length === 0 ? (
          <p className="card p-8 text-center text-sm text-gray-500" data-testid="mailbox-empty">
            {t("account.mailbox.empty")}
          </p>
        ) : (
          <ul className="space-y-3">
            {mails.map((mail) => (
              <li key={mail.id} className="card p-4" data-testid="mail">
                <div className="flex items-baseline justify-between gap-4">
                  <h2 className="text-sm font-semibold text-gray-900">{mail.subject}</h2>
                  <span className="shrink-0 text-xs text-gray-500 tabular-nums">
                    {mail.createdOn}
                  </span>
                </div>
                <p className="mt-0.5 text-xs text-gray-500">
                  {t("account.mailbox.columns.to")}: {mail.to}
                </p>
                <p
                  className="mt-2 text-sm leading-6 whitespace-pre-wrap text-gray-700"
                  data-testid="mail-text"
                >
                  {mail.text}
                </p>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
