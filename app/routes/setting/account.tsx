import "~/locales/areas/account.ts";
import "~/locales/areas/workbench.ts";
import { Form, useNavigation } from "react-router";
import { Notice } from "~/components/form-messages.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { type Column, PagedTable } from "~/components/paged-table.tsx";
import type { HomePageChoice as HomePageChoiceName } from "~/contract/workbench.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";
import { LOGIN_HISTORY_SIZES } from "~/validation/account-limits.ts";
import type { Route } from "./+types/account";
import { loginSettingsAction, loginSettingsLoader } from "./account.server.ts";

export function loader(args: Route.LoaderArgs) {
  return loginSettingsLoader(args);
}

export function action(args: Route.ActionArgs) {
  return loginSettingsAction(args);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function LoginSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const on = loaderData.isSingleLogin;
  // A refusal comes with the post's answer; a change done, with the page it redirected to.
  const notice = actionData?.notice ?? loaderData.notice;

  const columns: Column<Row>[] = [
    {
      key: "createdOn",
      header: t("account.loginSettings.columns.createdOn"),
      cell: (row) => <span className="whitespace-nowrap tabular-nums">{row.createdOn}</span>,
      fixed: true,
    },
    {
      key: "device",
      header: t("account.loginSettings.columns.device"),
      className: "min-w-40",
      cell: (row) => (
        <span className="flex items-center gap-2">
          {row.device}
          {row.current ? (
            <span className="rounded bg-brand-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-brand-800">
              {t("account.loginSettings.currentDevice")}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "ip",
      header: t("account.loginSettings.columns.ip"),
      cell: (row) => <span className="whitespace-nowrap tabular-nums">{row.ip}</span>,
    },
    {
      key: "status",
      header: t("account.loginSettings.columns.status"),
      cell: (row) => (
        <span
          className={`inline-flex items-center gap-1.5 ${row.online ? "text-brand-700" : "text-gray-500"}`}
          data-testid="device-status"
        >
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${row.online ? "bg-brand-500" : "bg-gray-300"}`}
          />
          {row.online ? t("account.loginSettings.online") : t("account.loginSettings.offline")}
        </span>
      ),
    },
    {
      key: "action",
      header: t("account.loginSettings.columns.action"),
      fixed: true,
      sticky: "end",
      className: "whitespace-nowrap",
      cell: (row) => (
        <Form method="post">
          <input type="hidden" name="intent" value="offline" />
          <input type="hidden" name={SUBMISSION_FIELD} value={loaderData.submissionKey} />
          <input type="hidden" name="deviceNo" value={row.deviceNo} />
          <input type="hidden" name="current" value={String(row.current)} />
          <button
            type="submit"
            className="btn-link text-red-600 disabled:cursor-not-allowed disabled:text-gray-400 disabled:no-underline"
            disabled={!row.online || busy || (loaderData.demoAccount && !row.current)}
            data-testid="force-offline"
          >
            {t("account.loginSettings.forceOffline")}
          </button>
        </Form>
      ),
    },
  ];

  return (
    <div className="space-y-5">
      <section className="card p-6">
        <PageHeader title={t("account.loginSettings.title")} />
        {notice ? (
          <div className="mb-4" data-testid="login-settings-notice">
            <Notice kind={notice.kind}>{notice.message}</Notice>
          </div>
        ) : null}
        {loaderData.demoAccount ? (
          <div className="mb-4" data-testid="demo-account-sessions">
            <Notice kind="info">{t("account.loginSettings.demoAccount")}</Notice>
          </div>
        ) : null}
        <Form method="post" className="flex items-start gap-4">
          <input type="hidden" name="intent" value="singleLogin" />
          <input type="hidden" name={SUBMISSION_FIELD} value={loaderData.submissionKey} />
          <input type="hidden" name="isSingleLogin" value={String(!on)} />
          <button
            type="submit"
            aria-pressed={on}
            aria-labelledby="single-login-label"
            title={on ? t("account.loginSettings.turnOff") : t("account.loginSettings.turnOn")}
            disabled={busy || (loaderData.demoAccount && !on)}
            className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${on ? "bg-brand-600" : "bg-gray-300"}`}
            data-testid="single-login-switch"
          >
            <span
              aria-hidden="true"
              className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5.5" : "translate-x-0.5"}`}
            />
          </button>
          <div>
            <p id="single-login-label" className="text-sm font-medium text-gray-900">
              {t("account.loginSettings.singleLogin")}
            </p>
            <p className="mt-0.5 text-sm text-gray-600" data-testid="single-login-text">
              {on
                ? t("account.loginSettings.singleLoginOn")
                : t("account.loginSettings.singleLoginOff")}
            </p>
          </div>
        </Form>
      </section>

      {loaderData.homePage ? (
        <HomePageChoice
          choices={loaderData.homePageChoices}
          chosen={loaderData.homePage}
          submissionKey={loaderData.submissionKey}
          busy={busy}
        />
      ) : null}

      <section className="card p-6">
        <h2 className="mb-3 text-base font-semibold text-gray-900">
          {t("account.loginSettings.historyTitle")}
        </h2>
        <PagedTable
          id="login-history"
          columns={columns}
          rows={loaderData.rows}
          rowKey={(row) => row.deviceNo}
          pagination={loaderData.pagination}
          pageSizes={LOGIN_HISTORY_SIZES}
          error={loaderData.error}
        />
      </section>
    </div>
  );
}

/** The page to land on after signing in, kept per account by the backend. */
function HomePageChoice({
  choices,
  chosen,
  submissionKey,
  busy,
}: {
  choices: readonly HomePageChoiceName[];
  chosen: HomePageChoiceName;
  submissionKey: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="card p-6" aria-labelledby="home-page-title">
      <h2 id="home-page-title" className="mb-3 text-base font-semibold text-gray-900">
        {t("workbench.home.title")}
      </h2>
      <Form method="post" className="flex flex-wrap items-end gap-4" data-testid="home-page-form">
        <input type="hidden" name="intent" value="homePage" />
        <input type="hidden" name={SUBMISSION_FIELD} value={submissionKey} />
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-2 text-sm text-gray-700">{t("workbench.home.legend")}</legend>
          {choices.map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm text-gray-900">
              <input
                type="radio"
                name="homePage"
                value={choice}
                defaultChecked={choice === chosen}
                className="size-4 accent-brand-600"
              />
              {t(`workbench.home.${choice}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn-primary" disabled={busy} data-testid="home-page-save">
          {t("workbench.home.save")}
        </button>
      </Form>
    </section>
  );
}
