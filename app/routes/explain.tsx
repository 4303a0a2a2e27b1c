import "~/locales/areas/explain.ts";
import { PageHeader } from "~/components/page-header.tsx";
import { ScrollBox } from "~/components/scroll-box.tsx";
import { StatusBadge } from "~/components/status-badge.tsx";
import { PalletStatus } from "~/contract/status-codes.ts";
import { useTranslation } from "~/utils/i18n.ts";
import {
  ORDER_STATUS_TONES,
  ORDER_STATUSES,
  orderStatusKey,
  PALLET_STATUS_TONES,
  palletStatusKey,
} from "~/utils/logistics-status.ts";

/** Rule order of the derived service and pallet status (docs/product.md, Derived status of services and pallets): first match wins. */
const PALLET_RULE_ORDER = [
  PalletStatus.cleared,
  PalletStatus.partlyCleared,
  PalletStatus.fullyDetained,
  PalletStatus.partlyDetained,
  PalletStatus.inStock,
  PalletStatus.partlyInStock,
  PalletStatus.initial,
] as const;
const STEP_SECTIONS = ["start", "daily", "scan"] as const;

/** Usage instructions: the workflows, what the status codes mean, the import template. */
export default function ExplainPage() {
  const { t } = useTranslation();
  const steps = (section: "start" | "daily" | "scan" | "security") =>
    t(`explain.${section}.steps`, { returnObjects: true }) as string[];
  const sections = [...STEP_SECTIONS, "statuses", "import", "units", "security"] as const;

  return (
    <article className="card max-w-5xl p-6 text-sm leading-7 text-gray-700">
      <PageHeader title={t("explain.title")} />
      <p className="mb-4">{t("explain.intro")}</p>
      <nav aria-label={t("explain.toc")} className="mb-6 rounded-md bg-gray-50 px-4 py-3">
        <p className="mb-1 text-xs font-medium text-gray-500">{t("explain.toc")}</p>
        <ol className="flex flex-wrap gap-x-5 gap-y-1">
          {sections.map((section, index) => (
            <li key={section}>
              <a href={`#${section}`} className="btn-link">
                {index + 1}. {t(`explain.${section}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {STEP_SECTIONS.map((section, index) => (
        <section key={section} id={section} className="mb-6">
          <h2 className="mb-2 text-base font-semibold text-gray-900">
            {index + 1}. {t(`explain.${section}.title`)}
          </h2>
          <ol className="list-decimal space-y-1 pl-6">
            {steps(section).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ))}

      <section id="statuses" className="mb-6">
        <h2 className="mb-2 text-base font-semibold text-gray-900">
          4. {t("explain.statuses.title")}
        </h2>
        <p className="mb-2">{t("explain.statuses.palletIntro")}</p>
        <ScrollBox label={t("explain.statuses.title")} className="mb-4 max-w-2xl">
          <table className="w-full border border-gray-200 text-left">
            <thead className="bg-gray-50 text-xs text-gray-600">
              <tr>
                <th className="px-3 py-2">{t("explain.statuses.code")}</th>
                <th className="px-3 py-2">{t("explain.statuses.meaning")}</th>
                <th className="px-3 py-2">{t("explain.statuses.rule")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {PALLET_RULE_ORDER.map((code) => (
                <tr key={code}>
                  <td className="px-3 py-1.5 font-mono">{code}</td>
                  <td className="px-3 py-1.5">
                    <StatusBadge tone={PALLET_STATUS_TONES[code]}>
                      {t(palletStatusKey(code))}
                    </StatusBadge>
                  </td>
                  <td className="px-3 py-1.5">{t(`explain.statuses.palletRules.${code}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
        <p className="mb-2">{t("explain.statuses.orderIntro")}</p>
        <ul className="flex flex-wrap gap-3">
          {ORDER_STATUSES.map((code) => (
            <li key={code} className="flex items-center gap-1.5">
              <span className="font-mono">{code}</span>
              <StatusBadge tone={ORDER_STATUS_TONES[code]}>{t(orderStatusKey(code))}</StatusBadge>
            </li>
          ))}
        </ul>
      </section>

      <section id="import" className="mb-6">
        <h2 className="mb-2 text-base font-semibold text-gray-900">
          5. {t("explain.import.title")}
        </h2>
        <p className="mb-2">{t("explain.import.text")}</p>
        <a href="/order/import-template" className="btn-secondary" download>
          {t("explain.import.template")}
        </a>
      </section>

      <section id="units" className="mb-6">
        <h2 className="mb-2 text-base font-semibold text-gray-900">
          6. {t("explain.units.title")}
        </h2>
        <p>{t("explain.units.text")}</p>
      </section>

      <section id="security">
        <h2 className="mb-2 text-base font-semibold text-gray-900">
          7. {t("explain.security.title")}
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          {steps("security").map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
      </section>
    </article>
  );
}
