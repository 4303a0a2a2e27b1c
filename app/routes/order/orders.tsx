import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { ConfirmDialog, ConfirmPanel } from "~/components/confirm-dialog.tsx";
import { ErrorLine, Notice, useErrorText } from "~/components/form.tsx";
import { FilterField, ListFilter, RecentInput, StatusFilter } from "~/components/list-filter.tsx";
import { OrderTotals } from "~/components/order-totals.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { PagedTable, useSelection } from "~/components/paged-table.tsx";
import { XlsxUpload } from "~/components/xlsx-upload.tsx";
import { filterEntries, listHref } from "~/utils/list-query.ts";
import { useHydrated } from "~/utils/local-store.ts";
import { ORDER_STATUSES, orderStatusKey } from "~/utils/logistics-status.ts";
import { chosenColumns } from "~/utils/table-columns.ts";
import {
  isSelectionIntent,
  ORDER_FILTER_TEXT_FIELDS,
  type OrderIntent,
  SORT_PARAMS,
  stockInSchema,
} from "~/validation/logistics.ts";
import type { Route } from "./+types/orders";
import { OperationForm } from "./operation-form.tsx";
import { ImportReportView, OrderLines, useOrderColumns } from "./order-columns.tsx";
import {
  loadOrders,
  type OrderActionData,
  orderAction,
  type PendingOperation,
} from "./orders.server.ts";

export async function loader({ context, url, request }: Route.LoaderArgs) {
  return { ...(await loadOrders(context, url)), hiddenColumns: chosenColumns(request, "orders") };
}

export function action({ request, context }: Route.ActionArgs) {
  return orderAction(request, context);
}

const OPS_FORM = "order-ops";

