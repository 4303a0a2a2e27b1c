import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate, useNavigation, useSubmit } from "react-router";
import { ConfirmDialog, ConfirmPanel } from "~/components/confirm-dialog.tsx";
import { ErrorLine, Notice, useErrorText } from "~/components/form-messages.tsx";
import { keptOrDrawn, useKeptPart } from "~/components/kept-markup.ts";
import { FilterField, ListFilter, RecentInput } from "~/components/list-filter.tsx";
import { OrderTotals } from "~/components/order-totals.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { PagedTable, type ShownFields } from "~/components/paged-table.tsx";
import { SavedViews } from "~/components/saved-views.tsx";
import { XlsxUpload } from "~/components/xlsx-upload.tsx";
import type { Locale } from "~/locales/index.ts";
import { chinaToday } from "~/utils/date-range.ts";
import { formatCount } from "~/utils/format.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { listHref, RESULT_PARAM } from "~/utils/list-query.ts";
import { loadListViews } from "~/utils/list-views.server.ts";
import {
  ALL_MATCHING_PARAM,
  fitsInAddress,
  keepDataOnSelection,
  OPERATION_PARAM,
  parseSelection,
  SELECTION_PARAM,
  selectionValue,
  withPageChoice,
} from "~/utils/order-selection.ts";
import { NO_VIEW_QUERY } from "~/utils/saved-views.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";
import { useHydrated } from "~/utils/use-hydrated.ts";
import { useLinkClicks } from "~/utils/use-link-clicks.ts";
import {
  MAX_SELECTION,
  ORDER_FILTER_TEXT_FIELDS,
  SORT_PARAMS,
} from "~/validation/logistics-limits.ts";
import type { Route } from "./+types/orders";
import { checkScan, OperationForm } from "./operation-forms.tsx";
import { ORDER_OPERATIONS, type OrderIntent, operationsFor } from "./operations.ts";
import { OrderBreadcrumb } from "./order-breadcrumb.tsx";
import { useOrderColumns } from "./order-columns.tsx";
import { withBlankRanges } from "./order-filters.ts";
import { OrderRangeFilters, OrderStatusChoices } from "./order-range-filters.tsx";
import {
  type OrderActionData,
  type PendingOperation,
  rowsOf,
  type ShownOrder,
  withRowsText,
} from "./order-view.ts";
import { ImportReportView, OrderDetail } from "./order-views.tsx";
import { loadOrders, orderAction, shownRowsOf } from "./orders.server.ts";

export async function loader({ context, url, request }: Route.LoaderArgs) {
  // The views and the page of orders are asked for at once (two calls to the
  // backend side by side); the views' redirect of the bare list to the
  // account's default view wins over the page, whose answer is then dropped.
  const [listViews, orders] = await Promise.allSettled([
    loadListViews(context, request, url, "orders"),
    loadOrders(context, url),
  ]);
  if (listViews.status === "rejected") throw listViews.reason;
  if (orders.status === "rejected") throw orders.reason;
  const { views, hiddenColumns } = listViews.value;
  const { list, ...page } = orders.value;
  // The shown columns' values of each order, as one text (`withRowsText`).
  return withRowsText(
    {
      ...page,
      today: chinaToday(),
      // The account's hidden columns; none chosen (the defaults): left out.
      ...(hiddenColumns ? { hiddenColumns } : {}),
      views,
    },
    shownRowsOf(list, hiddenColumns, context),
  );
}

export function action({ request, context, url }: Route.ActionArgs) {
  return orderAction(context, request, url);
}

/** Choosing orders only changes the selection in the URL: the rows stay as they are. */
export const shouldRevalidate = keepDataOnSelection;

const OPS_FORM = "order-ops";
const SELECTION_OPERATIONS = operationsFor("selection");
const SCAN_OPERATIONS = operationsFor("scan");
const UPLOAD_OPERATIONS = operationsFor("upload");
/** The workbooks the toolbar downloads of the chosen or matching orders: each its `kind` and button. */
const DOWNLOADS = [
  ["orders", "logistics.order.ops.downloadOrders"],
  ["logistics", "logistics.order.ops.downloadLogistics"],
] as const;

/**
 * What an order's row shows of it, compared field by field with what its
 * kept HTML was written for, besides the address and language (the table's
 * `keepRows`): the row itself, which holds the shown columns' fields only,
 * each a plain value (its status as its code: the label is the language's,
 * which the page's key has).
 */
