import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { QualificationState } from "~/contract/index.ts";
import { hasAnyRole, QUALIFICATION_STATES, REVIEW_ROLES, sniffImage } from "~/contract/index.ts";
import { parseFilters, parsePaging } from "~/utils/list-query.ts";
import { doneWith, readResult } from "~/utils/posted-result.server.ts";
import { companyView, type ReviewQueueView } from "~/utils/qualification-view.ts";
import { apiContext, getT, getUser } from "~/utils/request-context.server.ts";
import { newSubmissionKey } from "~/utils/submission-key.server.ts";
import {
  fileFieldOf,
  IMAGE_FIELDS,
  qualificationSchema,
  reviewSchema,
} from "~/validation/qualification.ts";

type Context = Readonly<RouterContextProvider>;

/** What a save or a review done shows on the page it redirects to. */
export type QualificationDone = { intent: "save" } | { intent: "review"; notice: string };
const RESULT_KIND = "qualification";

/** The save or review this page was redirected with, and the key of the next post. */
export async function qualificationDone(context: Context, url: URL) {
  const done = await readResult<QualificationDone>(context, RESULT_KIND, url);
  return { done: done?.value ?? null, submissionKey: newSubmissionKey() };
}

export const reviewFilterSchema = z.object({ state: z.enum(QUALIFICATION_STATES).optional() });

/** Whether the user may review submissions (the roles the review calls require). */
export async function canReview(context: Context): Promise<boolean> {
  return hasAnyRole((await getUser(context)).scope, REVIEW_ROLES);
}

/** The user's own profile, and for administrators the review queue of the URL's page. */
export async function loadQualification(context: Context, url: URL) {
  const api = context.get(apiContext);
  const company = await api.call("company");
  let review: ReviewQueueView | null = null;
  if (await canReview(context)) {
    const paging = parsePaging(url.searchParams);
    const filters = parseFilters(url.searchParams, reviewFilterSchema);
    const result = await api.attempt("reviewQueue", { query: { ...paging, ...filters } });
    review = {
      filters,
      list: result.ok ? result.data.list.map(companyView) : [],
      pagination: result.ok ? result.data.pagination : { total: 0, ...paging },
      error: result.ok ? null : result.message,
    };
  }
  return { company: company ? companyView(company) : null, review };
}

/** Saves the profile: new images are uploaded first, then the profile is submitted. */
export async function saveQualification(
  context: Context,
  url: URL,
  formData: FormData,
  current: QualificationState | null,
) {
  const submission = parseWithZod(formData, { schema: qualificationSchema });
  if (submission.status !== "success") {
    return data({ intent: "save" as const, result: submission.reply() }, { status: 400 });
  }
  const api = context.get(apiContext);
  const value = submission.value;
  const images: Record<(typeof IMAGE_FIELDS)[number], string> = {
    businessLicenseImage: value.businessLicenseImage ?? "",
    legalIdFrontImage: value.legalIdFrontImage ?? "",
    legalIdBackImage: value.legalIdBackImage ?? "",
  };
  // A file is an image by its first bytes, not by the type the browser named:
  // anything else is refused here, before anything is uploaded.
  const notImages: Record<string, string[]> = {};
  for (const field of IMAGE_FIELDS) {
    const file = value[fileFieldOf(field)];
    if (!file || file.size === 0) continue;
    if (!sniffImage(new Uint8Array(await file.slice(0, 8).arrayBuffer()))) {
      notImages[fileFieldOf(field)] = ["qualification.imageType"];
    }
  }
  if (Object.keys(notImages).length > 0) {
    return data(
      { intent: "save" as const, result: submission.reply({ fieldErrors: notImages }) },
      { status: 400 },
    );
  }
  // Every new image is uploaded; each refused one is named at once, not one per post.
  const uploads = await Promise.all(
    IMAGE_FIELDS.map(async (field) => {
      const file = value[fileFieldOf(field)];
      if (!file || file.size === 0) return null;
      const upload = new FormData();
      upload.set("image", file, file.name);
      return { field, result: await api.attempt("uploadImage", { formData: upload }) };
    }),
  );
  const fieldErrors: Record<string, string[]> = {};
  for (const upload of uploads) {
    if (!upload) continue;
    if (upload.result.ok) images[upload.field] = upload.result.data.image_url;
    else fieldErrors[fileFieldOf(upload.field)] = [upload.result.message];
  }
  if (Object.keys(fieldErrors).length > 0) {
    return data(
      { intent: "save" as const, result: submission.reply({ fieldErrors }) },
      { status: 400 },
    );
  }

  const body = {
    companyNameZh: value.companyNameZh,
    companyNameEn: value.companyNameEn ?? "",
    creditCode: value.creditCode,
    customsCode: value.customsCode,
    legalRepresentative: value.legalRepresentative,
    contactPerson: value.contactPerson,
    contactPhone: value.contactPhone,
    contactEmail: value.contactEmail,
    registeredAddress: value.registeredAddress,
    businessScope: value.businessScope,
    ...images,
  };
  const result = await (current === null
    ? api.attempt("createCompany", { body })
    : api.attempt("updateCompany", { body }));
  if (!result.ok) {
    return data(
      {
        intent: "save" as const,
        result: submission.reply({ formErrors: [result.message], hideFields: [] }),
      },
      { status: 400 },
    );
  }
  return doneWith(context, RESULT_KIND, url, { intent: "save" } satisfies QualificationDone);
}

/** Starts, approves or rejects a submission (administrators only, checked here and by the backend). */
export async function reviewQualification(context: Context, url: URL, formData: FormData) {
  if (!(await canReview(context))) throw data({ message: "forbidden" }, { status: 403 });
  const submission = parseWithZod(formData, { schema: reviewSchema });
  if (submission.status !== "success") {
    return data(
      {
        intent: "review" as const,
        id: String(formData.get("id") ?? ""),
        result: submission.reply(),
      },
      { status: 400 },
    );
  }
  const value = submission.value;
  const body =
    value.decision === "start"
      ? { id: value.id }
      : value.decision === "approve"
        ? { id: value.id, approved: true }
        : { id: value.id, approved: false, reason: value.reason };
  const result = await context.get(apiContext).attempt("review", { body });
  if (!result.ok) {
    return data(
      {
        intent: "review" as const,
        id: value.id,
        result: submission.reply({ formErrors: [result.message] }),
      },
      { status: 400 },
    );
  }
  return doneWith(context, RESULT_KIND, url, {
    intent: "review",
    notice: getT(context)("common.operationSuccessful"),
  } satisfies QualificationDone);
}
