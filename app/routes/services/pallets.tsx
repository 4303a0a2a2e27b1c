import "~/locales/areas/paper.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { ErrorLine, Notice } from "~/components/form-messages.tsx";
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
import { doneWith, readResult } from "~/utils/posted-result.server.ts";
import { apiContext, getT, postedForm } from "~/utils/request-context.server.ts";
import { NO_VIEW_QUERY } from "~/utils/saved-views.ts";
import { PATHS } from "~/utils/site-map.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";
import { applyOnce, newSubmissionKey } from "~/utils/submission-key.server.ts";
import { palletFilterSchema, positionSchema } from "~/validation/logistics.ts";
import type { Route } from "./+types/pallets";
import { loadPallets, type PalletRow } from "./lists.server.ts";

/** The form that prints the labels of the ticked pallets (its checkboxes sit in the table). */
const LABELS_FORM = "pallet-labels-form";

/** What a saved position shows: the row it was saved on, and the message. */
type Saved = { salverNo: string; message: string };

export async function loader({ context, url, request }: Route.LoaderArgs) {
  // First: the bare list may be redirected to the account's default view.
  const { views, hiddenColumns } = await loadListViews(context, request, url, "pallets");
  const [pallets, saved] = await Promise.all([
    loadPallets(context, url),
    readResult<Saved>(context, "pallets", url),
  ]);
  return {
    ...pallets,
    ignoredFilters: ignoredFilters(url.searchParams, palletFilterSchema),
    hiddenColumns,
    views,
    saved: saved?.value ?? null,
    submissionKey: newSubmissionKey(),
  };
}

/** Changes the position of one pallet; the list reloads afterwards. */
export async function action({ context, url }: Route.ActionArgs) {
  const formData = postedForm(context);
  return applyOnce(context, formData, async () => {
    const submission = parseWithZod(formData, { schema: positionSchema });
    const salverNo = String(submission.payload.salverNo ?? "");
    if (submission.status !== "success") {
      return data(
        { ok: false as const, salverNo, error: submission.error?.salverDirection?.[0] ?? "" },
        { status: 400 },
      );
    }
    const { salverDirection } = submission.value;
    const result = await context.get(apiContext).attempt("updateSalver", {
      params: { id: submission.value.salverNo },
      body: { salverDirection },
    });
    if (!result.ok)
      return data({ ok: false as const, salverNo, error: result.message }, { status: 400 });
    const t = getT(context);
    return doneWith(context, "pallets", url, {
      salverNo,
      message: `${t("common.operationSuccessful")}: ${t("logistics.pallet.positionSaved", { salverNo, position: salverDirection })}`,
    } satisfies Saved);
  });
}

