import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex items-center justify-between gap-4">
      <h1 className="text-lg font-semibold text-gray-900">{title}</h1>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** A page whose screen is not built yet: says so plainly instead of pretending. */
export function UnderConstruction({ title }: { title: ReactNode }) {
  return (
    <section className="card p-6">
      <PageHeader title={title} />
      <p className="text-sm text-gray-600" data-testid="under-construction">
        {/* The text comes from the translations of the caller's language. */}
        <ConstructionText />
      </p>
    </section>
  );
}

function ConstructionText() {
  const { t } = useTranslation();
  return <>{t("common.comingSoon")}</>;
}
