import { Link } from "react-router";
import { ListFilter, StatusFilter, TextFilter } from "~/components/list-filter.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { type Column, PagedTable } from "~/components/paged-table.tsx";
import { SavedViews } from "~/components/saved-views.tsx";
import { StatusBadge } from "~/components/status-badge.tsx";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { ignoredFilters } from "~/utils/list-query.ts";
import { loadListViews } from "~/utils/list-views.server.ts";
import { hrefWithQuery, localizePath } from "~/utils/locale-path.ts";
import { PALLET_STATUSES, palletStatusKey } from "~/utils/logistics-status.ts";
import { NO_VIEW_QUERY } from "~/utils/saved-views.ts";
import { serviceFilterSchema } from "~/validation/logistics.ts";
import type { Route } from "./+types/services";
import { loadServices, type ServiceRow } from "./lists.server.ts";

export async function loader({ context, url, request }: Route.LoaderArgs) {
  // First: the bare list may be redirected to the account's default view.
  const { views, hiddenColumns } = await loadListViews(context, request, url, "services");
  return {
    ...(await loadServices(context, url)),
    ignoredFilters: ignoredFilters(url.searchParams, serviceFilterSchema),
    hiddenColumns,
    views,
  };
}

/** Service management, the home page after login: services and their derived status. */
export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { filters } = loaderData;
  const palletsHref = (serviceNo: string) =>
    hrefWithQuery(localizePath("/server/salver", locale), { serviceNo });

  const columns: Column<ServiceRow>[] = [
    {
      key: "serviceNo",
      header: t("logistics.service.serviceNo"),
      fixed: true,
      sticky: "start",
      className: "whitespace-nowrap",
      cell: (row) => (
        <Link to={palletsHref(row.serviceNo)} className="btn-link">
          <span className="code-cell">{row.serviceNo}</span>
        </Link>
      ),
    },
    {
      key: "name",
      header: t("logistics.service.name"),
      className: "min-w-36",
      cell: (row) => row.name,
    },
    {
      key: "salverTotal",
      header: t("logistics.service.salverTotal"),
      align: "right",
      cell: (row) => row.salverTotal,
    },
    {
      key: "ordersTotal",
      header: t("logistics.service.ordersTotal"),
      align: "right",
      cell: (row) => row.ordersTotal,
    },
    {
      key: "amount",
      header: t("logistics.service.amount"),
      align: "right",
      cell: (row) => row.amount,
    },
    {
      key: "cbaStatus",
      header: t("logistics.service.status"),
      cell: (row) => <StatusBadge tone={row.status.tone}>{row.status.label}</StatusBadge>,
    },
    {
      key: "operation",
      header: t("common.operation"),
      fixed: true,
      sticky: "end",
      cell: (row) => (
        <Link to={palletsHref(row.serviceNo)} className="btn-link whitespace-nowrap">
          {t("logistics.service.viewPallets")}
        </Link>
      ),
    },
  ];

  return (
    <section className="card p-5">
      <PageHeader title={t("logistics.service.title")} />
      <SavedViews data={loaderData.views} />
      <ListFilter
        emptyQuery={loaderData.views.hasDefault ? NO_VIEW_QUERY : undefined}
        ignored={loaderData.ignoredFilters}
      >
        <TextFilter
          name="serviceNo"
          label={t("logistics.service.serviceNo")}
          value={filters.serviceNo}
        />
        <StatusFilter
          label={t("logistics.service.status")}
          codes={PALLET_STATUSES}
          labelOf={(code) => t(palletStatusKey(code))}
          value={filters.cbaStatus}
        />
      </ListFilter>
      <PagedTable
        id="services"
        label={t("logistics.service.title")}
        hiddenColumns={loaderData.hiddenColumns}
        columns={columns}
        rows={loaderData.list}
        rowKey={(row) => row.serviceNo}
        pagination={loaderData.pagination}
        error={loaderData.error}
        showIndex
      />
    </section>
  );
}
