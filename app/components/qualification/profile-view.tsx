import "~/locales/areas/qualification.ts";
import { useTranslation } from "~/utils/i18n.ts";
import type { CompanyView } from "~/utils/qualification-view.ts";

const TEXT_FIELDS = [
  "companyNameZh",
  "companyNameEn",
  "creditCode",
  "customsCode",
  "legalRepresentative",
  "registeredAddress",
  "contactPerson",
  "contactPhone",
  "contactEmail",
  "submittedOn",
  "reviewedOn",
] as const;

/** A submitted profile, read only (while it waits for review, or once approved). */
export function ProfileView({ company }: { company: CompanyView }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5" data-testid="qualification-view">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        {TEXT_FIELDS.map((field) => (
          <div key={field}>
            <dt className="text-xs text-gray-500">{t(`qualification.${field}`)}</dt>
            <dd className="mt-0.5 break-words text-gray-900">{company[field] || "—"}</dd>
          </div>
        ))}
        <div className="col-span-3">
          <dt className="text-xs text-gray-500">{t("qualification.businessScope")}</dt>
          <dd className="mt-0.5 whitespace-pre-line text-gray-900">{company.businessScope}</dd>
        </div>
      </dl>
      <div className="grid gap-6 sm:grid-cols-3">
        {company.images.map((image) => (
          <figure key={image.field}>
            <figcaption className="mb-1 text-xs text-gray-500">
              {t(`qualification.${image.field}`)}
            </figcaption>
            <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-gray-50">
              {image.src ? (
                <img
                  src={image.src}
                  alt={t(`qualification.${image.field}`)}
                  className="max-h-full max-w-full object-contain"
                />
              ) : null}
            </div>
          </figure>
        ))}
      </div>
    </div>
  );
}
