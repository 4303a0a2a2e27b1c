import "~/locales/areas/inventory.ts";
import { Link, useLocation } from "react-router";
import { DateRangeField } from "~/components/date-range.tsx";
import { useErrorText } from "~/components/form-messages.tsx";
import { FilterField, ListFilter, RecentInput } from "~/components/list-filter.tsx";
import { OrderTotals } from "~/components/order-totals.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { type Column, DateTime, PagedTable } from "~/components/paged-table.tsx";
import { SavedViews } from "~/components/saved-views.tsx";
import { useTranslation } from "~/utils/i18n.ts";
import { ignoredFilters, listHref } from "~/utils/list-query.ts";
import { loadListViews } from "~/utils/list-views.server.ts";
import { orderStatusKey } from "~/utils/logistics-status.ts";
import { NO_VIEW_QUERY } from "~/utils/saved-views.ts";
import { detailFilterSchema } from "~/validation/inventory.ts";
import { DETAIL_TABS, DETAIL_TEXT_FIELDS, detailTimeField } from "~/validation/inventory-limits.ts";
import type { Route } from "./+types/detail";
import { type DetailRow, loadDetails } from "./detail.server.ts";
import { DownloadForm } from "./download-form.tsx";

export async function loader({ context, url, request }: Route.LoaderArgs) {
  // First: the bare list may be redirected to the account's default view.
  const { views, hiddenColumns } = await loadListViews(context, request, url, "inventory-detail");
  return {
    ...(await loadDetails(context, url)),
    ignoredFilters: ignoredFilters(url.searchParams, detailFilterSchema),
    hiddenColumns,
    views,
  };
}

/** Stock in/out details: one tab per status, filters, the orders and their xlsx. */
export default function DetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const translate = useErrorText();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const { status, filters, range, rangeError, today, totals } = loaderData;
  const rangeLabel = t(`inventory.detail.rangeOf.${status}`);

  const columns: Column<DetailRow>[] = [
    {
      key: "orderNo",
      header: t("logistics.order.orderNo"),
      fixed: true,
      sticky: "start",
      className: "code-cell",
      cell: (row) => row.orderNo,
    },
    {
      key: "logisticsNo",
      header: t("logistics.order.logisticsNo"),
      className: "code-cell",
      cell: (row) => row.logisticsNo,
    },
    {
      key: "salverNo",
      header: t("logistics.order.salverNo"),
      className: "code-cell",
      cell: (row) => row.salverNo,
    },
    {
      key: "serviceNo",
      header: t("logistics.order.serviceNo"),
      className: "code-cell",
      cell: (row) => row.serviceNo,
    },
    {
      key: "consignee",
      header: t("logistics.order.consignee"),
      className: "min-w-20",
      cell: (row) => row.consignee,
    },
    {
      key: "amount",
      header: t("inventory.detail.amount"),
      align: "right",
      cell: (row) => row.amount,
    },
    {
      key: "time",
      header: t(`logistics.order.${detailTimeField(status)}`),
      className: "tabular-nums",
      cell: (row) => <DateTime value={row.time} />,
    },
  ];

  return (
    <section className="card p-5">
      <PageHeader title={t("menu.inventoryDetail")} />

      <nav aria-label={t("inventory.detail.tabs")} className="mb-4 border-b border-gray-200">
        <ul className="-mb-px flex flex-wrap gap-1">
          {DETAIL_TABS.map((code) => (
            <li key={code}>
              <Link
                to={listHref(location.pathname, params, { cbaStatus: code, current: null })}
                aria-current={code === status ? "page" : undefined}
                className="inline-flex h-10 items-center border-b-2 border-transparent px-4 text-sm font-medium text-gray-600 hover:border-gray-300 hover:text-gray-900 aria-[current]:border-brand-600 aria-[current]:text-brand-800"
                data-testid={`tab-${code}`}
              >
                {t(orderStatusKey(code))}
                {loaderData.tabCounts ? (
                  <span
                    className="ml-1.5 rounded-full bg-gray-100 px-1.5 text-xs tabular-nums text-gray-600"
                    data-testid={`tab-count-${code}`}
                  >
                    {loaderData.tabCounts[code]}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <SavedViews data={loaderData.views} />
      <ListFilter
        emptyQuery={loaderData.views.hasDefault ? NO_VIEW_QUERY : undefined}
        keep={["cbaStatus"]}
        ignored={loaderData.ignoredFilters}
      >
        {DETAIL_TEXT_FIELDS.map((field) => (
          <FilterField
            key={field}
            label={t(`logistics.order.${field}`)}
            htmlFor={`filter-${field}`}
          >
            <RecentInput
              id={`filter-${field}`}
              name={field}
              storageKey={`inventory-detail:${field}`}
              defaultValue={filters[field] ?? ""}
              maxLength={64}
            />
          </FilterField>
        ))}
        <DateRangeField
          id="detail-range"
          label={rangeLabel}
          range={range}
          today={today}
          error={rangeError}
        />
      </ListFilter>

      <PagedTable
        id="inventory-detail"
        hiddenColumns={loaderData.hiddenColumns}
        columns={columns}
        rows={loaderData.list}
        rowKey={(row) => row.orderNo}
        pagination={loaderData.pagination}
        error={translate(loaderData.error ?? undefined)}
        showIndex
        toolbar={
          <>
            <OrderTotals orderCount={totals.orderCount} amountTotal={totals.amountTotal} />
            {rangeError ? null : (
              <DownloadForm
                kind="details"
                label={t("inventory.detail.download")}
                hint={t("inventory.detail.downloadHint")}
                fields={{ cbaStatus: status, ...filters, ...range }}
              />
            )}
          </>
        }
      />
    </section>
  );
}
