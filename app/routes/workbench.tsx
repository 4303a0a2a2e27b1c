import "~/locales/areas/workbench.ts";
import { Link } from "react-router";
import { type ChartSeries, TrendChart } from "~/components/charts/trend-chart.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { StatusBadge } from "~/components/status-badge.tsx";
import type { Locale } from "~/locales/index.ts";
import { formatCount, formatMoney, MONEY_DIVISOR } from "~/utils/format.ts";
import { useTranslation } from "~/utils/i18n.ts";
import {
  ORDER_STATUS_TONES,
  orderStatusKey,
  PALLET_STATUS_TONES,
  palletStatusKey,
} from "~/utils/logistics-status.ts";
import type { Route } from "./+types/workbench";
import { type ActionKey, loadWorkbench, type WorkbenchView } from "./workbench.server.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadWorkbench(context, url);
}

/** The workbench: what needs action now, counts by status, the last 30 days. */
export default function WorkbenchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <section className="card p-6">
        <PageHeader title={t("workbench.title")} />
        <p className="text-sm text-gray-600">{t("workbench.intro")}</p>
        {loaderData.platform ? <CompanyFilter view={loaderData} /> : null}
      </section>
      <Actions view={loaderData} />
      <Counts view={loaderData} />
      <Trends view={loaderData} />
    </div>
  );
}

