/**
 * The messages of forms and operations: field and form errors, notices.
 * Without Conform or zod, so a page that shows them loads no form code
 * (./form.tsx re-exports them beside the form fields).
 */
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n.ts";

/**
 * Translates a form error: schemas give translation keys, the backend gives
 * ready messages in the user's language (shown as they are).
 */
export function useErrorText() {
  const { t } = useTranslation();
  return (message: string | undefined) =>
    message ? t(message, { defaultValue: message }) : undefined;
}

/** The error line keeps its height when empty, so buttons never jump under the pointer. */
export function ErrorLine({ id, errors }: { id?: string; errors?: string[] }) {
  const translate = useErrorText();
  return (
    <p id={id} className="min-h-5 pt-0.5 text-xs text-red-600" aria-live="polite">
      {translate(errors?.[0])}
    </p>
  );
}

/** Errors of the whole form (not tied to a field), e.g. the backend's refusal. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  const translate = useErrorText();
  if (!errors?.length) return <div id={id} />;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
    >
      {errors.map((error) => (
        <p key={error}>{translate(error)}</p>
      ))}
    </div>
  );
}

export function Notice({
  kind,
  children,
}: {
  kind: "success" | "error" | "info";
  children: ReactNode;
}) {
  const tone = {
    success: "border-brand-200 bg-brand-50 text-brand-800",
    error: "border-red-200 bg-red-50 text-red-700",
    info: "border-sky-200 bg-sky-50 text-sky-800",
  }[kind];
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-md border px-3 py-2 text-sm ${tone}`}
    >
      {children}
    </div>
  );
}
