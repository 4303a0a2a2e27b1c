/**
 * What the order list shows only on demand: an opened row's lines and
 * history, and the report of an import. Loaded after the first paint
 * through ./order-views.tsx (no row is open when a page starts, unless its
 * address opens one; then the server draws it and the browser keeps that
 * markup until this module is there).
 */
import { useEffect } from "react";
import { type Location, useFetcher, useLocation } from "react-router";
import { OPEN_PARAM } from "~/components/paged-table.tsx";
import { ScrollBox } from "~/components/scroll-box.tsx";
import { StatusBadge } from "~/components/status-badge.tsx";
import type { ImportReport } from "~/contract/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { RESULT_PARAM } from "~/utils/list-query.ts";
import { hrefWithQuery } from "~/utils/locale-path.ts";
import { OPERATION_PARAM, SCANNED_PARAM } from "~/utils/order-selection.ts";
import { OrderHistory } from "./order-history.tsx";
import type { OrderDetails, OrderDetailView } from "./order-view.ts";

/**
 * An opened row: the order's lines, then its history. The page sends them
 * only for the rows its address opens; a row opened in the browser asks
 * the list's loader for its own (the same list with `?open=` that row).
 */
export function OrderDetail({
  orderNo,
  detail,
}: {
  orderNo: string;
  detail: OrderDetailView | undefined;
}) {
  const { t } = useTranslation();
  const fetched = useFetchedDetail(orderNo, detail === undefined);
  const shown = detail ?? fetched.detail;
  if (shown) {
    return (
      <>
        <OrderLines orderNo={orderNo} lines={shown.lines} />
        <OrderHistory orderNo={orderNo} history={shown.history} />
      </>
    );
  }
  if (fetched.gone) {
    return (
      <p className="text-sm text-gray-600" data-testid="order-detail-gone">
        {t("logistics.order.lines.gone")}
      </p>
    );
  }
  return (
    <p className="text-sm text-gray-500" aria-live="polite" data-testid="order-detail-loading">
      {t("common.loading")}
    </p>
  );
}

/** The list's loader asked for one row's detail once the row is opened (`wanted`). */
function useFetchedDetail(orderNo: string, wanted: boolean) {
  const location = useLocation();
  const fetcher = useFetcher<{ details?: OrderDetails }>();
  const href = detailHref(location, orderNo);
  const asked = fetcher.state !== "idle" || fetcher.data !== undefined;
  const { load } = fetcher;
  useEffect(() => {
    if (wanted && !asked) void load(href);
  }, [wanted, asked, load, href]);
  const detail = fetcher.data?.details?.[orderNo];
  return { detail, gone: fetcher.state === "idle" && fetcher.data !== undefined && !detail };
}

/** The same page of the list with only `orderNo` open; an operation's steps and result left out. */
function detailHref(location: Location, orderNo: string): string {
  const params = new URLSearchParams(location.search);
  for (const name of [OPEN_PARAM, RESULT_PARAM, OPERATION_PARAM, SCANNED_PARAM]) {
    params.delete(name);
  }
  params.set(OPEN_PARAM, orderNo);
  return hrefWithQuery(location.pathname, params);
}

