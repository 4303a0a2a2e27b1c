import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/utils/i18n.ts";
import { Dialog, DialogPanel, DialogTitle } from "./headless.tsx";

/**
 * A modal step of an operation (confirm, enter a reason, upload a file).
 * Pages open it with JavaScript; without JavaScript they render the same
 * content in place, posted back by the server (see `ConfirmPanel`).
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  // A dialog mounted already open does not make the page behind it inert
  // (Headless UI sets that up on the change from closed to open): it always
  // mounts closed and opens right after.
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(open), [open]);
  return (
    <Dialog open={open && shown} onClose={onClose} className="relative z-40">
      <div className="fixed inset-0 bg-gray-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className="w-full max-w-lg rounded-lg bg-white p-5 shadow-xl"
          data-testid={testId}
        >
          <DialogTitle className="mb-3 text-base font-semibold text-gray-900">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** The same step rendered in the page, when the server asks for confirmation (no JavaScript). */
export function ConfirmPanel({
  title,
  children,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4"
      aria-labelledby={testId ? `${testId}-title` : undefined}
      data-testid={testId}
    >
      <h2 id={testId ? `${testId}-title` : undefined} className="mb-3 text-sm font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * "Cancel" of a step: in a dialog (JavaScript) it closes the dialog; in the
 * page (`ConfirmPanel`, no JavaScript) it is a link back to the page without
 * the step.
 */
export function CancelStep({
  onCancel,
  cancelHref,
}: {
  onCancel?: () => void;
  cancelHref: string;
}) {
  const { t } = useTranslation();
  return onCancel ? (
    <button type="button" className="btn-secondary" onClick={onCancel}>
      {t("common.cancel")}
    </button>
  ) : (
    <Link to={cancelHref} className="btn-secondary">
      {t("common.cancel")}
    </Link>
  );
}
