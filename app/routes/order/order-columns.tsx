import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { type Column, DATE_TIME_CELL, DateTimeParts } from "~/components/paged-table.tsx";
import { StatusBadge } from "~/components/status-badge.tsx";
import type { Order, OrderStatusCode } from "~/contract/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { keptBy } from "~/utils/kept.ts";
import { listHrefsBy } from "~/utils/list-hrefs.ts";
import { ORDER_STATUS_TONES, orderStatusKey } from "~/utils/logistics-status.ts";
import type { TranslationKey } from "./operations.ts";
import type { FormattedOrder, ShownOrder } from "./order-view.ts";

/** A field of the order the answer has as text, shown as it is. */
type TextField = { [K in keyof Order]: Order[K] extends string ? K : never }[keyof Order];

/** How a column looks: what `Column` says besides its header and cell. */
type Look = Omit<Column<never>, "key" | "header" | "cell">;

/**
 * The formatted fields a cell is given: a hidden column's are left out of the
 * row (./orders.server.ts, `shownRows`); the pallet and the status never are.
 */
type DrawnOrder = Pick<FormattedOrder, "salverNo" | "cbaStatus"> & Partial<FormattedOrder>;

/**
 * What a drawn cell may need beyond its row: the link to the list filtered to
 * one pallet, a status's badge in the page's language (the row has its code).
 */
interface CellHelp {
  palletHref: (palletNo: string) => string;
  status: (code: OrderStatusCode) => ReactNode;
}

/**
 * A column of the order table. Its header is `logistics.order.<key>` unless
 * it names another. A column `asAnswered` shows a field of the order as the
 * answer has it: the loader copies that field (./orders.server.ts, `shownRows`),
 * so such a column is this entry and its header's texts, nothing more.
 * Another column draws its cell from the fields the loader formats (left
 * out of the row while the column is hidden).
 */
type OrderColumn = Look & { header?: TranslationKey } & (
    | { key: TextField; asAnswered: true }
    | { key: string; cell: (order: DrawnOrder, help: CellHelp) => ReactNode }
  );

/** Columns of the order list, in order; the less used ones start hidden (the column menu shows them). */
const ORDER_COLUMNS = [
  { key: "orderNo", asAnswered: true, fixed: true, sticky: "start", className: "code-cell" },
  { key: "logisticsNo", className: "code-cell", cell: (order) => order.logisticsNo },
  {
    key: "salverNo",
    // The number inside the link keeps one line (`code-cell`). A plain link:
    // the table follows its links inside the app (useLinkClicks).
    cell: (order, help) => (
      <a href={help.palletHref(order.salverNo)} className="btn-link">
        <span className="code-cell">{order.salverNo}</span>
      </a>
    ),
  },
  { key: "serviceNo", asAnswered: true, defaultHidden: true, className: "code-cell" },
  { key: "consignee", asAnswered: true, className: "min-w-20" },
  {
    key: "consigneeTelephone",
    asAnswered: true,
    defaultHidden: true,
    className: "whitespace-nowrap",
  },
  {
    key: "consigneeAddress",
    asAnswered: true,
    defaultHidden: true,
    className: "min-w-48 wrap-anywhere",
  },
  {
    key: "acturalPaid",
    sortable: true,
    align: "right",
    cell: (order) => order.acturalPaid,
  },
  {
    key: "cbaStatus",
    header: "logistics.order.status",
    cell: (order, help) => help.status(order.cbaStatus),
  },
  // Wraps rather than cut: a detention reason must be read whole.
  { key: "remark", className: "min-w-28 wrap-anywhere", cell: (order) => order.remark },
  {
    key: "createdOn",
    sortable: true,
    className: DATE_TIME_CELL,
    cell: (order) => <DateTimeParts value={order.createdOn} />,
  },
  {
    key: "enterCbaTime",
    sortable: true,
    defaultHidden: true,
    className: DATE_TIME_CELL,
    cell: (order) => <DateTimeParts value={order.enterCbaTime} />,
  },
  {
    key: "exitCbaTime",
    sortable: true,
    defaultHidden: true,
    className: DATE_TIME_CELL,
    cell: (order) => <DateTimeParts value={order.exitCbaTime} />,
  },
] as const satisfies readonly OrderColumn[];

/** The fields the table shows as the answer has them (the `asAnswered` columns). */
export type AnsweredField = Extract<(typeof ORDER_COLUMNS)[number], { asAnswered: true }>["key"];

export const ANSWERED_FIELDS = ORDER_COLUMNS.flatMap((column) =>
  "asAnswered" in column ? [column.key] : [],
) satisfies AnsweredField[];

/** Every column's key, in the table's order. */
export const COLUMN_KEYS = ORDER_COLUMNS.map((column) => column.key);
export type OrderColumnKey = (typeof COLUMN_KEYS)[number];

/** The columns hidden until the user shows them. */
export const HIDDEN_BY_DEFAULT: readonly string[] = ORDER_COLUMNS.flatMap((column) =>
  "defaultHidden" in column && column.defaultHidden ? [column.key] : [],
);

/**
 * Each column's look, its header's key and, for a column `asAnswered`, its
 * cell, worked out once: a page draws them with its headers' texts and its
 * pallet links.
 */
const COLUMN_PARTS = ORDER_COLUMNS.map((column: OrderColumn) => {
  const header = column.header ?? (`logistics.order.${column.key}` as TranslationKey);
  if ("asAnswered" in column) {
    const { asAnswered: _answered, header: _header, key, ...look } = column;
    // The loader copied the field: the row has it as the answer did.
    const shown = (order: ShownOrder) =>
      (order as unknown as Partial<Record<TextField, string>>)[key];
    return { look: { ...look, key }, header, shown, drawn: undefined };
  }
  const { cell, header: _header, ...look } = column;
  return { look, header, shown: undefined, drawn: cell };
});

/**
 * The server's columns by language and address: what they hold (the
 * headers' texts, the pallet links' prefix, the language's translator) is
 * the same for every page of both. Read only, by the table.
 */
const keptColumns = import.meta.env.SSR ? keptBy<Column<ShownOrder>[]>(1_000) : null;

/** The columns of the order list, their headers in the page's language. */
export function useOrderColumns(): Column<ShownOrder>[] {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const make = () => {
    const params = new URLSearchParams(location.search);
    const help: CellHelp = {
      // Worked out once for the page's rows, each row adding its pallet.
      palletHref: listHrefsBy(location.pathname, params, "salverNo", { current: null }),
      status: (code) => (
        <StatusBadge tone={ORDER_STATUS_TONES[code]}>{t(orderStatusKey(code))}</StatusBadge>
      ),
    };
    return COLUMN_PARTS.map(({ look, header, shown, drawn }) => ({
      ...look,
      header: t(header),
      cell: shown ?? ((order: ShownOrder) => drawn(order, help)),
    }));
  };
  // (A build-time constant first: the browser makes its columns as before.)
  // A long address (a selection of hundreds of orders) is not kept.
  const key = `${i18n.language}|${location.pathname}${location.search}`;
  return keptColumns && key.length <= 1_024 ? keptColumns(key, make) : make();
}
