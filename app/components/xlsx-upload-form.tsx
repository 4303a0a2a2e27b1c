import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { CancelStep } from "~/components/confirm-dialog.tsx";
import { ErrorLine, FormErrors } from "~/components/form-messages.tsx";
import { XLSX_CONTENT_TYPE } from "~/contract/files.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { useHydrated } from "~/utils/use-hydrated.ts";
import { importSchema } from "~/validation/order-forms.ts";
import type { XlsxUploadProps } from "./xlsx-upload.tsx";

/** The upload's form: in the dialog of ./xlsx-upload.tsx, or in place on the upload's own address. */
export function UploadForm({
  hint,
  templateHref,
  fields,
  lastResult,
  onOpenChange,
  fetcher,
  inPlace,
  cancelHref,
}: XlsxUploadProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, formFields] = useForm({
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: importSchema() }),
  });
  const { key, ...fileProps } = getInputProps(formFields.file, { type: "file" });
  const busy =
    hydrated && fetcher
      ? fetcher.state === "submitting"
      : navigation.state === "submitting" && navigation.formData?.has("file");
  const PostForm = hydrated && fetcher ? fetcher.Form : Form;
  const [fileName, setFileName] = useState("");
  return (
    <PostForm
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-3"
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="text-sm text-gray-600">{hint}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div>
        <label htmlFor={formFields.file.id} className="mb-1 block text-sm font-medium">
          {t("logistics.import.file")}
        </label>
        {/* With JavaScript the picker speaks the page's language; without, the browser's own. */}
        <div className={hydrated ? "flex items-center gap-3" : undefined}>
          {hydrated ? (
            <label htmlFor={formFields.file.id} className="btn-secondary shrink-0">
              {t("logistics.import.choose")}
            </label>
          ) : null}
          <input
            key={key}
            {...fileProps}
            accept={`.xlsx,${XLSX_CONTENT_TYPE}`}
            onChange={(event) => setFileName(event.currentTarget.files?.[0]?.name ?? "")}
            className={
              hydrated
                ? "sr-only"
                : "block w-full text-sm file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm hover:file:bg-gray-50"
            }
          />
          {hydrated ? (
            <span className="truncate text-sm text-gray-600" data-testid="chosen-file">
              {fileName || t("logistics.import.noFile")}
            </span>
          ) : null}
        </div>
        <ErrorLine id={formFields.file.errorId} errors={formFields.file.errors} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <a href={templateHref} download className="btn-link">
          {t("logistics.import.template")}
        </a>
        <div className="ml-auto flex gap-2">
          <CancelStep
            onCancel={inPlace ? undefined : () => onOpenChange(false)}
            cancelHref={cancelHref}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            {t("logistics.import.upload")}
          </button>
        </div>
      </div>
    </PostForm>
  );
}
