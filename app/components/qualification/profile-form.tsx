import "~/locales/areas/qualification.ts";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  FormErrors,
  InputField,
  laterValidation,
  TextareaField,
  useErrorText,
  useZodForm,
} from "~/components/form.tsx";
import { useTranslation } from "~/utils/i18n.ts";
import type { CompanyView } from "~/utils/qualification-view.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";
import { fileFieldOf, IMAGE_FIELDS, IMAGE_TYPES } from "~/validation/qualification-limits.ts";

/** The profile's text fields; each has its label at `qualification.<field>`. */
type TextField =
  | "companyNameZh"
  | "companyNameEn"
  | "creditCode"
  | "customsCode"
  | "legalRepresentative"
  | "registeredAddress"
  | "contactPerson"
  | "contactPhone"
  | "contactEmail";

// The check brings zod and the schema: it comes after the first paint.
const qualificationValidation = laterValidation(() =>
  import("~/validation/qualification.ts").then((module) => module.qualificationSchema),
);

/** The qualification form (new or rejected profile): text fields and the three licence images. */
export function ProfileForm({
  company,
  lastResult,
  submissionKey,
}: {
  company: CompanyView | null;
  lastResult?: SubmissionResult<string[]>;
  /** The form's one-time key: a second post of it submits nothing more. */
  submissionKey: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(qualificationValidation, {
    lastResult,
    defaultValue: company ?? undefined,
  });
  const text = (name: TextField, type: "text" | "email" | "tel" = "text") => (
    <InputField label={t(`qualification.${name}`)} field={fields[name]} type={type} />
  );

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-6"
      data-testid="qualification-form"
    >
      <input type="hidden" name={SUBMISSION_FIELD} value={submissionKey} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset>
        <legend className="mb-3 text-sm font-semibold text-gray-900">
          {t("qualification.sectionCompany")}
        </legend>
        <div className="grid gap-x-6 sm:grid-cols-2">
          {text("companyNameZh")}
          {text("companyNameEn")}
          {text("creditCode")}
          {text("customsCode")}
          {text("legalRepresentative")}
          {text("registeredAddress")}
        </div>
        <TextareaField label={t("qualification.businessScope")} field={fields.businessScope} />
      </fieldset>
      <fieldset>
        <legend className="mb-3 text-sm font-semibold text-gray-900">
          {t("qualification.sectionContact")}
        </legend>
        <div className="grid gap-x-6 sm:grid-cols-3">
          {text("contactPerson")}
          {text("contactPhone", "tel")}
          {text("contactEmail", "email")}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-gray-900">
          {t("qualification.sectionImages")}
        </legend>
        <p className="mb-3 text-xs text-gray-500">{t("qualification.imageHint")}</p>
        <div className="grid gap-6 sm:grid-cols-3">
          {IMAGE_FIELDS.map((field) => {
            const file = fields[fileFieldOf(field)];
            const current = company?.images.find((image) => image.field === field)?.src;
            return (
              <ImageInput
                key={field}
                label={t(`qualification.${field}`)}
                urlField={getInputProps(fields[field], { type: "hidden" })}
                fileField={getInputProps(file, { type: "file" })}
                currentSrc={current}
                errorId={file.errorId}
                errors={file.errors}
              />
            );
          })}
        </div>
      </fieldset>
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        {company ? t("qualification.resubmit") : t("qualification.submit")}
      </button>
    </Form>
  );
}

function ImageInput({
  label,
  urlField,
  fileField,
  currentSrc,
  errorId,
  errors,
}: {
  label: string;
  urlField: ReturnType<typeof getInputProps>;
  fileField: ReturnType<typeof getInputProps>;
  currentSrc?: string;
  errorId: string;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const translate = useErrorText();
  const [preview, setPreview] = useState<string | undefined>(currentSrc);
  // A chosen file the browser cannot show is no image, whatever its name says:
  // said at once (the server refuses it too, by its content, on submit).
  const [unreadable, setUnreadable] = useState(false);
  const shown = [
    ...new Set([...(errors ?? []), ...(unreadable ? ["qualification.imageType"] : [])]),
  ];
  const { key: urlKey, ...urlProps } = urlField;
  const { key: fileKey, ...fileProps } = fileField;
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-gray-700">{label}</p>
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-md border border-dashed border-gray-300 bg-gray-50">
        {preview ? (
          <img
            src={preview}
            alt={label}
            className={`max-h-full max-w-full object-contain ${unreadable ? "invisible" : ""}`}
            onError={() => setUnreadable(preview !== currentSrc)}
          />
        ) : null}
      </div>
      <input key={urlKey} {...urlProps} />
      <label className="btn-secondary mt-2 w-full">
        {preview ? t("qualification.replaceImage") : t("qualification.chooseImage")}
        <input
          key={fileKey}
          {...fileProps}
          accept={IMAGE_TYPES.join(",")}
          className="sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setUnreadable(false);
            setPreview(file ? URL.createObjectURL(file) : currentSrc);
          }}
        />
      </label>
      {/* Every problem of the image at once (too large and of the wrong type, say). */}
      <p id={errorId} className="min-h-5 pt-0.5 text-xs text-red-600" aria-live="polite">
        {shown.map((error) => (
          <span key={error} className="block">
            {translate(error)}
          </span>
        ))}
      </p>
    </div>
  );
}
