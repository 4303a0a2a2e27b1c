/**
 * The qualification page's data as the page shows it: a company profile with
 * its times in China time and its images as addresses, and the review queue.
 * Shared by the page's loader and its components.
 */
import type { Company, Pagination, QualificationState } from "~/contract/index.ts";
import { formatChinaTime } from "~/utils/china-time.ts";
import { imageSrc } from "~/utils/images.ts";
import { IMAGE_FIELDS } from "~/validation/qualification-limits.ts";

export function companyView(company: Company) {
  return {
    ...company,
    submittedOn: formatChinaTime(company.submittedOn),
    reviewedOn: formatChinaTime(company.reviewedOn),
    images: IMAGE_FIELDS.map((field) => ({ field, src: imageSrc(company[field]) })),
  };
}
export type CompanyView = ReturnType<typeof companyView>;

/** The platform's review queue: one page of submissions and the state filter. */
export interface ReviewQueueView {
  filters: { state?: QualificationState };
  list: CompanyView[];
  pagination: Pagination;
  error: string | null;
}
