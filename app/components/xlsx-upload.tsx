import type { SubmissionResult } from "@conform-to/react";
import type { FetcherWithComponents } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { deferredModule } from "~/components/deferred.tsx";
import { useHydrated } from "~/utils/use-hydrated.ts";

// The form brings Conform and zod: its code comes after the first paint
// (see ./deferred.tsx); without JavaScript the server draws it in place.
const UploadForm = deferredModule(
  import.meta.env.SSR ? await import("./xlsx-upload-form.tsx") : undefined,
  () => import("./xlsx-upload-form.tsx"),
).component("UploadForm");

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
