import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n.ts";

/**
 * A box that scrolls sideways when its table is wider than it (a narrow or
 * zoomed window): a named region the keyboard can focus, so it can scroll
 * it with the arrow keys, as a mouse user does with the scroll bar. Named
 * "data table" unless the page names it (a region inside a section that
 * already bears the table's title need not repeat it).
 */
export function ScrollBox({
  label,
  className = "",
  testId,
  children,
}: {
  label?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={label ?? t("table.region")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`}
      data-testid={testId}
    >
      {children}
    </section>
  );
}
