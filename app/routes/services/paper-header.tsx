import "~/locales/areas/paper.ts";
import { Link } from "react-router";
import { Notice } from "~/components/form-messages.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { PrintButton } from "~/components/print-button.tsx";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { hrefWithQuery, localizePath } from "~/utils/locale-path.ts";
import { PATHS } from "~/utils/site-map.ts";

/**
 * The heading of a paper page (labels, manifest): back to the service's
 * pallet list (the service list when none is named), and print once there
 * is something to print.
 */
export function PaperHeader({
  title,
  serviceNo,
  printable,
}: {
  title: string;
  serviceNo?: string | null;
  printable: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const palletList = serviceNo
    ? hrefWithQuery(localizePath(PATHS.pallets, locale), { serviceNo })
    : localizePath(PATHS.services, locale);
  return (
    <PageHeader
      title={title}
      actions={
        <>
          <Link to={palletList} className="btn-secondary">
            {t("paper.backToPallets")}
          </Link>
          {printable ? <PrintButton label={t("paper.print")} /> : null}
        </>
      }
    />
  );
}

/** Why a paper page has nothing (or less) to print: the same note on the labels and the manifest. */
export function PaperNotice({ notice }: { notice: string | null | undefined }) {
  if (!notice) return null;
  return (
    <div className="mb-4" data-testid="paper-notice">
      <Notice kind="info">{notice}</Notice>
    </div>
  );
}
