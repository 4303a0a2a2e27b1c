import { useHydrated } from "~/utils/use-hydrated.ts";

/**
 * Opens the browser's print dialog. Shown once the page runs JavaScript;
 * without it the page's hint says to print with the browser's own command.
 */
export function PrintButton({ label }: { label: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="btn-primary"
      onClick={() => window.print()}
      data-testid="print-button"
    >
      {label}
    </button>
  );
}
