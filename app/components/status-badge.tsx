import type { ReactNode } from "react";

/** The colour of a status: how far along, or how wrong, things are. */
export type StatusTone = "neutral" | "progress" | "done" | "warning" | "danger";

/** A status as a page shows it: its label in the page's language and its colour. */
export interface StatusView {
  label: string;
  tone: StatusTone;
}

const COLOURS: Record<StatusTone, string> = {
  neutral: "bg-gray-100 text-gray-700 ring-gray-200",
  progress: "bg-sky-50 text-sky-700 ring-sky-200",
  done: "bg-brand-50 text-brand-800 ring-brand-200",
  warning: "bg-amber-50 text-amber-800 ring-amber-200",
  danger: "bg-red-50 text-red-700 ring-red-200",
};

/** A status code shown as a coloured label. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${COLOURS[tone]}`}
    >
      {children}
    </span>
  );
}
