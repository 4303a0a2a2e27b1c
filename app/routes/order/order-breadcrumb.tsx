import { Link } from "react-router";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { hrefWithQuery, localizePath } from "~/utils/locale-path.ts";
import { PATHS } from "~/utils/site-map.ts";

/**
 * The way back from an order, or from a pallet's orders: its service (the
 * service list filtered to it), its pallet (the service's pallet list
 * filtered to it), and where the user is now, marked `aria-current`.
 */
export function OrderBreadcrumb({
  serviceNo,
  palletNo,
  here,
  testId,
}: {
  serviceNo: string;
  palletNo: string;
  /** The last item, the current place: an order, or the order list of the pallet. */
  here: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const trail = [
    {
      label: t("logistics.order.breadcrumbService", { serviceNo }),
      href: hrefWithQuery(localizePath(PATHS.services, locale), { serviceNo }),
    },
    {
      label: t("logistics.order.breadcrumbPallet", { palletNo }),
      href: hrefWithQuery(localizePath(PATHS.pallets, locale), { serviceNo, salverNo: palletNo }),
    },
  ];
  return (
    <nav aria-label={t("logistics.order.breadcrumb")} data-testid={testId}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm">
        {trail.map((item) => (
          <li key={item.href} className="flex items-center gap-x-1.5">
            <Link to={item.href} className="btn-link whitespace-nowrap">
              {item.label}
            </Link>
            <span aria-hidden="true" className="text-gray-400">
              /
            </span>
          </li>
        ))}
        <li aria-current="page" className="font-medium whitespace-nowrap text-gray-800">
          {here}
        </li>
      </ol>
    </nav>
  );
}
