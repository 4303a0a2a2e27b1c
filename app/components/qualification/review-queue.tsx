import "~/locales/areas/qualification.ts";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors, Notice } from "~/components/form-messages.tsx";
import { FilterField, ListFilter } from "~/components/list-filter.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { type Column, DateTime, PagedTable } from "~/components/paged-table.tsx";
import { QUALIFICATION_STATES } from "~/contract/status-codes.ts";
import { useTranslation } from "~/utils/i18n.ts";
import type { CompanyView, ReviewQueueView } from "~/utils/qualification-view.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";
import { ProfileView } from "./profile-view.tsx";
import { StateBadge } from "./state-badge.tsx";

type Review = ReviewQueueView;
/** A refused review: its errors. */
interface ReviewResult {
  id: string;
  result: SubmissionResult<string[]>;
}

/**
 * The platform's review queue: start, approve or reject (with a reason) each
 * submission. `notice`: the review done that the page was redirected with;
 * `submissionKey`: the one-time key of its forms.
 */
export function ReviewQueue({
  review,
  actionData,
  notice,
  submissionKey,
}: {
  review: Review;
  actionData?: ReviewResult;
  notice?: string;
  submissionKey: string;
}) {
  const { t } = useTranslation();
  const columns: Column<CompanyView>[] = [
    {
      key: "company",
      header: t("qualification.companyNameZh"),
      fixed: true,
      sticky: "start",
      className: "min-w-56",
      cell: (row) => (
        <div>
          <p className="font-medium text-gray-900">{row.companyNameZh}</p>
          {row.companyNameEn ? <p className="text-xs text-gray-500">{row.companyNameEn}</p> : null}
        </div>
      ),
    },
    {
      key: "creditCode",
      header: t("qualification.creditCode"),
      className: "whitespace-nowrap",
      cell: (row) => <span className="code-cell">{row.creditCode}</span>,
    },
    {
      key: "applicant",
      header: t("qualification.applicant"),
      className: "min-w-40 wrap-break-word",
      cell: (row) => row.username,
    },
    {
      key: "submittedOn",
      header: t("qualification.submittedOn"),
      cell: (row) => <DateTime value={row.submittedOn} />,
      className: "tabular-nums",
    },
    {
      key: "state",
      header: t("qualification.filterState"),
      cell: (row) => <StateBadge state={row.state} />,
    },
    {
      key: "actions",
      header: t("common.operation"),
      fixed: true,
      sticky: "end",
      className: "whitespace-nowrap",
      cell: (row) => <ReviewActions company={row} submissionKey={submissionKey} />,
    },
  ];
  const rowError = actionData
    ? (actionData.result.error?.[""] ?? actionData.result.error?.reason)
    : undefined;

  return (
    <section className="card p-5" data-testid="review-queue">
      <PageHeader title={t("qualification.reviewQueue")} />
      <p className="mb-4 text-sm text-gray-600">{t("qualification.reviewQueueHint")}</p>
      {notice ? (
        <div className="mb-3" data-testid="review-notice">
          <Notice kind="success">{notice}</Notice>
        </div>
      ) : null}
      {rowError ? (
        <div className="mb-3">
          <FormErrors errors={rowError} />
        </div>
      ) : null}
      <ListFilter>
        <FilterField label={t("qualification.filterState")} htmlFor="review-state" fit>
          <select
            id="review-state"
            name="state"
            defaultValue={review.filters.state ?? ""}
            className="input"
          >
            <option value="">{t("qualification.waiting")}</option>
            {QUALIFICATION_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`qualification.state.${state}`)}
              </option>
            ))}
          </select>
        </FilterField>
      </ListFilter>
      <PagedTable
        id="qualification-review"
        columns={columns}
        rows={review.list}
        rowKey={(row) => row.id}
        pagination={review.pagination}
        error={review.error}
        expand={{
          render: (row) => <ProfileView company={row} />,
          label: () => t("qualification.viewImages"),
        }}
      />
    </section>
  );
}

/**
 * Row actions as plain forms; approve and reject open a confirmation in place
 * (`<details>`), so they work without JavaScript too.
 */
function ReviewActions({
  company,
  submissionKey,
}: {
  company: CompanyView;
  submissionKey: string;
}) {
  const { t } = useTranslation();
  if (company.state !== "pending" && company.state !== "reviewing") {
    // A reason is a sentence: it wraps in a column as narrow as the buttons' (the column is pinned).
    return company.rejectReason ? (
      <span className="block max-w-48 text-xs whitespace-normal text-gray-500">
        {company.rejectReason}
      </span>
    ) : null;
  }
  const hidden = (decision: string) => (
    <>
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name={SUBMISSION_FIELD} value={submissionKey} />
      <input type="hidden" name="decision" value={decision} />
      <input type="hidden" name="id" value={company.id} />
    </>
  );
  // A result only once the review has started: whoever starts it has taken the profile on.
  if (company.state === "pending") {
    return (
      <Form method="post">
        {hidden("start")}
        <button type="submit" className="btn-link">
          {t("qualification.startReview")}
        </button>
      </Form>
    );
  }
  return (
    <div className="flex flex-wrap items-start gap-2">
      {/* The confirmations open in the pinned column, narrow enough not to widen it over the others. */}
      <details className="group">
        <summary className="btn-link cursor-pointer list-none">
          {t("qualification.approve")}
        </summary>
        <Form
          method="post"
          className="mt-2 w-40 rounded-md border border-gray-200 bg-white p-2 whitespace-normal shadow-sm"
        >
          {hidden("approve")}
          <p className="mb-2 text-xs text-gray-700">{t("qualification.confirmApprove")}</p>
          <button type="submit" className="btn-primary h-8 px-3">
            {t("common.confirm")}
          </button>
        </Form>
      </details>
      <details>
        <summary className="cursor-pointer list-none text-sm text-red-600 hover:underline">
          {t("qualification.reject")}
        </summary>
        <Form
          method="post"
          className="mt-2 w-40 rounded-md border border-gray-200 bg-white p-2 whitespace-normal shadow-sm"
        >
          {hidden("reject")}
          <label className="mb-1 block text-xs text-gray-700" htmlFor={`reason-${company.id}`}>
            {t("qualification.rejectPrompt")}
          </label>
          <textarea
            id={`reason-${company.id}`}
            name="reason"
            rows={2}
            required
            className="input h-auto py-1.5"
          />
          <button type="submit" className="btn-danger mt-2 h-8 px-3">
            {t("common.confirm")}
          </button>
        </Form>
      </details>
    </div>
  );
}
