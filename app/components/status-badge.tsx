import type { ReactNode } from "react";
import type { StatusTone } from "~/utils/logistics-status.ts";

/** A status as a page shows it: its label in the page's language and its colour. */
export interface StatusView {
  label: string;
  tone: StatusTone;
}

// One class each (app/app.css): a list draws a badge on every row. Written out
// whole, so that the stylesheet's build finds them in this file.
const CLASSES: Record<StatusTone, string> = {
  neutral: "badge-neutral",
  progress: "badge-progress",
  done: "badge-done",
  warning: "badge-warning",
  danger: "badge-danger",
};

/** A status code shown as a coloured label. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={CLASSES[tone]}>{children}</span>;
}
