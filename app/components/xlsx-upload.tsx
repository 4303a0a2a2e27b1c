import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { type FetcherWithComponents, Form, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { ErrorLine, FormErrors } from "~/components/form.tsx";
import { XLSX_CONTENT_TYPE } from "~/contract/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { useHydrated } from "~/utils/use-hydrated.ts";
import { importSchema } from "~/validation/logistics.ts";

export interface XlsxUploadProps {
  /** Label of the button that opens the upload. */
  label: string;
  title: string;
  hint: string;
  /** Link to the template workbook (a resource route). */
  templateHref: string;
  /** Hidden fields posted with the file, e.g. `{ intent: "import" }`. */
  fields: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** With JavaScript the dialog posts through it, so its answer stays with the dialog. */
  fetcher?: FetcherWithComponents<unknown>;
  testId?: string;
}

/**
 * Upload of one .xlsx file (field `file`) to the page's action. With
 * JavaScript a dialog (posting through `fetcher` when given); without, the
 * same form opens in place and the page posts.
 */
export function XlsxUpload(props: XlsxUploadProps) {
  const hydrated = useHydrated();
  const { label, title, open, onOpenChange, testId, lastResult } = props;
  if (!hydrated) {
    const failed = Boolean(lastResult && lastResult.status === "error");
    return (
      <details open={failed || undefined} className="group relative">
        <summary className="btn-secondary list-none [&::-webkit-details-marker]:hidden">
          {label}
        </summary>
        <div className="absolute right-0 z-20 mt-2 w-[28rem] rounded-lg border border-gray-200 bg-white p-4 shadow-lg">
          <h2 className="mb-3 text-sm font-semibold">{title}</h2>
          <UploadForm {...props} />
        </div>
      </details>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => onOpenChange(true)}
        data-testid={testId}
      >
        {label}
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => onOpenChange(false)}
        title={title}
        testId={testId ? `${testId}-dialog` : undefined}
      >
        <UploadForm {...props} />
      </ConfirmDialog>
    </>
  );
}

function UploadForm({
  hint,
  templateHref,
  fields,
  lastResult,
  onOpenChange,
  fetcher,
}: XlsxUploadProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, formFields] = useForm({
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: importSchema }),
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
      <div className="flex items-center justify-between gap-3">
        <a href={templateHref} download className="btn-link">
          {t("logistics.import.template")}
        </a>
        <div className="flex gap-2">
          {hydrated ? (
            <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </button>
          ) : null}
          <button type="submit" className="btn-primary" disabled={busy}>
            {t("logistics.import.upload")}
          </button>
        </div>
      </div>
    </PostForm>
  );
}
