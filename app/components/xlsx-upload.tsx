import type { SubmissionResult } from "@conform-to/react";
import type { FetcherWithComponents } from "react-router";
import { ConfirmDialog, ConfirmPanel } from "~/components/confirm-dialog.tsx";
import { deferredModule } from "~/components/deferred.tsx";
import { useHydrated } from "~/utils/use-hydrated.ts";

// The form brings Conform and zod: its code comes after the first paint
// (see ./deferred.tsx); the server draws it only on the upload's own address.
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
  /**
   * The upload's own address (the page with the form in place): where the
   * button leads before JavaScript runs, or without it.
   */
  pageHref: string;
  /** The address is the upload's own (`pageHref`): the form is drawn in the page. */
  inPlace: boolean;
  /** "Cancel" of the form in place: the page without it. */
  cancelHref: string;
}

/**
 * Upload of one .xlsx file (field `file`) to the page's action. With
 * JavaScript a dialog (posting through `fetcher` when given); before
 * JavaScript runs, or without it, a link to the upload's own address, where
 * the same form is drawn in the page and the page posts. The page's first
 * paint carries only the button, not the form.
 */
export function XlsxUpload(props: XlsxUploadProps) {
  const hydrated = useHydrated();
  const { label, title, open, onOpenChange, testId, inPlace, pageHref } = props;
  if (inPlace) {
    return (
      <div className="basis-full">
        <ConfirmPanel title={title} testId={testId ? `${testId}-panel` : undefined}>
          <UploadForm {...props} fetcher={undefined} />
        </ConfirmPanel>
      </div>
    );
  }
  if (!hydrated) {
    // Until the page runs its JavaScript: a plain link, no `<Link>` hooks.
    return (
      <a
        href={pageHref}
        className="btn-secondary"
        data-testid={testId ? `${testId}-link` : undefined}
      >
        {label}
      </a>
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
