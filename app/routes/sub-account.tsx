import "~/locales/areas/account.ts";
import { getFormProps, getSelectProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { CancelStep, ConfirmDialog, ConfirmPanel } from "~/components/confirm-dialog.tsx";
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
import { listHref } from "~/utils/list-query.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";
import { useHydrated } from "~/utils/use-hydrated.ts";
import type { Route } from "./+types/sub-account";
import { subAccountAction, subAccountLoader } from "./sub-account.server.ts";
import { DELETE_PARAM } from "./sub-account-params.ts";

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

/**
 * The question before a deletion, and its answer: in a dialog with
 * JavaScript (`onCancel` closes it), in the page without (`cancelHref`).
 */
function DeleteForm({
  row,
  submissionKey,
  busy,
  onCancel,
  cancelHref,
}: {
  row: Row;
  submissionKey: string;
  busy: boolean;
  onCancel?: () => void;
  cancelHref: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={cancelHref} className="space-y-3" data-testid="delete-form">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="confirmed" value="1" />
      <input type="hidden" name={SUBMISSION_FIELD} value={submissionKey} />
      <input type="hidden" name="id" value={row.id} />
      <p className="text-sm text-gray-800">
        {t("account.subAccount.deleteQuestion", { email: row.username })}
      </p>
      <p className="text-sm text-gray-600">{t("account.subAccount.deleteEffects")}</p>
      <div className="flex justify-end gap-2">
        <CancelStep onCancel={onCancel} cancelHref={cancelHref} />
        {/* Focus starts on the safe choice: "cancel" comes first, "delete" needs a move. */}
        <button type="submit" className="btn-danger" disabled={busy}>
          {t("account.subAccount.deleteConfirm")}
        </button>
      </div>
    </Form>
  );
}

/**
 * The company administrator's sub-accounts: list, create (e-mail, role),
 * change the role, mail the invitation again, disable or enable, delete.
 */
export default function SubAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  /** The page as it is, without a question: where a cancelled deletion goes back to. */
  const here = listHref(location.pathname, params, { [DELETE_PARAM]: null });
  // With JavaScript the question is a dialog; without, the address asks it.
  const [deleting, setDeleting] = useState<Row | null>(null);
  const asked = deleting ? null : loaderData.deleting;
  // The deletion answered (done, or refused with its notice): the dialog has done its work.
  const answered = actionData ?? loaderData.noticeId;
  useEffect(() => {
    if (answered) setDeleting(null);
  }, [answered]);
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
      className: "whitespace-nowrap",
      cell: (row) => {
        // A role it has but this account may not give stays listed, to keep it.
        const choices: readonly string[] = loaderData.roles.includes(row.role as never)
          ? loaderData.roles
          : [row.role, ...loaderData.roles];
        return (
          <Form method="post" className="flex items-center gap-2" key={`${row.id}-${row.role}`}>
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name={SUBMISSION_FIELD} value={loaderData.submissionKey} />
            <input type="hidden" name="id" value={row.id} />
            <select
              name="role"
              defaultValue={row.role}
              aria-label={t("account.subAccount.roleOf", { email: row.username })}
              className="input h-8 w-auto py-0 text-sm"
              data-testid="sub-account-role"
            >
              {choices.map((role) => (
                <option key={role} value={role}>
                  {t(`account.subAccount.rolesShort.${role as Row["role"]}`)}
                </option>
              ))}
            </select>
            <button
              type="submit"
              disabled={busy}
              className="btn-link"
              data-testid="change-sub-account-role"
            >
              {t("account.subAccount.changeRole")}
            </button>
          </Form>
        );
      },
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
        <div className="flex items-center gap-3">
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
          {row.invitable ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name={SUBMISSION_FIELD} value={loaderData.submissionKey} />
              <input type="hidden" name="id" value={row.id} />
              <button
                type="submit"
                disabled={busy}
                className="btn-link"
                title={t("account.subAccount.resendHint")}
                data-testid="resend-invitation"
              >
                {t("account.subAccount.resend")}
              </button>
            </Form>
          ) : null}
          {/* Without JavaScript the link opens the question as a page; with it, a dialog. */}
          <Link
            to={listHref(location.pathname, params, { [DELETE_PARAM]: row.id })}
            className="btn-link text-red-600"
            data-testid="delete-sub-account"
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              setDeleting(row);
            }}
          >
            {t("account.subAccount.delete")}
          </Link>
        </div>
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
        {asked ? (
          <ConfirmPanel title={t("account.subAccount.deleteTitle")} testId="delete-panel">
            <DeleteForm
              row={asked}
              submissionKey={loaderData.submissionKey}
              busy={busy}
              cancelHref={here}
            />
          </ConfirmPanel>
        ) : null}
        <PagedTable
          id="sub-accounts"
          columns={columns}
          rows={loaderData.rows}
          rowKey={(row) => row.id}
          pagination={loaderData.pagination}
        />
      </section>
      {deleting ? (
        <ConfirmDialog
          open
          onClose={() => setDeleting(null)}
          title={t("account.subAccount.deleteTitle")}
          testId="delete-dialog"
        >
          <DeleteForm
            row={deleting}
            submissionKey={loaderData.submissionKey}
            busy={busy}
            onCancel={() => setDeleting(null)}
            cancelHref={here}
          />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
