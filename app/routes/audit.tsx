import "~/locales/areas/audit.ts";
import { Link } from "react-router";
import { DateRangeField } from "~/components/date-range.tsx";
import { useErrorText } from "~/components/form-messages.tsx";
import { FilterField, ListFilter, SelectFilter } from "~/components/list-filter.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { type Column, PagedTable } from "~/components/paged-table.tsx";
import { ORDER_EVENT_ACTIONS } from "~/contract/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { chosenColumns } from "~/utils/table-columns.ts";
import type { Route } from "./+types/audit";
import { loadAudit, type OperationOrderView, type OperationView } from "./audit.server.ts";

/** The resource route of the workbook; it answers in the language of the page. */
const AUDIT_DOWNLOAD_PATH = "/audit/download";

export async function loader({ context, url, request }: Route.LoaderArgs) {
  return {
    ...(await loadAudit(context, url)),
    hiddenColumns: chosenColumns(request, "audit"),
    // The operation filter's choices come with the page's data: the
    // contract's list, without the contract (and zod) in the browser.
    actions: ORDER_EVENT_ACTIONS,
  };
}

/** Every operation on the company's orders (the platform: every company's), filtered, paged and downloadable. */
export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="card p-5">
      <PageHeader title={t("audit.title")} />
      {loaderData.view === "operation" ? (
        <OperationOrders data={loaderData} />
      ) : (
        <>
          <p className="mb-4 max-w-3xl text-sm text-gray-600">{t("audit.intro")}</p>
          <AuditList data={loaderData} />
        </>
      )}
    </section>
  );
}

type ListData = Extract<Route.ComponentProps["loaderData"], { view: "list" }>;
type OperationData = Extract<Route.ComponentProps["loaderData"], { view: "operation" }>;

function AuditList({ data }: { data: ListData }) {
  const { t } = useTranslation();
  const translate = useErrorText();
  const { filters } = data;
  const columns: Column<OperationView>[] = [
    {
      key: "time",
      header: t("audit.time"),
      fixed: true,
      sticky: "start",
      className: "whitespace-nowrap tabular-nums",
      cell: (row) => row.time,
    },
    ...(data.platform
      ? [
          {
            key: "company",
            header: t("audit.company"),
            className: "min-w-36",
            cell: (row: OperationView) => <span data-testid="audit-company">{row.company}</span>,
          },
        ]
      : []),
    {
      key: "person",
      header: t("audit.person"),
      // An address breaks at its @ or dots before the table outgrows its box.
      className: "min-w-32 break-words",
      cell: (row) => <span data-testid="audit-person">{row.person}</span>,
    },
    {
      key: "operation",
      header: t("audit.operation"),
      fixed: true,
      className: "whitespace-nowrap",
      cell: (row) => (
        <>
          <span className="font-medium" data-testid="audit-operation">
            {row.operation}
          </span>
          <span className="block text-xs text-gray-500">{row.source}</span>
        </>
      ),
    },
    {
      key: "orders",
      header: t("audit.orders"),
      fixed: true,
      cell: (row) => (
        <div data-testid="audit-orders">
          <ul className="flex flex-col gap-0.5">
            {row.orderNos.map((order) => (
              <li key={order.orderNo}>
                <Link
                  to={order.href}
                  // 24 px high: a pointer's target, however many orders the row lists (WCAG 2.5.8).
                  className="code-cell inline-flex min-h-6 items-center text-brand-700 underline-offset-2 hover:underline"
                >
                  {order.orderNo}
                </Link>
              </li>
            ))}
          </ul>
          {row.more ? (
            <Link
              to={row.more.href}
              className="btn-link text-xs underline"
              data-testid="audit-more"
            >
              {row.more.label}
            </Link>
          ) : null}
        </div>
      ),
    },
    {
      key: "status",
      header: t("audit.status"),
      className: "min-w-28",
      cell: (row) => (
        <ul data-testid="audit-status">
          {row.moves.map((move) => (
            <li key={move}>{move}</li>
          ))}
        </ul>
      ),
    },
    {
      key: "text",
      header: t("audit.text"),
      className: "min-w-32 break-words",
      cell: (row) => row.text,
    },
  ];

  return (
    <>
      <ListFilter ignored={data.ignored}>
        {data.platform ? (
          <SelectFilter
            name="companyId"
            label={t("audit.company")}
            allLabel={t("audit.allCompanies")}
            options={data.companies.map((company) => ({ value: company.id, label: company.name }))}
            value={filters.companyId}
            fit
          />
        ) : null}
        <SelectFilter
          name="actor"
          label={t("audit.person")}
          allLabel={t("audit.everyone")}
          options={data.people}
          value={filters.actor}
          fit
        />
        <SelectFilter
          name="action"
          label={t("audit.operation")}
          allLabel={t("audit.allOperations")}
          options={data.actions.map((action) => ({
            value: action,
            label: t(`logistics.order.history.actions.${action}`),
          }))}
          value={filters.action}
        />
        <FilterField label={t("audit.orderNo")} htmlFor="filter-orderNo">
          <input
            id="filter-orderNo"
            name="orderNo"
            defaultValue={filters.orderNo ?? ""}
            className="input"
            autoComplete="off"
            maxLength={64}
            title={t("audit.orderNoHint")}
          />
        </FilterField>
        <DateRangeField
          id="audit-range"
          label={t("audit.range")}
          range={data.range}
          today={data.today}
          error={data.rangeError}
        />
      </ListFilter>

      <PagedTable
        id="audit"
        label={t("audit.title")}
        hiddenColumns={data.hiddenColumns}
        columns={columns}
        rows={data.list}
        rowKey={(row) => row.id}
        pagination={data.pagination}
        emptyText={t("audit.empty")}
        error={translate(data.error ?? undefined)}
        toolbar={
          data.rangeError ? null : (
            <form method="post" action={AUDIT_DOWNLOAD_PATH} className="inline-flex">
              {Object.entries(data.download).map(([name, value]) =>
                value ? <input key={name} type="hidden" name={name} value={String(value)} /> : null,
              )}
              <button
                type="submit"
                className="btn-secondary h-8 px-3"
                title={t("audit.downloadHint")}
                data-testid="download-audit"
              >
                {t("audit.download")}
              </button>
            </form>
          )
        }
      />
    </>
  );
}

function OperationOrders({ data }: { data: OperationData }) {
  const { t } = useTranslation();
  const columns: Column<OperationOrderView>[] = [
    {
      key: "orderNo",
      header: t("audit.orderNo"),
      fixed: true,
      cell: (row) => (
        <Link to={row.href} className="code-cell text-brand-700 underline-offset-2 hover:underline">
          {row.orderNo}
        </Link>
      ),
    },
    { key: "operation", header: t("audit.operation"), cell: (row) => row.operation },
    {
      key: "status",
      header: t("audit.status"),
      className: "whitespace-nowrap",
      cell: (row) => row.status,
    },
    { key: "text", header: t("audit.text"), className: "break-words", cell: (row) => row.text },
  ];
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h2 className="text-sm font-medium text-gray-800">{t("audit.operationTitle")}</h2>
        <Link to={data.back} className="btn-link underline" data-testid="audit-back">
          {t("audit.back")}
        </Link>
      </div>
      <PagedTable
        id="audit-operation"
        label={t("audit.operationTitle")}
        hiddenColumns={data.hiddenColumns}
        columns={columns}
        rows={data.orders}
        rowKey={(row) => row.orderNo}
        pagination={data.pagination}
        error={data.error}
      />
    </>
  );
}
