import "~/locales/areas/qualification.ts";
import { StatusBadge } from "~/components/status-badge.tsx";
import type { QualificationState } from "~/contract/index.ts";
import { useTranslation } from "~/utils/i18n.ts";

const TONES = {
  none: "neutral",
  pending: "warning",
  reviewing: "progress",
  approved: "done",
  rejected: "danger",
} as const;

export function StateBadge({ state }: { state: QualificationState | "none" }) {
  const { t } = useTranslation();
  return <StatusBadge tone={TONES[state]}>{t(`qualification.state.${state}`)}</StatusBadge>;
}
