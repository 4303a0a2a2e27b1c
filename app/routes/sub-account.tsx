import "~/locales/areas/account.ts";
import { getFormProps, getSelectProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import {
  ErrorLine,
  FormErrors,
  InputField,
  laterValidation,
  Notice,
  useZodForm,
} from "~/components/form.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { type Column, PagedTable } from "~/components/paged-table.tsx";
import { useTranslation } from "~/utils/i18n.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";
import type { Route } from "./+types/sub-account";
import { subAccountAction, subAccountLoader } from "./sub-account.server.ts";

export function loader(args: Route.LoaderArgs) {
  return subAccountLoader(args);
}

export function action(args: Route.ActionArgs) {
  return subAccountAction(args);
}

// The check brings zod and the schema: it comes after the first paint.
const createValidation = laterValidation(() =>
  import("~/validation/account.ts").then((module) => module.createSubAccountSchema),
);

type Row = Route.ComponentProps["loaderData"]["rows"][number];

/** The company administrator's sub-accounts: list, create (e-mail, role), disable or enable. */
export default function SubAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useZodForm(createValidation, {
    // A sub-account created draws the form anew, empty.
    id: loaderData.noticeId ? `create-sub-account-${loaderData.noticeId}` : "create-sub-account",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { role: loaderData.roles[0] },
  });
  const { key: roleKey, ...roleProps } = getSelectProps(fields.role);
  // A refusal comes with the post's answer; a change done, with the page it redirected to.
  const notice =
    (actionData && "notice" in actionData ? actionData.notice : null) ?? loaderData.notice;

  const columns: Column<Row>[] = [
    {
      key: "username",
      header: t("account.subAccount.columns.username"),
      cell: (row) => row.username,
      fixed: true,
      sticky: "start",
      className: "min-w-48 wrap-break-word",
    },
    {
      key: "role",
      header: t("account.subAccount.columns.role"),
      cell: (row) => t(`account.subAccount.rolesShort.${row.role}`),
    },
    {
      key: "status",
      header: t("account.subAccount.columns.status"),
      cell: (row) => (
        <span
          className={`rounded px-1.5 py-0.5 text-xs ${row.enabled ? "bg-brand-100 text-brand-800" : "bg-gray-100 text-gray-600"}`}
          data-testid="sub-account-status"
        >
          {row.enabled ? t("account.subAccount.enabled") : t("account.subAccount.disabled")}
        </span>
      ),
    },
    {
      key: "createdOn",
      header: t("account.subAccount.columns.createdOn"),
      cell: (row) => <span className="whitespace-nowrap tabular-nums">{row.createdOn}</span>,
    },
    {
      key: "lastLoginOn",
      header: t("account.subAccount.columns.lastLoginOn"),
      cell: (row) => (
        <span className="whitespace-nowrap tabular-nums">
          {row.lastLoginOn || t("account.subAccount.never")}
        </span>
      ),
    },
    {
      key: "action",
      header: t("account.subAccount.columns.action"),
      fixed: true,
      sticky: "end",
      className: "whitespace-nowrap",
      cell: (row) => (
        <Form method="post">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name={SUBMISSION_FIELD} value={loaderData.submissionKey} />
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="enabled" value={String(!row.enabled)} />
          <button
            type="submit"
            disabled={busy}
            className={`btn-link ${row.enabled ? "text-red-600" : ""}`}
            data-testid="toggle-sub-account"
          >
            {row.enabled ? t("account.subAccount.disable") : t("account.subAccount.enable")}
          </button>
        </Form>
      ),
    },
  ];

  return (
    <div className="space-y-5">
      <section className="card p-6">
        <PageHeader title={t("account.subAccount.title")} />
        <p className="mb-5 max-w-3xl text-sm leading-6 text-gray-600">
          {t("account.subAccount.intro")}
        </p>
        {notice ? (
          <div className="mb-4" data-testid="sub-account-notice">
            <Notice kind={notice.kind}>{notice.message}</Notice>
          </div>
        ) : null}
        <h2 className="mb-2 text-sm font-semibold text-gray-900">
          {t("account.subAccount.createTitle")}
        </h2>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name={SUBMISSION_FIELD} value={loaderData.submissionKey} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="flex flex-wrap items-start gap-4">
            <InputField
              className="w-80"
              label={t("account.fields.email")}
              field={fields.email}
              type="email"
              autoComplete="off"
              placeholder={t("account.fields.emailPlaceholder")}
            />
            <div className="w-56">
              <label
                htmlFor={fields.role.id}
                className="mb-1 block text-sm font-medium text-gray-700"
              >
                {t("account.fields.role")}
              </label>
              <select key={roleKey} {...roleProps} className="input">
                {loaderData.roles.map((role) => (
                  <option key={role} value={role}>
                    {t(`account.subAccount.roles.${role}`)}
                  </option>
                ))}
              </select>
              <ErrorLine id={fields.role.errorId} errors={fields.role.errors} />
            </div>
            <button type="submit" className="btn-primary mt-6" disabled={busy}>
              {t("account.subAccount.create")}
            </button>
          </div>
        </Form>
      </section>
      <section className="card p-6">
        <PagedTable
          id="sub-accounts"
          columns={columns}
          rows={loaderData.rows}
          rowKey={(row) => row.id}
          pagination={loaderData.pagination}
        />
      </section>
    </div>
  );
}
