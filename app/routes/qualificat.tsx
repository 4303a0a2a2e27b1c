import "~/locales/areas/qualification.ts";
import { Notice } from "~/components/form-messages.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { ProfileForm } from "~/components/qualification/profile-form.tsx";
import { ProfileView } from "~/components/qualification/profile-view.tsx";
import { ReviewQueue } from "~/components/qualification/review-queue.tsx";
import { StateBadge } from "~/components/qualification/state-badge.tsx";
import { useTranslation } from "~/utils/i18n.ts";
import { postedForm } from "~/utils/request-context.server.ts";
import { applyOnce } from "~/utils/submission-key.server.ts";
import type { Route } from "./+types/qualificat";
import {
  loadQualification,
  qualificationDone,
  reviewQualification,
  saveQualification,
} from "./qualificat.server.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  const [page, done] = await Promise.all([
    loadQualification(context, url),
    qualificationDone(context, url),
  ]);
  return { ...page, ...done };
}

export async function action({ context, url }: Route.ActionArgs) {
  const formData = postedForm(context);
  return applyOnce(context, formData, async () => {
    if (formData.get("intent") === "review") return reviewQualification(context, url, formData);
    const { company } = await loadQualification(context, url);
    return saveQualification(context, url, formData, company?.state ?? null);
  });
}

/** The company's qualification: its state, the form to submit it, and for administrators the review queue. */
export default function QualificationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { company, review } = loaderData;
  const state = company?.state ?? "none";
  const editable = state === "none" || state === "rejected";
  const saveResult = actionData?.intent === "save" ? actionData : undefined;

  // The platform's administrators review others; they have no profile of their own to submit.
  const showOwnProfile = !review || company !== null;

  return (
    <div className="space-y-5">
      {review ? (
        <ReviewQueue
          review={review}
          actionData={actionData?.intent === "review" ? actionData : undefined}
          notice={loaderData.done?.intent === "review" ? loaderData.done.notice : undefined}
          submissionKey={loaderData.submissionKey}
        />
      ) : null}
      {showOwnProfile ? (
        <section className="card p-5">
          <PageHeader title={t("qualification.title")} />
          <p className="mb-4 text-sm text-gray-600">{t("qualification.intro")}</p>
          {loaderData.done?.intent === "save" ? (
            <div className="mb-4">
              <Notice kind="success">{t("qualification.submitted")}</Notice>
            </div>
          ) : null}
          <div className="mb-5 flex items-center gap-3" data-testid="qualification-state">
            <StateBadge state={state} />
            <p className="text-sm text-gray-700">{t(`qualification.stateHint.${state}`)}</p>
          </div>
          {company?.state === "rejected" && company.rejectReason ? (
            <div className="mb-5">
              <Notice kind="error">
                <strong className="mr-2">{t("qualification.rejectReason")}</strong>
                <span data-testid="reject-reason">{company.rejectReason}</span>
              </Notice>
            </div>
          ) : null}
          {editable ? (
            <ProfileForm
              company={company}
              lastResult={saveResult?.result}
              submissionKey={loaderData.submissionKey}
            />
          ) : company ? (
            <ProfileView company={company} />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
