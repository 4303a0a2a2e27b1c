import "~/locales/areas/inventory.ts";
import { DateRangeField } from "~/components/date-range.tsx";
import { useErrorText } from "~/components/form-messages.tsx";
import { FilterField, ListFilter, RecentInput } from "~/components/list-filter.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { type Column, PagedTable } from "~/components/paged-table.tsx";
import { SavedViews } from "~/components/saved-views.tsx";
import { ARRIVAL_COUNTS, type ArrivalCountKey } from "~/utils/arrival-counts.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { ignoredFilters } from "~/utils/list-query.ts";
import { loadListViews } from "~/utils/list-views.server.ts";
import { NO_VIEW_QUERY } from "~/utils/saved-views.ts";
import { arrivalFilterSchema } from "~/validation/inventory.ts";
import type { Route } from "./+types/arrival-report";
import { type ArrivalView, loadArrivalReport } from "./arrival-report.server.ts";
import { DownloadForm } from "./download-form.tsx";

export async function loader({ context, url, request }: Route.LoaderArgs) {
  // First: the bare list may be redirected to the account's default view.
  const { views, hiddenColumns } = await loadListViews(context, request, url, "arrival-report");
  return {
    ...(await loadArrivalReport(context, url)),
    ignoredFilters: ignoredFilters(url.searchParams, arrivalFilterSchema),
    hiddenColumns,
    views,
  };
}

/** Orders arrived per day and pallet, in stock and not (by real status), with totals and the xlsx. */
export default function ArrivalReportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const translate = useErrorText();
  const { filters, range, rangeError, today, totals } = loaderData;

  const count = (key: ArrivalCountKey): Column<ArrivalView> => ({
    key,
    header: t(`inventory.arrival.${key}`),
    align: "right",
    cell: (row) => row[key],
  });
  const columns: Column<ArrivalView>[] = [
    {
      key: "day",
      header: t("inventory.arrival.day"),
      fixed: true,
      sticky: "start",
      className: "whitespace-nowrap tabular-nums",
      cell: (row) => row.day,
    },
    {
      key: "serviceNo",
      header: t("logistics.order.serviceNo"),
      className: "code-cell",
      cell: (row) => row.serviceNo,
    },
    {
      key: "salverNo",
      header: t("logistics.order.salverNo"),
      fixed: true,
      className: "code-cell",
      cell: (row) => row.salverNo,
    },
    ...ARRIVAL_COUNTS.map(count),
  ];

  return (
    <section className="card p-5">
      <PageHeader title={t("menu.arrivalReport")} />
      <p className="mb-4 max-w-3xl text-sm text-gray-600">{t("inventory.arrival.hint")}</p>

      <SavedViews data={loaderData.views} />
      <ListFilter
        emptyQuery={loaderData.views.hasDefault ? NO_VIEW_QUERY : undefined}
        ignored={loaderData.ignoredFilters}
      >
        <FilterField label={t("logistics.order.salverNo")} htmlFor="filter-salverNo">
          <RecentInput
            id="filter-salverNo"
            name="salverNo"
            storageKey="arrival-report:salverNo"
            defaultValue={filters.salverNo ?? ""}
            maxLength={64}
          />
        </FilterField>
        <DateRangeField
          id="arrival-range"
          label={t("inventory.arrival.range")}
          range={range}
          today={today}
          error={rangeError}
        />
      </ListFilter>

      <PagedTable
        id="arrival-report"
        hiddenColumns={loaderData.hiddenColumns}
        columns={columns}
        rows={loaderData.list}
        rowKey={(row) => row.key}
        pagination={loaderData.pagination}
        error={translate(loaderData.error ?? undefined)}
        toolbar={
          <>
            <span className="text-sm font-medium text-gray-700">
              {t("inventory.arrival.totals")}
            </span>
            <dl
              className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm"
              data-testid="arrival-totals"
            >
              {ARRIVAL_COUNTS.map((key) => (
                <div key={key} className="flex gap-1">
                  <dt className="text-gray-500">{t(`inventory.arrival.${key}`)}</dt>
                  <dd className="font-medium tabular-nums" data-testid={`total-${key}`}>
                    {totals[key]}
                  </dd>
                </div>
              ))}
            </dl>
            {rangeError ? null : (
              <DownloadForm
                kind="arrival"
                label={t("inventory.arrival.download")}
                hint={t("inventory.arrival.hint")}
                fields={{ ...filters, ...range }}
              />
            )}
          </>
        }
      />
    </section>
  );
}