/** The order list: filters, totals, expandable lines, operations on the selection. */
export default function OrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const translate = useErrorText();
  const hydrated = useHydrated();
  const location = useLocation();
  const { filters, totals } = loaderData;
  const params = new URLSearchParams(location.search);
  const here = listHref(location.pathname, params);
  const result = actionData as OrderActionData | undefined;

  const [selected, setSelected] = useSelection(loaderData.list.map((order) => order.orderNo));
  const [dialog, setDialog] = useState<{ pending: PendingOperation; since: unknown } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  /** A result whose confirmation was closed in its dialog: not shown again in the page. */
  const [dismissed, setDismissed] = useState<unknown>(null);
  const closeDialog = () => {
    setDialog(null);
    setDismissed(result);
  };
  const [localError, setLocalError] = useState<{ intent: OrderIntent; message: string } | null>(
    null,
  );
  useEffect(() => {
    if (result?.stage === "done") {
      setDialog(null);
      setImportOpen(false);
    }
    setLocalError(null);
  }, [result]);

  const errorOf = (intent: OrderIntent) => {
    if (localError?.intent === intent) return localError.message;
    if (result?.stage !== "error" || result.intent !== intent || result.pending) return undefined;
    const reply = result.reply;
    return reply.error?.[""]?.[0] ?? Object.values(reply.error ?? {})[0]?.[0];
  };
  const selectionError = ["detain", "status", "remarks"]
    .map((intent) => errorOf(intent as OrderIntent))
    .find(Boolean);

  // Without JavaScript the server asks for confirmation; the page shows it in place.
  const inline =
    !dialog && result !== dismissed && (result?.stage === "confirm" || result?.stage === "error")
      ? result.pending
      : null;
  const dialogResult =
    dialog && result !== dialog.since && result?.stage === "error" ? result.reply : undefined;

  /** With JavaScript, an operation button opens its dialog instead of asking the server. */
  const onOperation = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!hydrated || submitter?.name !== "intent") return; // downloads go to the resource route
    event.preventDefault();
    const intent = submitter.value as OrderIntent;
    if (!isSelectionIntent(intent)) return;
    if (selected.size === 0) {
      setLocalError({ intent, message: "logistics.order.selectAtLeastOne" });
      return;
    }
    setLocalError(null);
    setDialog({ pending: { intent, orderNoList: [...selected] }, since: result });
  };

  const onStockIn = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("salverNoOrOrderNo");
    const parsed = stockInSchema.safeParse({ salverNoOrOrderNo: value ?? undefined });
    if (!parsed.success) {
      setLocalError({ intent: "stockIn", message: parsed.error.issues[0]?.message ?? "" });
      return;
    }
    setLocalError(null);
    setDialog({
      pending: { intent: "stockIn", orderNoList: [], ...parsed.data },
      since: result,
    });
  };

  const columns = useOrderColumns();
  const stockInError = errorOf("stockIn");
  const opButton = (intent: "detain" | "status" | "remarks") => (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={intent === "detain" ? "btn-danger" : "btn-secondary"}
      data-testid={`op-${intent}`}
    >
      {t(`logistics.order.ops.${intent}`)}
    </button>
  );

  return (
    <section className="card p-5">
      <PageHeader title={t("logistics.order.title")} />

      <ListFilter keep={SORT_PARAMS}>
        {ORDER_FILTER_TEXT_FIELDS.map((field) => (
          <FilterField
            key={field}
            label={t(`logistics.order.${field}`)}
            htmlFor={`filter-${field}`}
          >
            <RecentInput
              id={`filter-${field}`}
              name={field}
              storageKey={`orders:${field}`}
              defaultValue={filters[field] ?? ""}
              maxLength={64}
            />
          </FilterField>
        ))}
        <StatusFilter
          label={t("logistics.order.status")}
          codes={ORDER_STATUSES}
          labelOf={(code) => t(orderStatusKey(code))}
          value={filters.cbaStatus}
        />
      </ListFilter>

      {result?.stage === "done" ? (
        <div className="mb-3" data-testid="operation-result">
          <Notice kind="success">{result.message}</Notice>
          {result.unchanged && result.unchanged.length > 0 ? (
            <div
              className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              data-testid="stock-in-unchanged"
            >
              <p>{t("logistics.order.unchangedTitle", { count: result.unchanged.length })}</p>
              <ul className="mt-1 max-h-48 overflow-y-auto text-xs">
                {result.unchanged.map((order) => (
                  <li key={order.orderNo}>
                    <span className="font-mono">{order.orderNo}</span> {order.why}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
      {selectionError ? (
        <div className="mb-3" data-testid="operation-error">
          <Notice kind="error">{translate(selectionError)}</Notice>
        </div>
      ) : null}
      {inline ? (
        <ConfirmPanel
          title={t(`logistics.order.ops.${inline.intent === "import" ? "stockIn" : inline.intent}`)}
          testId="confirm-panel"
        >
          <OperationForm
            pending={inline}
            action={here}
            lastResult={result?.stage === "error" ? result.reply : undefined}
            cancelHref={here}
          />
        </ConfirmPanel>
      ) : null}
      {result?.stage === "done" && result.report ? (
        <ImportReportView report={result.report} />
      ) : null}

      <div className="mb-3 flex flex-wrap items-start gap-x-6 gap-y-3">
        <form
          id={OPS_FORM}
          method="post"
          action={here}
          onSubmit={onOperation}
          className="flex flex-wrap items-center gap-2"
        >
          {filterEntries(filters).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {opButton("detain")}
          {opButton("status")}
          {opButton("remarks")}
          <span className="mx-1 h-6 w-px bg-gray-200" aria-hidden="true" />
          <button
            type="submit"
            name="kind"
            value="orders"
            formAction="/order/download"
            className="btn-secondary"
            data-testid="download-orders"
            title={t("logistics.order.downloadHint")}
          >
            {t("logistics.order.ops.downloadOrders")}
          </button>
          <button
            type="submit"
            name="kind"
            value="logistics"
            formAction="/order/download"
            className="btn-secondary"
            data-testid="download-logistics"
            title={t("logistics.order.downloadHint")}
          >
            {t("logistics.order.ops.downloadLogistics")}
          </button>
        </form>
        <XlsxUpload
          label={t("logistics.order.ops.import")}
          title={t("logistics.import.title")}
          hint={t("logistics.import.hint")}
          templateHref="/order/import-template"
          fields={{ intent: "import" }}
          lastResult={
            result?.stage === "error" && result.intent === "import" ? result.reply : undefined
          }
          open={importOpen}
          onOpenChange={setImportOpen}
          testId="import"
        />
        <form
          method="post"
          action={here}
          onSubmit={onStockIn}
          className="ml-auto flex items-start gap-2"
          data-testid="stock-in"
        >
          <input type="hidden" name="intent" value="stockIn" />
          <div>
            <label htmlFor="stock-in-number" className="sr-only">
              {t("logistics.order.stockInLabel")}
            </label>
            <input
              id="stock-in-number"
              name="salverNoOrOrderNo"
              maxLength={64}
              autoComplete="off"
              placeholder={t("logistics.order.stockInPlaceholder")}
              aria-invalid={stockInError ? true : undefined}
              aria-describedby="stock-in-error"
              className="input w-64"
            />
            {stockInError ? <ErrorLine id="stock-in-error" errors={[stockInError]} /> : null}
          </div>
          <button type="submit" className="btn-primary">
            {t("logistics.order.ops.stockIn")}
          </button>
        </form>
      </div>

      <PagedTable
        id="orders"
        sort={{ field: filters.sortField, order: filters.sortOrder }}
        hiddenColumns={loaderData.hiddenColumns}
        columns={columns}
        rows={loaderData.list}
        rowKey={(order) => order.orderNo}
        pagination={loaderData.pagination}
        error={loaderData.error}
        showIndex
        selection={{
          name: "orderNoList",
          form: OPS_FORM,
          selected,
          onChange: setSelected,
          label: (orderNo) => t("logistics.order.selectOrder", { orderNo }),
        }}
        expand={{
          label: (order) => t("logistics.order.expandLines", { orderNo: order.orderNo }),
          render: (order) => <OrderLines order={order} />,
        }}
        toolbar={
          <OrderTotals orderCount={totals.orderCount} amountTotal={totals.amountTotal}>
            {hydrated ? (
              <div className="text-gray-500" data-testid="selected-count">
                {t("logistics.order.selected", { n: selected.size })}
              </div>
            ) : null}
          </OrderTotals>
        }
      />

      {dialog ? (
        <ConfirmDialog
          open
          onClose={closeDialog}
          title={t(
            `logistics.order.ops.${dialog.pending.intent === "import" ? "stockIn" : dialog.pending.intent}`,
          )}
          testId="operation-dialog"
        >
          <OperationForm
            pending={dialog.pending}
            action={here}
            lastResult={dialogResult}
            onCancel={closeDialog}
            cancelHref={here}
          />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