/** The sub-order lines of one order, shown under its row. */
function OrderLines({ orderNo, lines }: { orderNo: string; lines: OrderDetailView["lines"] }) {
  const { t } = useTranslation();
  if (lines.length === 0) {
    return <p className="text-sm text-gray-500">{t("logistics.order.lines.none")}</p>;
  }
  // Headers wrap between words; numbers and codes keep one line, names wrap.
  const head = "px-2.5 py-1.5 text-left align-bottom font-medium break-keep";
  const num = "px-2.5 py-1.5 text-right tabular-nums whitespace-nowrap";
  const caption = t("logistics.order.lines.title", { orderNo });
  return (
    // Scrolls sideways on its own when the lines are wider than the box.
    <ScrollBox label={caption}>
      <table className="min-w-full text-xs" data-testid="order-lines">
        <caption className="pb-2 text-left text-xs font-medium text-gray-700">{caption}</caption>
        <thead className="text-gray-500">
          <tr>
            <th scope="col" className={head}>
              {t("logistics.order.lines.itemName")}
            </th>
            <th scope="col" className={head}>
              {t("logistics.order.lines.gmodel")}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t("logistics.order.lines.grossWeight")}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t("logistics.order.lines.netWeight")}
            </th>
            <th scope="col" className={head}>
              {t("logistics.order.lines.barCode")}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t("logistics.order.lines.price")}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t("logistics.order.lines.qty")}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t("logistics.order.lines.totalPrice")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 bg-white">
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no number of their own
            <tr key={index}>
              <td className="min-w-40 px-2.5 py-1.5">{line.itemName}</td>
              <td className="min-w-24 px-2.5 py-1.5">{line.gmodel}</td>
              <td className={num}>{line.grossWeight}</td>
              <td className={num}>{line.netWeight}</td>
              <td className="px-2.5 py-1.5 font-mono whitespace-nowrap">{line.barCode}</td>
              <td className={num}>{line.price}</td>
              <td className={num}>{line.qty}</td>
              <td className={num}>{line.totalPrice}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** What an import applied and refused, row by row. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  return (
    <section className="mb-4 rounded-lg border border-gray-200 p-4" data-testid="import-report">
      <h2 className="mb-1 text-sm font-semibold">{t("logistics.import.report")}</h2>
      <p className="mb-3 text-sm text-gray-700" data-testid="import-summary">
        {t("logistics.import.summary", {
          total: report.total,
          applied: report.applied,
          refused: report.refused,
        })}
      </p>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        {/* A checkbox filters the rows through CSS: no JavaScript needed. */}
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="refused-only size-4 accent-brand-600"
            data-testid="import-refused-only"
          />
          {t("logistics.import.refusedOnly")}
        </label>
        <form method="post" action="/order/import-report" className="ml-auto flex gap-2">
          <input type="hidden" name="report" value={JSON.stringify(report)} />
          <button type="submit" className="btn-secondary h-8" data-testid="import-report-download">
            {t("logistics.import.download")}
          </button>
          <button
            type="submit"
            name="only"
            value="refused"
            className="btn-secondary h-8"
            data-testid="import-report-download-refused"
          >
            {t("logistics.import.downloadRefused")}
          </button>
        </form>
      </div>
      <div className="max-h-80 overflow-auto rounded border border-gray-200">
        <table className="min-w-full text-sm">
          <thead className="sticky top-0 bg-gray-50 text-xs text-gray-600">
            <tr>
              <th scope="col" className="px-3 py-1.5 text-right">
                {t("logistics.import.row")}
              </th>
              <th scope="col" className="px-3 py-1.5 text-left">
                {t("logistics.order.orderNo")}
              </th>
              <th scope="col" className="px-3 py-1.5 text-left">
                {t("logistics.order.logisticsNo")}
              </th>
              <th scope="col" className="px-3 py-1.5 text-left">
                {t("logistics.import.result")}
              </th>
              <th scope="col" className="px-3 py-1.5 text-left">
                {t("logistics.import.reason")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {report.rows.map((row) => (
              <tr
                key={row.row}
                data-testid="import-row"
                data-applied={row.applied ? "true" : "false"}
                className={
                  row.applied ? "[section:has(.refused-only:checked)_&]:hidden" : undefined
                }
              >
                <td className="px-3 py-1.5 text-right tabular-nums">{row.row}</td>
                <td className="px-3 py-1.5 font-mono">{row.orderNo}</td>
                <td className="px-3 py-1.5 font-mono">{row.logisticsNo}</td>
                <td className="px-3 py-1.5">
                  <StatusBadge tone={row.applied ? "done" : "danger"}>
                    {row.applied ? t("logistics.import.applied") : t("logistics.import.refused")}
                  </StatusBadge>
                </td>
                <td className="px-3 py-1.5 text-gray-700">{row.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