function CompanyFilter({ view }: { view: WorkbenchView }) {
  const { t } = useTranslation();
  return (
    <search>
      <form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="flex w-full max-w-md min-w-0 flex-col gap-1 text-sm text-gray-700">
          {t("workbench.company.label")}
          <select
            name="companyId"
            defaultValue={view.companyId ?? ""}
            className="input w-full min-w-0"
            data-testid="workbench-company"
          >
            <option value="">{t("workbench.company.all")}</option>
            {view.companies.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-primary">
          {t("workbench.company.apply")}
        </button>
      </form>
    </search>
  );
}

/** The lists these actions open are not filtered by company: the platform's filter does not carry over. */
const LISTS_OF_EVERY_COMPANY = new Set<ActionKey>([
  "detainedOrders",
  "stalledOrders",
  "partlyDetainedPallets",
]);

function Actions({ view }: { view: WorkbenchView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const notes: Partial<Record<WorkbenchView["actions"][number]["key"], string>> = {
    stalledOrders: t("workbench.actions.stalledNote", { date: view.stalledBefore }),
    unreadNotices: t("workbench.actions.unreadNote"),
  };
  return (
    <section className="card p-6" aria-labelledby="workbench-actions">
      <h2 id="workbench-actions" className="mb-4 text-base font-semibold text-gray-900">
        {t("workbench.actions.title")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="workbench-actions">
        {view.actions.map((action) => {
          const label = t(`workbench.actions.${action.key}`);
          const note = notes[action.key];
          return (
            <li
              key={action.key}
              className="rounded-md border border-gray-200 p-4"
              data-testid={`action-${action.key}`}
            >
              <p className="text-sm text-gray-700">{label}</p>
              <p
                className={`mt-1 text-2xl font-semibold tabular-nums ${action.count > 0 ? "text-gray-900" : "text-gray-500"}`}
              >
                {formatCount(action.count, locale)}
              </p>
              {note ? <p className="mt-1 text-xs text-gray-600">{note}</p> : null}
              {view.platform && view.companyId && LISTS_OF_EVERY_COMPANY.has(action.key) ? (
                <p className="mt-1 text-xs text-gray-600">{t("workbench.actions.companyNote")}</p>
              ) : null}
              {action.href ? (
                <Link to={action.href} className="btn-link mt-2 inline-block text-sm">
                  {t("workbench.actions.open", { what: label })}
                </Link>
              ) : null}
              {action.services?.length ? (
                <ul className="mt-2 space-y-1 text-sm" data-testid="pallet-services">
                  {action.services.map((service) => (
                    <li key={service.serviceNo}>
                      <Link to={service.href} className="btn-link">
                        {t("workbench.actions.palletsOfService", {
                          serviceNo: service.serviceNo,
                          count: service.pallets,
                        })}
                      </Link>
                    </li>
                  ))}
                  {view.moreServices ? (
                    <li className="text-xs text-gray-600">{t("workbench.actions.moreServices")}</li>
                  ) : null}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Counts({ view }: { view: WorkbenchView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const tables = [
    {
      key: "services",
      rows: view.counts.services.map((row) => ({
        status: row.status,
        label: t(palletStatusKey(row.status)),
        tone: PALLET_STATUS_TONES[row.status],
        count: row.count,
      })),
    },
    {
      key: "pallets",
      rows: view.counts.pallets.map((row) => ({
        status: row.status,
        label: t(palletStatusKey(row.status)),
        tone: PALLET_STATUS_TONES[row.status],
        count: row.count,
      })),
    },
    {
      key: "orders",
      rows: view.counts.orders.map((row) => ({
        status: row.status,
        label: t(orderStatusKey(row.status)),
        tone: ORDER_STATUS_TONES[row.status],
        count: row.count,
      })),
    },
  ] as const;
  return (
    <section className="card p-6" aria-labelledby="workbench-counts">
      <h2 id="workbench-counts" className="mb-4 text-base font-semibold text-gray-900">
        {t("workbench.counts.title")}
      </h2>
      <div className="grid gap-4 lg:grid-cols-3">
        {tables.map((table) => (
          <table
            key={table.key}
            className="w-full self-start text-sm"
            data-testid={`counts-${table.key}`}
          >
            <caption className="mb-1 text-left font-medium text-gray-900">
              {t(`workbench.counts.${table.key}`)}
            </caption>
            <thead>
              <tr className="text-xs text-gray-600">
                <th scope="col" className="py-1 text-left font-medium">
                  {t("workbench.counts.status")}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t("workbench.counts.count")}
                </th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.status} className="border-t border-gray-100">
                  <th scope="row" className="py-1 text-left font-normal">
                    <StatusBadge tone={row.tone}>{row.label}</StatusBadge>
                  </th>
                  <td className="py-1 text-right tabular-nums">{formatCount(row.count, locale)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-gray-200 font-medium">
                <th scope="row" className="py-1 text-left">
                  {t("workbench.counts.total")}
                </th>
                <td className="py-1 text-right tabular-nums">
                  {formatCount(
                    table.rows.reduce((sum, row) => sum + row.count, 0),
                    locale,
                  )}
                </td>
              </tr>
            </tfoot>
          </table>
        ))}
      </div>
    </section>
  );
}

function Trends({ view }: { view: WorkbenchView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { trend } = view;
  const days = trend.map((day) => day.day);
  const dayLabels = days.map((day) => day.slice(5));
  const from = days[0] ?? "";
  const to = days.at(-1) ?? "";
  const sum = (pick: (day: (typeof trend)[number]) => number) =>
    trend.reduce((total, day) => total + pick(day), 0);
  const peak = (pick: (day: (typeof trend)[number]) => number) => Math.max(0, ...trend.map(pick));
  const count = (value: number) => formatCount(value, locale);
  const yuan = (fen: number) => formatMoney(fen, locale);
  const moves: ChartSeries[] = [
    {
      key: "stockIn",
      label: t("workbench.trends.stockIn"),
      color: "#2563eb",
      values: trend.map((day) => day.stockIn),
    },
    {
      key: "stockOut",
      label: t("workbench.trends.stockOut"),
      color: "#15803d",
      dash: "6 3",
      values: trend.map((day) => day.stockOut),
    },
    {
      key: "detained",
      label: t("workbench.trends.detained"),
      color: "#dc2626",
      dash: "2 3",
      values: trend.map((day) => day.detained),
    },
  ];
  const amount: ChartSeries[] = [
    {
      key: "amount",
      label: t("workbench.trends.amount"),
      color: "#7c3aed",
      values: trend.map((day) => day.amount),
    },
  ];
  const common = {
    days,
    dayLabels,
    dayHeader: t("workbench.trends.day"),
    pointText: (day: string, figures: string) => t("workbench.trends.point", { day, figures }),
    hint: t("workbench.trends.hint"),
  };
  const movesTitle = t("workbench.trends.movesTitle");
  const amountTitle = t("workbench.trends.amountTitle");
  return (
    <section aria-labelledby="workbench-trends" className="space-y-4">
      <h2 id="workbench-trends" className="text-base font-semibold text-gray-900">
        {t("workbench.trends.title")}
      </h2>
      <TrendChart
        {...common}
        kind="line"
        title={movesTitle}
        description={t("workbench.trends.movesDescription", {
          from,
          to,
          stockIn: count(sum((day) => day.stockIn)),
          stockOut: count(sum((day) => day.stockOut)),
          detained: count(sum((day) => day.detained)),
          peak: count(peak((day) => day.stockIn)),
        })}
        series={moves}
        format={count}
        tableLabel={t("workbench.trends.table", { title: movesTitle })}
        testId="chart-moves"
      />
      <TrendChart
        {...common}
        kind="bar"
        title={amountTitle}
        description={t("workbench.trends.amountDescription", {
          from,
          to,
          total: yuan(sum((day) => day.amount)),
          peak: yuan(peak((day) => day.amount)),
        })}
        series={amount}
        format={yuan}
        step={MONEY_DIVISOR}
        tableLabel={t("workbench.trends.table", { title: amountTitle })}
        testId="chart-amount"
      />
    </section>
  );
}