const orderRowShown = (order: ShownOrder): ShownFields => order;

/** `stockIn` → `stock-in`: the ids and test ids of an operation's controls. */
const kebab = (intent: string) => intent.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** The scan operations' ids, worked out once rather than on every render. */
const SCAN_IDS = SCAN_OPERATIONS.map(([intent]) => kebab(intent));

/** The dialog open now: a scan or selection operation's confirmation, or an upload. */
interface OpenDialog {
  intent: OrderIntent;
  pending: PendingOperation | null;
  /** Names the dialog's own fetcher: every opening starts without an answer. */
  run: number;
}

/** The order list: filters, totals, expandable lines, operations on the selection. */
export default function OrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const navigate = useNavigate();
  const translate = useErrorText();
  const hydrated = useHydrated();
  const location = useLocation();
  const rows = useMemo(() => rowsOf(loaderData), [loaderData]);
  const filters = loaderData.filters ?? {};
  const rangeFilters = withBlankRanges(loaderData.rangeFilters);
  const params = new URLSearchParams(location.search);
  const here = listHref(location.pathname, params);
  /** Without JavaScript the page posts, and the answer comes here. */
  const posted = actionData as OrderActionData | undefined;

  // The selection lives in the URL (see ~/utils/order-selection.ts): paging
  // keeps it; a long one is kept on the server and its numbers come with the page.
  const written = parseSelection(params);
  const kept = loaderData.keptSelection;
  // A choice too long for the address is on its way to the server: shown meanwhile.
  const navigation = useNavigation();
  const choosing =
    navigation.formData?.get("intent") === "select"
      ? navigation.formData.getAll("orderNoList").map(String)
      : null;
  const selection = choosing
    ? { ...written, orderNos: choosing }
    : written.kept
      ? { ...written, orderNos: kept?.id === written.kept ? kept.orderNos : [] }
      : written;
  const selected = new Set(selection.orderNos);
  const pageKeys = rows.map((order) => order.orderNo);
  const matching = loaderData.pagination.total;
  // The count is the selection the address holds (kept by the server when
  // long): a choice on its way there shows checked, but is not counted until
  // the server has kept it, so the count never shows what a reload would lose.
  const keptCount = written.kept
    ? kept?.id === written.kept
      ? kept.orderNos.length
      : 0
    : written.orderNos.length;
  const selectedCount = selection.all ? matching : choosing ? keptCount : selected.size;
  const elsewhere = selection.all ? [] : selection.orderNos.filter((no) => !pageKeys.includes(no));
  const selectionHref = (changes: Record<string, string | null>) =>
    listHref(location.pathname, params, changes);
  const quiet = { replace: true, preventScrollReset: true, state: { keepFocus: true } } as const;
  // The selection's links are plain anchors of this page's own route (no
  // discovery to mark), followed inside the app quietly, without a `<Link>`'s
  // hooks on every render of the server.
  const followQuietly = useLinkClicks(quiet);
  const submit = useSubmit();
  const onPageChoice = (checked: Set<string>) => {
    if (selection.all) return;
    const next = withPageChoice(selection.orderNos, pageKeys, checked);
    if (next.join(",") === selection.orderNos.join(",")) return;
    if (fitsInAddress(next)) {
      navigate(selectionHref({ [SELECTION_PARAM]: selectionValue(next) }), quiet);
      return;
    }
    // Too long for an address: the server keeps it and answers its short id.
    const form = new URLSearchParams([["intent", "select"]]);
    for (const orderNo of next) form.append("orderNoList", orderNo);
    void submit(form, { method: "post", action: here, ...quiet });
  };

  /** The result of the operation that redirected here (a link from this page leaves it). */
  const done =
    loaderData.result && params.get(RESULT_PARAM) === loaderData.result.id
      ? loaderData.result
      : null;

  /** A refusal checked in the browser before any dialog opens (nothing chosen, a blank scan). */
  const [localError, setLocalError] = useState<{ intent: OrderIntent; message: string } | null>(
    null,
  );
  // With JavaScript every dialog posts through a fetcher of its own: its
  // answer (an error to show in it, or the result that closes it) stays with it.
  const runs = useRef(0);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const fetcher = useFetcher<OrderActionData>({ key: `order-operation-${dialog?.run ?? 0}` });
  const answer = fetcher.data;
  const open = (intent: OrderIntent, pending: PendingOperation | null) => {
    runs.current += 1;
    setLocalError(null);
    setDialog({ intent, pending, run: runs.current });
  };
  const closeDialog = () => setDialog(null);
  const dialogOpen = dialog !== null;
  // An operation done redirects here with its result: its dialog has done its work.
  const resultId = done?.id;
  useEffect(() => {
    if (resultId) setDialog(null);
  }, [resultId]);

  /** The refusal of an operation's first step: checked in the browser, or posted without JavaScript. */
  const errorOf = (intent: OrderIntent) => {
    if (localError?.intent === intent) return localError.message;
    if (dialog || posted?.stage !== "error" || posted.intent !== intent || posted.pending) {
      return undefined;
    }
    const reply = posted.reply;
    return reply.error?.[""]?.[0] ?? Object.values(reply.error ?? {})[0]?.[0];
  };
  const selectionError = SELECTION_OPERATIONS.map(([intent]) => errorOf(intent)).find(Boolean);

  // Without JavaScript the server asks for confirmation on a page of its own
  // (`op=` in the address), and shows it again with a refusal's errors.
  const inline = dialog
    ? null
    : posted?.stage === "error"
      ? posted.pending
      : (loaderData.pending ?? null);
  const dialogPending =
    answer?.stage === "error" && answer.pending ? answer.pending : (dialog?.pending ?? null);
  const dialogResult = answer?.stage === "error" ? answer.reply : undefined;

  /** With JavaScript, an operation button opens its dialog instead of asking the server. */
  const onOperation = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!hydrated || submitter?.name !== "intent") return; // downloads go to the resource route
    event.preventDefault();
    const intent = SELECTION_OPERATIONS.find(([name]) => name === submitter.value)?.[0];
    if (!intent) return;
    if (selection.all ? matching === 0 : selected.size === 0) {
      const message = selection.all
        ? "logistics.order.noneMatching"
        : "logistics.order.selectAtLeastOne";
      setLocalError({ intent, message });
      return;
    }
    if (!selection.all && selected.size > MAX_SELECTION) {
      setLocalError({ intent, message: "logistics.order.selectionTooLarge" });
      return;
    }
    // Every matching order: the count the backend gave for this filter, sent back to be checked.
    open(
      intent,
      selection.all
        ? { intent, orderNoList: [], matching }
        : { intent, orderNoList: selection.orderNos },
    );
  };

  /** With JavaScript, a scan is checked here and confirmed in a dialog. */
  const onScan = (index: number) => (event: FormEvent<HTMLFormElement>) => {
    const entry = SCAN_OPERATIONS[index];
    if (!hydrated || !entry) return;
    event.preventDefault();
    const [intent, operation] = entry;
    const form = event.currentTarget;
    const value = new FormData(form).get(operation.field);
    checkScan(intent, value).then(
      (checked) => {
        if ("error" in checked) setLocalError({ intent, message: checked.error });
        else open(intent, { intent, orderNoList: [], scanned: checked.scanned });
      },
      // The check's code cannot be had: the server checks and asks, as without JavaScript.
      () => form.submit(),
    );
  };

  // A scan's operation done: its box is emptied and takes the focus for the
  // next scan, once the closing dialog has given the focus back.
  const scanned = done && SCAN_OPERATIONS.some(([intent]) => intent === done.intent);
  const scannedIntent = scanned ? done.intent : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per result of a scan
  useEffect(() => {
    if (!scannedIntent) return;
    const box = document.getElementById(`${kebab(scannedIntent)}-number`);
    const timer = setTimeout(() => {
      if (box instanceof HTMLInputElement) {
        box.value = "";
        box.focus();
      }
    });
    return () => clearTimeout(timer);
  }, [resultId, scannedIntent]);

  // The operations' block, made only where it is drawn as elements or written
  // once as the kept HTML, where it shows only what the address and the
  // language do (no answer of a post, no refusal, no dialog, no upload in
  // place) and the orders chosen on other pages.
  const drawOperations = () => (
    <>
      <form
        id={OPS_FORM}
        method="post"
        action={here}
        onSubmit={onOperation}
        className="flex flex-wrap items-center gap-2"
      >
        {loaderData.filterEntries?.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        {/* Orders chosen on other pages post with the boxes of this one. */}
        {elsewhere.map((orderNo) => (
          <input key={orderNo} type="hidden" name="orderNoList" value={orderNo} />
        ))}
        {SELECTION_OPERATIONS.map(([intent, operation]) => (
          <button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            className={operation.tone === "danger" ? "btn-danger" : "btn-secondary"}
            data-testid={`op-${intent}`}
          >
            {t(operation.label)}
          </button>
        ))}
        <span className="mx-1 h-6 w-px bg-gray-200" aria-hidden="true" />
        {DOWNLOADS.map(([kind, label]) => (
          <button
            key={kind}
            type="submit"
            name="kind"
            value={kind}
            formAction="/order/download"
            className="btn-secondary"
            data-testid={`download-${kind}`}
            title={t("logistics.order.downloadHint")}
          >
            {t(label)}
          </button>
        ))}
      </form>
      {UPLOAD_OPERATIONS.map(([intent, operation]) => (
        <XlsxUpload
          key={intent}
          label={t(operation.label)}
          title={t(operation.title)}
          hint={t(operation.hint)}
          templateHref={operation.templateHref}
          fields={{ intent, [SUBMISSION_FIELD]: loaderData.submissionKey }}
          lastResult={
            dialog?.intent === intent
              ? dialogResult
              : !dialog && posted?.stage === "error" && posted.intent === intent
                ? posted.reply
                : undefined
          }
          open={dialogOpen && dialog?.intent === intent}
          onOpenChange={(shown) => (shown ? open(intent, null) : closeDialog())}
          fetcher={fetcher}
          testId={intent}
          pageHref={selectionHref({ [OPERATION_PARAM]: intent })}
          inPlace={params.get(OPERATION_PARAM) === intent}
          cancelHref={selectionHref({ [OPERATION_PARAM]: null })}
        />
      ))}
      {SCAN_OPERATIONS.map(([intent, operation], index) => {
        const id = SCAN_IDS[index] as string;
        const error = errorOf(intent);
        return (
          <form
            key={intent}
            method="post"
            action={here}
            onSubmit={onScan(index)}
            className="ml-auto flex items-start gap-2"
            data-testid={id}
          >
            <input type="hidden" name="intent" value={intent} />
            <div>
              <label htmlFor={`${id}-number`} className="sr-only">
                {t(operation.fieldLabel)}
              </label>
              <input
                id={`${id}-number`}
                name={operation.field}
                maxLength={operation.maxLength}
                autoComplete="off"
                placeholder={t(operation.placeholder)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className="input w-64 max-sm:w-40"
              />
              {error ? <ErrorLine id={`${id}-error`} errors={[error]} /> : null}
            </div>
            <button type="submit" className="btn-primary">
              {t(operation.label)}
            </button>
          </form>
        );
      })}
    </>
  );
  const operationsShows =
    posted ||
    dialog ||
    localError ||
    params.has(OPERATION_PARAM) ||
    SCAN_OPERATIONS.some(([intent]) => errorOf(intent))
      ? null
      : elsewhere.join(",");
  const columns = useOrderColumns();
  // The component's last hook (./kept-markup.ts, `useKeptPart`).
  const operationsHtml = useKeptPart("order-operations", operationsShows, drawOperations);
  return (
    <section className="card p-5">
      <PageHeader title={t("logistics.order.title")} />

      {loaderData.palletTrail ? (
        <div className="mb-3">
          <OrderBreadcrumb
            {...loaderData.palletTrail}
            here={t("logistics.order.title")}
            testId="pallet-breadcrumb"
          />
        </div>
      ) : null}
      <SavedViews data={loaderData.views} />
      <ListFilter
        keep={SORT_PARAMS}
        ignored={loaderData.ignoredFilters}
        emptyQuery={loaderData.views.hasDefault ? NO_VIEW_QUERY : undefined}
        // The filters, their notice of ignored ones and the ranges are read
        // from the address (./order-filters.server.ts); besides it, the panel
        // shows whether the list has a default view, and today's date.
        shows={`${loaderData.views.hasDefault ? 1 : 0}|${loaderData.today}`}
        after={<OrderRangeFilters view={rangeFilters} today={loaderData.today} />}
      >
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
        <OrderStatusChoices chosen={rangeFilters.statuses} />
      </ListFilter>

      {done ? (
        <div className="mb-3" data-testid="operation-result">
          <Notice kind="success">{done.message}</Notice>
          {done.unchanged.length > 0 ? (
            <div
              className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              data-testid="stock-in-unchanged"
            >
              <p>{t("logistics.order.unchangedTitle", { count: done.unchanged.length })}</p>
              <ul className="mt-1 max-h-48 overflow-y-auto text-xs">
                {done.unchanged.map((order) => (
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
        <ConfirmPanel title={t(ORDER_OPERATIONS[inline.intent].label)} testId="confirm-panel">
          <OperationForm
            pending={inline}
            submissionKey={loaderData.submissionKey}
            action={here}
            lastResult={posted?.stage === "error" ? posted.reply : undefined}
            cancelHref={here}
          />
        </ConfirmPanel>
      ) : null}
      {done?.report ? <ImportReportView report={done.report} /> : null}

      <div
        className="mb-3 flex flex-wrap items-start gap-x-6 gap-y-3"
        {...keptOrDrawn(operationsHtml, drawOperations)}
      />

      <PagedTable
        id="orders"
        sort={{ field: filters.sortField, order: filters.sortOrder }}
        hiddenColumns={loaderData.hiddenColumns}
        columns={columns}
        rows={rows}
        rowKey={(order) => order.orderNo}
        // Its cells are plain elements of the row's fields (./order-columns.tsx).
        keepRows={orderRowShown}
        pagination={loaderData.pagination}
        error={loaderData.error ?? null}
        showIndex
        selection={{
          name: "orderNoList",
          form: OPS_FORM,
          selected,
          locked: selection.all,
          onChange: onPageChoice,
          label: (orderNo) => t("logistics.order.selectOrder", { orderNo }),
        }}
        expand={{
          label: (order) => t("logistics.order.expandLines", { orderNo: order.orderNo }),
          render: (order) => (
            <>
              <div className="mb-2">
                <OrderBreadcrumb
                  serviceNo={order.serviceNo}
                  palletNo={order.salverNo}
                  here={t("logistics.order.breadcrumbOrder", { orderNo: order.orderNo })}
                  testId={`order-breadcrumb-${order.orderNo}`}
                />
              </div>
              <OrderDetail orderNo={order.orderNo} detail={loaderData.details?.[order.orderNo]} />
            </>
          ),
        }}
        toolbar={
          <OrderTotals
            orderCount={formatCount(matching, locale)}
            amountTotal={loaderData.amountTotal}
          >
            <div
              className="flex flex-wrap items-center gap-x-3 gap-y-1"
              data-testid="selection-bar"
              title={t("logistics.order.selectionKept")}
            >
              <span
                className={`${selectedCount > 0 ? "font-medium text-brand-700" : "text-gray-500"} ${choosing ? "opacity-60" : ""}`}
                data-testid="selected-count"
                aria-live="polite"
                aria-busy={choosing ? true : undefined}
              >
                {selection.all && matching > 0
                  ? t("logistics.order.selectedAll", { n: formatCount(matching, locale) })
                  : t("logistics.order.selected", { n: formatCount(selectedCount, locale) })}
              </span>
              {selectedCount > 0 ? (
                <a
                  className="btn-link"
                  data-testid="clear-selection"
                  href={selectionHref({ [SELECTION_PARAM]: null, [ALL_MATCHING_PARAM]: null })}
                  onClick={followQuietly}
                >
                  {t("logistics.order.clearSelection")}
                </a>
              ) : null}
              {!selection.all && matching > 0 ? (
                <a
                  className="btn-link"
                  data-testid="select-all-matching"
                  href={selectionHref({ [SELECTION_PARAM]: null, [ALL_MATCHING_PARAM]: "1" })}
                  onClick={followQuietly}
                >
                  {t("logistics.order.selectAllMatching", { n: formatCount(matching, locale) })}
                </a>
              ) : null}
              {/* Without JavaScript the boxes of this page reach the URL by this button. */}
              {!hydrated && !selection.all && pageKeys.length > 0 ? (
                <button
                  type="submit"
                  form={OPS_FORM}
                  name="intent"
                  value="select"
                  className="btn-secondary h-7 px-2 text-xs"
                  title={t("logistics.order.keepSelectionHint")}
                  data-testid="keep-selection"
                >
                  {t("logistics.order.keepSelection")}
                </button>
              ) : null}
            </div>
          </OrderTotals>
        }
      />

      {dialog && dialogPending ? (
        <ConfirmDialog
          open={dialogOpen}
          onClose={closeDialog}
          title={t(ORDER_OPERATIONS[dialogPending.intent].label)}
          testId="operation-dialog"
        >
          <OperationForm
            pending={dialogPending}
            submissionKey={loaderData.submissionKey}
            action={here}
            lastResult={dialogResult}
            fetcher={fetcher}
            onCancel={closeDialog}
            cancelHref={here}
          />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