/** The pallets of one service; each links to its orders, its position changes in place. */
export default function PalletsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { filters, saved } = loaderData;
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const labelsPath = localizePath(PATHS.palletLabels, locale);
  const manifestPath = localizePath(PATHS.palletManifest, locale);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" ? navigation.formData?.get("salverNo") : null;
  // A saved position is drawn anew when the list comes back (its details
  // close): focus then goes back to that row's position instead of the page.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (saved) refocus.current = saved.salverNo;
  }, [saved]);
  useEffect(() => {
    if (navigation.state !== "idle" || !refocus.current) return;
    document
      .querySelector<HTMLElement>(`tr[data-row-key="${CSS.escape(refocus.current)}"] summary`)
      ?.focus();
    refocus.current = null;
  }, [navigation.state]);

  const columns: Column<PalletRow>[] = [
    {
      key: "salverNo",
      header: t("logistics.pallet.salverNo"),
      fixed: true,
      sticky: "start",
      className: "whitespace-nowrap",
      cell: (row) => (
        <Link
          to={hrefWithQuery(localizePath("/order", locale), { salverNo: row.salverNo })}
          className="btn-link"
        >
          <span className="code-cell">{row.salverNo}</span>
        </Link>
      ),
    },
    {
      key: "name",
      header: t("logistics.pallet.name"),
      // At least eight characters a line: names wrap between words, never letter by letter.
      className: "min-w-36",
      cell: (row) => row.name,
    },
    {
      key: "size",
      header: t("logistics.pallet.size"),
      align: "right",
      className: "whitespace-nowrap",
      cell: (row) => row.size,
    },
    {
      key: "weight",
      header: t("logistics.pallet.weight"),
      align: "right",
      cell: (row) => row.weight,
    },
    {
      key: "salverDirection",
      header: t("logistics.pallet.position"),
      // Wide enough for a usual position and its "change" beside it, however wide the other columns.
      className: "min-w-28",
      cell: (row) => {
        const failed = actionData?.salverNo === row.salverNo;
        return (
          <details key={row.salverDirection} open={failed || undefined} className="group">
            <summary className="flex cursor-pointer list-none items-center gap-2 [&::-webkit-details-marker]:hidden">
              {/* A position is short as a rule; a long one (up to 32 characters) wraps in its column. */}
              <span className="max-w-40 font-mono break-all">{row.salverDirection}</span>
              <span className="btn-link shrink-0 text-xs whitespace-nowrap group-open:hidden">
                {t("logistics.pallet.editPosition")}
              </span>
              <span className="sr-only">
                {t("logistics.pallet.positionOf", { salverNo: row.salverNo })}
              </span>
            </summary>
            <Form method="post" className="mt-1 flex items-start gap-1">
              <input type="hidden" name="salverNo" value={row.salverNo} />
              <input type="hidden" name={SUBMISSION_FIELD} value={loaderData.submissionKey} />
              <div>
                <input
                  name="salverDirection"
                  defaultValue={row.salverDirection}
                  required
                  maxLength={32}
                  aria-label={t("logistics.pallet.position")}
                  aria-invalid={failed || undefined}
                  className="input h-8 w-32"
                />
                {failed ? <ErrorLine errors={[actionData.error]} /> : null}
              </div>
              <button
                type="submit"
                className="btn-primary h-8 px-3"
                disabled={saving === row.salverNo}
              >
                {t("common.save")}
              </button>
            </Form>
          </details>
        );
      },
    },
    {
      key: "cbaStatus",
      header: t("logistics.pallet.status"),
      cell: (row) => <StatusBadge tone={row.status.tone}>{row.status.label}</StatusBadge>,
    },
    {
      key: "ordersTotal",
      header: t("logistics.pallet.ordersTotal"),
      align: "right",
      cell: (row) => row.ordersTotal,
    },
    {
      key: "amount",
      header: t("logistics.pallet.amount"),
      align: "right",
      cell: (row) => row.amount,
    },
    {
      key: "operation",
      header: t("common.operation"),
      fixed: true,
      sticky: "end",
      cell: (row) => (
        <div className="flex flex-col items-start gap-1 whitespace-nowrap">
          <Link
            to={hrefWithQuery(localizePath("/order", locale), { salverNo: row.salverNo })}
            className="btn-link"
          >
            {t("logistics.pallet.viewOrders")}
          </Link>
          <Link
            to={hrefWithQuery(labelsPath, { serviceNo: filters.serviceNo, salverNo: row.salverNo })}
            className="btn-link"
            data-testid="print-label"
          >
            {t("paper.pallets.printLabel")}
            <span className="sr-only">
              {t("paper.pallets.ofPallet", { salverNo: row.salverNo })}
            </span>
          </Link>
          <Link
            to={hrefWithQuery(manifestPath, {
              serviceNo: filters.serviceNo,
              salverNo: row.salverNo,
            })}
            className="btn-link"
            data-testid="manifest-link"
          >
            {t("paper.pallets.manifest")}
            <span className="sr-only">
              {t("paper.pallets.ofPallet", { salverNo: row.salverNo })}
            </span>
          </Link>
        </div>
      ),
    },
  ];

  return (
    <section className="card p-5">
      <PageHeader
        title={
          filters.serviceNo
            ? t("logistics.pallet.titleOf", { serviceNo: filters.serviceNo })
            : t("logistics.pallet.title")
        }
        actions={
          <>
            {filters.serviceNo && loaderData.list.length > 0 ? (
              // A plain GET form: the ticked rows' boxes belong to it by their `form` attribute.
              <Form id={LABELS_FORM} method="get" action={`${labelsPath}/`}>
                <input type="hidden" name="serviceNo" value={filters.serviceNo} />
                <button type="submit" className="btn-secondary" data-testid="print-selected">
                  {t("paper.pallets.printSelected")}
                  {ticked.size > 0 ? ` (${ticked.size})` : null}
                </button>
              </Form>
            ) : null}
            <Link to={localizePath("/server", locale)} className="btn-secondary">
              {t("logistics.pallet.backToServices")}
            </Link>
          </>
        }
      />
      {saved ? (
        <div className="mb-4" data-testid="position-saved">
          <Notice kind="success">{saved.message}</Notice>
        </div>
      ) : null}
      <SavedViews data={loaderData.views} />
      <ListFilter
        emptyQuery={loaderData.views.hasDefault ? NO_VIEW_QUERY : undefined}
        keep={["serviceNo"]}
        ignored={loaderData.ignoredFilters}
      >
        <TextFilter
          name="salverNo"
          label={t("logistics.pallet.salverNo")}
          value={filters.salverNo}
        />
        <StatusFilter
          label={t("logistics.pallet.status")}
          codes={PALLET_STATUSES}
          labelOf={(code) => t(palletStatusKey(code))}
          value={filters.cbaStatus}
        />
      </ListFilter>
      <PagedTable
        id="pallets"
        label={t("logistics.pallet.title")}
        hiddenColumns={loaderData.hiddenColumns}
        columns={columns}
        rows={loaderData.list}
        rowKey={(row) => row.salverNo}
        pagination={loaderData.pagination}
        error={loaderData.error}
        showIndex
        selection={{
          name: "salverNo",
          form: LABELS_FORM,
          selected: ticked,
          onChange: setTicked,
          label: (salverNo) => t("paper.pallets.select", { salverNo }),
        }}
      />
    </section>
  );
}
