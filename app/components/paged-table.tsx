/**
 * The one paged table of the portal: every list uses it.
 *
 * How to use it:
 * 1. In the loader, read the page with `parsePaging(url.searchParams)` (pass
 *    the list's own sizes if it has some) and the filters with
 *    `parseFilters(url.searchParams, schema)` from ~/utils/list-query.ts, call
 *    the list endpoint with `.attempt(...)`, and return the rows, the
 *    `pagination` of the answer and, on failure, the error message (the
 *    table shows it in place of the rows; the filters stay usable).
 * 2. Render it:
 *    ```tsx
 *    <PagedTable
 *      id="login-history"                 // also the key of the remembered columns
 *      columns={[{ key: "ip", header: t("..."), cell: (row) => row.ip }]}
 *      rows={loaderData.list}
 *      rowKey={(row) => row.deviceNo}
 *      pagination={loaderData.pagination}
 *      pageSizes={[10, 100, 200, 500, 1000]} // optional, default 10…500
 *      error={loaderData.error}
 *    />
 *    ```
 *    Filters are a `<Form method="get">` of the page whose fields are named
 *    like the query parameters; leave `current` out so a new filter starts on
 *    page 1, and carry `pageSize` in a hidden input.
 * 3. Options: `showIndex` (running number over pages), `selection` (checkbox
 *    column whose inputs belong to a form of the page; the page keeps the
 *    selection, which may span pages: the order list keeps it in its URL),
 *    `expand` (a detail row under a row, drawn only when opened: with
 *    JavaScript in place, its `render` getting what it shows as it likes,
 *    without it by a link that reloads the list with the row's key in
 *    `?open=`, for the loader to send that row's detail),
 *    `toolbar` (shown left of the column menu).
 *
 * Paging is links and GET forms, so it works without JavaScript. Hidden
 * columns of the lists of saved views are kept per account by the backend
 * (their loader passes `hiddenColumns` from `loadListViews`): the column
 * menu posts each change to `/table-columns`, at once with JavaScript, as a
 * form without. Other tables remember them in the `table_columns` cookie,
 * written at once with JavaScript and by the same form post without.
 */

import { type CSSProperties, Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, type Location, useFetcher, useLocation } from "react-router";
import { Popover, PopoverButton, PopoverPanel, useMenusReady } from "~/components/headless.tsx";
import { keptMarkupOf, keptOrDrawn, writesKeptMarkup } from "~/components/kept-markup.ts";
import { PagingBar } from "~/components/paging-bar.tsx";
import { ScrollBox } from "~/components/scroll-box.tsx";
import type { Pagination } from "~/contract/index.ts";
import { isSavedViewList } from "~/contract/list-names.ts";
import type { Locale } from "~/locales/index.ts";
import { plainCookie, readCookie } from "~/utils/cookies.ts";
import { formatCount } from "~/utils/format.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { keptBy } from "~/utils/kept.ts";
import { listHref, RESULT_PARAM } from "~/utils/list-query.ts";
import { hrefWithQuery, hrefWithSearch } from "~/utils/locale-path.ts";
import {
  hiddenColumnsOf,
  TABLE_COLUMNS_COOKIE,
  TABLE_COLUMNS_PATH,
  withHiddenColumns,
} from "~/utils/table-columns.ts";
import { useHydrated } from "~/utils/use-hydrated.ts";
import { useLinkClicks } from "~/utils/use-link-clicks.ts";

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  align?: "left" | "right" | "center";
  /** Extra classes of the column's cells (width, wrapping). */
  className?: string;
  /** A column that cannot be hidden. */
  fixed?: boolean;
  /** Hidden until the user shows it from the column menu. */
  defaultHidden?: boolean;
  /** The list can be sorted by this column (its key is the `sortField`). */
  sortable?: boolean;
  /**
   * Stays in view while the table scrolls sideways: `start` for the first
   * column (with the selection, expand and index columns before it), `end`
   * for the last (operations).
   */
  sticky?: "start" | "end";
}

export interface TableSelection {
  /** Name of the checkbox inputs: each checked row posts its key under this name. */
  name: string;
  /** Id of the form the checkboxes belong to (they may sit outside it). */
  form?: string;
  /** The selected keys; may name rows of other pages too. */
  selected: ReadonlySet<string>;
  /** Called with the keys checked on this page after every change. */
  onChange: (checkedOnPage: Set<string>) => void;
  /** Accessible label of a row's checkbox. */
  label: (key: string) => string;
  /** Every row is selected by a wider choice (all matching rows): boxes show checked, fixed, and post nothing. */
  locked?: boolean;
}

export interface PagedTableProps<Row> {
  id: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  pagination: Pagination;
  pageSizes?: readonly number[];
  /** A message to show instead of the rows (the list could not be loaded). */
  error?: string | null;
  /** Shown when there are no rows; "no data" by default. */
  emptyText?: string;
  showIndex?: boolean;
  selection?: TableSelection;
  expand?: { render: (row: Row) => ReactNode; label: (row: Row) => string };
  toolbar?: ReactNode;
  /** The sorting in the URL (`sortField`, `sortOrder`), for tables with sortable columns. */
  sort?: { field?: string; order?: "asc" | "desc" };
  /** The hidden columns chosen for this table (the loader reads them from the cookie); null: the defaults. */
  hiddenColumns?: readonly string[] | null;
  /** Accessible name of the table's scrolling region; "data table" by default. */
  label?: string;
  /**
   * The rows are written once as HTML on the server and kept (see
   * `keptRowsHtml`): what a row's cells and labels show besides the row's
   * key, the page's address and language, as an object of plain values
   * (for instance the row itself, when it holds only what is shown),
   * compared field by field with the one its kept HTML was written for.
   * Only for cells that are plain elements, reading no context and making
   * no id.
   */
  keepRows?: (row: Row) => ShownFields;
}

/** A header's alignment; left is the table's own (app/app.css, `data-cells`). */
const ALIGN = { left: "", right: "text-right", center: "text-center" } as const;

/*
 * Layout rules (docs/decisions/2026-11-24-table-layout.md): the table fits its box when it
 * can, since only names and remarks wrap (codes, numbers, dates and buttons
 * keep one line); when it cannot, it scrolls inside its own box, the leading
 * columns up to a `sticky: "start"` column and a `sticky: "end"` column
 * staying in view. The leading control columns have fixed widths, so the
 * offsets of the sticky cells are known on the server.
 */
const SELECT_WIDTH = 36;
const EXPAND_WIDTH = 36;
const INDEX_WIDTH = 56;
/** Sticky cells need an opaque background: the row's, which is opaque too. */
const STICKY_CELL = "sticky z-10 bg-inherit";
const END_EDGE = "shadow-[inset_1px_0_0_var(--color-gray-200)]";

/** How a column's cells stay in view: the last one pinned to the end, or none. */
interface Pinned {
  className: string;
  style?: { right?: number };
}
const PINNED_END: Pinned = { className: `${STICKY_CELL} ${END_EDGE}`, style: { right: 0 } };
const NOT_PINNED: Pinned = { className: "" };

/** Two class lists as one (`undefined` when both are empty), without an array for every header. */
function joinClasses(first: string, second: string): string | undefined {
  return first && second ? `${first} ${second}` : first || second || undefined;
}

export function PagedTable<Row>({
  id,
  columns,
  rows,
  rowKey,
  pagination,
  pageSizes,
  error,
  emptyText,
  showIndex,
  selection,
  expand,
  toolbar,
  sort,
  hiddenColumns,
  label,
  keepRows,
}: PagedTableProps<Row>) {
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [hidden, setHidden, savingColumns] = useHiddenColumns(
    id,
    columns.filter((column) => column.defaultHidden).map((column) => column.key),
    hiddenColumns ?? null,
  );
  const visible = columns.filter((column) => column.fixed || !hidden.includes(column.key));
  const span = visible.length + (showIndex ? 1 : 0) + (selection ? 1 : 0) + (expand ? 1 : 0);
  const keys = rows.map(rowKey);
  const locked = selection?.locked ?? false;
  const checkedOnPage = selection
    ? locked
      ? keys.length
      : keys.filter((key) => selection.selected.has(key)).length
    : 0;
  const tbody = useRef<HTMLTableSectionElement>(null);
  // The row checkboxes keep their own state (a click before hydration counts);
  // the selection is read from them after every change and whenever the rows change.
  const readChecked = () =>
    new Set(
      [
        ...(tbody.current?.querySelectorAll<HTMLInputElement>("input[data-select]:checked") ?? []),
      ].map((input) => input.value),
    );
  const onSelect = useRef(selection?.onChange);
  onSelect.current = selection?.onChange;
  const signature = keys.join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the rows change
  useEffect(() => {
    onSelect.current?.(readChecked());
  }, [signature]);
  // The boxes follow a selection changed from outside (cleared, restored from the URL).
  const chosen = selection ? [...selection.selected].join("\n") : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-sync when the selection changes
  useEffect(() => {
    const selected = new Set(chosen.split("\n"));
    for (const input of tbody.current?.querySelectorAll<HTMLInputElement>("input[data-select]") ??
      []) {
      input.checked = locked || selected.has(input.value);
    }
  }, [chosen, locked, signature]);
  const offset = (pagination.current - 1) * pagination.pageSize;
  const hydrated = useHydrated();
  const [opened, toggleOpened] = useOpenedRows(location);
  // Read once for the page's rows, not once per row (the server draws every row's link).
  const toggleHref = expand && !hydrated ? openedRowsHrefs(location) : null;
  // The rows', headers' and paging's links are plain anchors, followed inside the app from here.
  const followLink = useLinkClicks();

  // The leading columns stay in view with a first column marked sticky.
  const stickyStart = visible[0]?.sticky === "start";
  const stickyEnd = visible.length > 1 && visible[visible.length - 1]?.sticky === "end";
  const selectLeft = 0;
  const expandLeft = selectLeft + (selection ? SELECT_WIDTH : 0);
  const indexLeft = expandLeft + (expand ? EXPAND_WIDTH : 0);
  const firstLeft = indexLeft + (showIndex ? INDEX_WIDTH : 0);
  /**
   * Classes and style of a cell of the column at `position` among the
   * visible ones: the last one when it stays in view. The leading cells and
   * their headers are pinned by the table's `data-lead` (app/app.css), not
   * one by one.
   */
  const pin = (position: number): Pinned =>
    position === visible.length - 1 && stickyEnd ? PINNED_END : NOT_PINNED;
  const leadLefts = [
    ...(selection ? [selectLeft] : []),
    ...(expand ? [expandLeft] : []),
    ...(showIndex ? [indexLeft] : []),
    firstLeft,
  ];
  const leadStyle = stickyStart ? leadStyleOf(leadLefts) : undefined;
  // The address's query, read once for the headers' sort links (each link copies it).
  const sortQuery =
    sort && visible.some((column) => column.sortable) ? new URLSearchParams(location.search) : null;
  // Worked out once per column, not per cell; padding and alignment come from the table's `data-cells`.
  const bodyCells = visible.map((column, position) => {
    const pinned = pin(position);
    const className = [
      column.align === "right" ? "cell-num" : column.align === "center" ? "text-center" : "",
      column.className ?? "",
      pinned.className,
    ]
      .filter(Boolean)
      .join(" ");
    return { column, className: className || undefined, style: pinned.style };
  });
  const visibleKeys = keepRows ? visible.map((column) => column.key).join(",") : "";
  /** A row of the table, and its detail under it when it is open. */
  const drawRow = (row: Row, index: number) => {
    const key = rowKey(row);
    const detailId = `${id}-detail-${index}`;
    const open = expand !== undefined && opened.has(key);
    return (
      <Fragment key={key}>
        <tr data-row-key={key}>
          {selection ? (
            <td>
              <input
                type="checkbox"
                name={selection.name}
                value={key}
                form={selection.form}
                aria-label={selection.label(key)}
                data-select=""
                defaultChecked={locked || selection.selected.has(key)}
                disabled={locked}
                onChange={() => selection.onChange(readChecked())}
              />
            </td>
          ) : null}
          {expand ? (
            <td className="cell-toggle">
              {hydrated ? (
                <label className={EXPAND_CONTROL}>
                  <input
                    type="checkbox"
                    className="sr-only row-expand"
                    aria-label={expand.label(row)}
                    aria-controls={open ? detailId : undefined}
                    checked={open}
                    onChange={() => toggleOpened(key)}
                  />
                </label>
              ) : (
                // Without JavaScript the list comes again with this row opened (or closed);
                // a plain link: once the page runs it is the checkbox above. Its chevron is its class's.
                // biome-ignore lint/a11y/useAnchorContent: named by its aria-label, the chevron drawn by CSS
                <a
                  href={`${toggleHref?.(key)}#${detailId}`}
                  className={EXPAND_CONTROL}
                  aria-label={expand.label(row)}
                  aria-expanded={open}
                />
              )}
            </td>
          ) : null}
          {showIndex ? (
            <td className="cell-num text-gray-500">{formatCount(offset + index + 1, locale)}</td>
          ) : null}
          {bodyCells.map(({ column, className, style }) => (
            <td key={column.key} className={className} style={style}>
              {column.cell(row, index)}
            </td>
          ))}
        </tr>
        {expand && open ? (
          <tr
            id={detailId}
            // Reached by its anchor without JavaScript: the row it belongs to stays in view above it.
            className="scroll-mt-16 bg-gray-50"
            data-testid={`${id}-detail`}
          >
            <td colSpan={span} className="p-0">
              {/* As wide as the visible box and pinned to its left edge: a wide table scrolls, the detail stays. */}
              <div className="sticky left-0 w-[100cqw] px-4 py-3">{expand.render(row)}</div>
            </td>
          </tr>
        ) : null}
      </Fragment>
    );
  };
  // On the server, a table that keeps its rows writes them as HTML kept per
  // page; the browser draws the same rows as elements, which hydrate against it.
  // The page's key: an address shown for the first time draws its rows as
  // elements, and only an address asked for again keeps them (a list seen
  // once would only fill the server's memory).
  const pageKey = keepRows
    ? `${id}|${locale}|${location.pathname}${location.search}|${visibleKeys}`
    : "";
  // A long address (a selection of hundreds of orders) is drawn as elements:
  // the kept pages' keys stay bounded.
  // (A build-time constant first: the browser's bundle leaves the kept pages' code out.)
  const page =
    import.meta.env.SSR &&
    keepRows &&
    !error &&
    rows.length > 0 &&
    pageKey.length <= MAX_KEPT_PAGE_KEY &&
    writesKeptMarkup()
      ? keptPageOf(pageKey, rows.length)
      : null;
  const again = page !== null && page.times > 1;
  const rowsHtml =
    again && keepRows
      ? keptRowsHtml(page, rows, drawRow, (row, index) => {
          const key = rowKey(row);
          // An open row's detail is the page's own components: the rows are drawn as elements.
          if (expand && opened.has(key)) return null;
          // Its box: checked and fixed (every matching row chosen), checked, or not.
          const box = locked ? 2 : selection?.selected.has(key) ? 1 : 0;
          return { box, number: offset + index, key, shown: keepRows(row) };
        })
      : null;
  // The header row, made only where it is drawn as elements or written once
  // as the kept HTML of a page asked for again (its columns, language and
  // address are the page key's; its box shows whether every row of the page
  // is chosen).
  const drawHead = () => (
    <tr className="bg-gray-50">
      {selection ? (
        <th scope="col" className="w-9 min-w-9">
          {/* Selecting the whole page needs JavaScript; without it the box is left out. */}
          <input
            hidden={!hydrated}
            type="checkbox"
            className="size-4 accent-brand-600"
            aria-label={t("table.selectPage")}
            checked={keys.length > 0 && checkedOnPage === keys.length}
            ref={(input) => {
              if (input) input.indeterminate = checkedOnPage > 0 && checkedOnPage < keys.length;
            }}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              for (const input of tbody.current?.querySelectorAll<HTMLInputElement>(
                "input[data-select]",
              ) ?? []) {
                input.checked = checked;
              }
              selection.onChange(readChecked());
            }}
            disabled={keys.length === 0 || locked}
          />
        </th>
      ) : null}
      {expand ? (
        <th scope="col" className="w-9 min-w-9 px-1.5">
          <span className="sr-only">{t("table.expand")}</span>
        </th>
      ) : null}
      {showIndex ? (
        <th scope="col" className="w-14 min-w-14 text-right whitespace-nowrap">
          {t("table.index")}
        </th>
      ) : null}
      {visible.map((column, position) => {
        const pinned = pin(position);
        const active = sort?.field === column.key;
        const order = active ? (sort?.order ?? "desc") : undefined;
        return (
          <th
            key={column.key}
            scope="col"
            aria-sort={order === "asc" ? "ascending" : order === "desc" ? "descending" : undefined}
            // Padding, wrapping and left alignment come from the table's `data-cells`.
            className={joinClasses(ALIGN[column.align ?? "left"], pinned.className)}
            style={pinned.style}
          >
            {column.sortable && sort && sortQuery ? (
              // A link: sorting works without JavaScript and stays in the URL.
              <a
                href={listHref(location.pathname, sortQuery, {
                  sortField: column.key,
                  sortOrder: order === "desc" ? "asc" : "desc",
                  current: null,
                })}
                title={t("table.sortBy", { column: column.header })}
                className={`inline-flex items-center gap-1 hover:text-brand-700 ${column.align === "right" ? "justify-end" : ""}`}
                data-testid={`sort-${column.key}`}
              >
                {column.header}
                <span aria-hidden="true" className={active ? "text-brand-700" : "text-gray-300"}>
                  {order === "asc" ? "▲" : "▼"}
                </span>
              </a>
            ) : (
              column.header
            )}
          </th>
        );
      })}
    </tr>
  );
  const headText = `${keys.length}|${checkedOnPage}|${locked ? 1 : 0}|${sort?.field}|${sort?.order}`;
  let headHtml: string | null = null;
  if (again) {
    if (page.head?.text !== headText) {
      page.head = { text: headText, html: keptMarkupOf(drawHead()) ?? "" };
    }
    headHtml = page.head.html;
  }
  // The paging bar of a page asked for again is kept beside its rows.
  const keepPaging = again
    ? (text: string, parts: ReactNode) => {
        if (page.paging?.text !== text) {
          page.paging = { text, html: keptMarkupOf(parts) ?? "" };
        }
        return page.paging.html;
      }
    : undefined;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the clicks of the links inside, which the keyboard reaches
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link is a click
    <div
      data-testid={id}
      // After a new query on the same page, focus moves here (see RouteAnnouncer).
      data-results
      data-results-summary={t("table.total", {
        count: pagination.total,
        total: formatCount(pagination.total, locale),
      })}
      className="outline-none"
      onClick={followLink}
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">{toolbar}</div>
        <ColumnMenu
          table={id}
          columns={columns}
          hidden={hidden}
          onChange={setHidden}
          saving={savingColumns}
        />
      </div>
      {/* Scrolls sideways when the table is wider than its box: focusable, so the keyboard can scroll it. */}
      <ScrollBox
        label={label}
        className="@container rounded-lg border border-gray-200 focus-visible:outline-offset-2"
        testId={`${id}-region`}
      >
        <table
          className="data-cells min-w-full divide-y divide-gray-200 bg-white text-sm"
          data-lead={stickyStart ? leadLefts.length : undefined}
          style={leadStyle}
        >
          <thead
            className="text-xs font-medium text-gray-600"
            {...keptOrDrawn(headHtml, drawHead)}
          />
          <tbody
            ref={tbody}
            className="divide-y divide-gray-100"
            {...keptOrDrawn(rowsHtml, () =>
              error ? (
                <tr>
                  <td colSpan={span} className="px-3 py-10 text-center">
                    <p role="alert" className="text-sm text-red-700" data-testid={`${id}-error`}>
                      {error}
                    </p>
                  </td>
                </tr>
              ) : rows.length === 0 ? (
                <tr>
                  <td
                    colSpan={span}
                    className="px-3 py-10 text-center text-sm text-gray-500"
                    data-testid={`${id}-empty`}
                  >
                    {emptyText ?? t("common.empty")}
                  </td>
                </tr>
              ) : (
                rows.map(drawRow)
              ),
            )}
          />
        </table>
      </ScrollBox>
      <PagingBar
        pagination={pagination}
        pageSizes={pageSizes}
        id={`${id}-paging`}
        keep={keepPaging}
      />
    </div>
  );
}

/**
 * The leading columns' offsets as the table's custom properties
 * (`--lead-1: 0px; …`). A table has one of a handful of sets (which of the
 * selection, toggle and index columns it has): each is made once and kept,
 * not built again, property by property, for every render.
 */
function leadStyleOf(lefts: readonly number[]): CSSProperties {
  return leadStyles(
    lefts.join(","),
    () =>
      Object.fromEntries(
        lefts.map((left, index) => [`--lead-${index + 1}`, `${left}px`]),
      ) as CSSProperties,
  );
}
/** A table has a few lead columns of fixed widths: a handful of styles in all. */
const leadStyles = keptBy<CSSProperties>(64);

/** A part of a kept page as HTML, and the text of what it shows, which it was written for. */
interface KeptHtml {
  text: string;
  html: string;
}

/** What a row's cells show of it: plain values by name (`keepRows`). */
export type ShownFields = Readonly<Record<string, string | number | boolean | null>>;

/** What a kept row's HTML shows besides its page's key. */
interface RowState {
  /** Its box: 0 unchecked, 1 checked, 2 checked and fixed (every matching row chosen). */
  box: number;
  /** Its number on the list, from 0. */
  number: number;
  key: string;
  shown: ShownFields;
}

/** A kept row: its HTML and what it was written for. */
interface KeptRow extends RowState {
  html: string;
}

/** Whether a kept row was written for `state`: the same box, number, key and fields. */
function writtenFor(kept: KeptRow, state: RowState): boolean {
  if (kept.box !== state.box || kept.number !== state.number || kept.key !== state.key) {
    return false;
  }
  let fields = 0;
  for (const name in state.shown) {
    if (kept.shown[name] !== state.shown[name]) return false;
    fields += 1;
  }
  for (const _name in kept.shown) fields -= 1;
  return fields === 0;
}

/**
 * What the server keeps of a page of a table that keeps its rows
 * (docs/decisions/2026-11-27-kept-table-pages.md), under the page's key (the
 * table, the language, the address, the shown columns): how often it was
 * asked for, and once asked for again, each row's HTML in its place and the
 * paging bar's, each with the text of what it shows.
 */
interface KeptPage {
  times: number;
  rows: (KeptRow | undefined)[];
  /** The rows' HTML as one string, as last written: the same rows again are not joined again. */
  joined: string | undefined;
  paging: KeptHtml | undefined;
  /** The table's header row: its text is what the row shows besides the page key's. */
  head: KeptHtml | undefined;
}

/** The pages seen lately: at most `MAX_KEPT_PAGES`, holding at most `MAX_KEPT_ROWS` rows. */
const keptPages = new Map<string, KeptPage>();
let keptRowCount = 0;
const MAX_KEPT_PAGES = 1000;
/** A page of a few dozen rows, in both languages, on the addresses seen lately. */
const MAX_KEPT_ROWS = 2000;
/**
 * The longest page key whose rows are kept: 1,000 keys of at most this much
 * stay a megabyte, where an address of 64 KB (the headers' bound) would make
 * them sixty.
 */
export const MAX_KEPT_PAGE_KEY = 1024;

/**
 * The kept page of `pageKey`, counted as asked for once more. When the pages
 * kept reach their bound, or the rows they hold could pass theirs with this
 * page's `rows`, every page is dropped and counting starts again.
 */
function keptPageOf(pageKey: string, rows: number): KeptPage {
  let page = keptPages.get(pageKey);
  if (page === undefined) {
    if (keptPages.size >= MAX_KEPT_PAGES) forgetKeptPages();
    page = { times: 0, rows: [], joined: undefined, paging: undefined, head: undefined };
    keptPages.set(pageKey, page);
  }
  if (keptRowCount + Math.max(0, rows - page.rows.length) > MAX_KEPT_ROWS) {
    forgetKeptPages();
    keptPages.set(pageKey, page);
    keptRowCount = page.rows.length;
  }
  page.times += 1;
  return page;
}

function forgetKeptPages(): void {
  keptPages.clear();
  keptRowCount = 0;
}

/**
 * The HTML of a page's rows, each row's written once for its state and kept
 * in its place on the page, or null when a row of the page is not to be
 * kept (its state is null): then the rows are drawn as elements. A row's
 * state names, besides the page's key, everything its HTML shows: whether
 * its box is checked, its number (its detail's id is its place), its key
 * and what the caller's cells show of it.
 */
function keptRowsHtml<Row>(
  page: KeptPage,
  rows: readonly Row[],
  draw: (row: Row, index: number) => ReactNode,
  stateOf: (row: Row, index: number) => RowState | null,
): string | null {
  const states: RowState[] = [];
  for (let index = 0; index < rows.length; index += 1) {
    const state = stateOf(rows[index] as Row, index);
    if (state === null) return null;
    states.push(state);
  }
  let changed = rows.length !== page.rows.length;
  for (let index = 0; index < rows.length; index += 1) {
    const state = states[index] as RowState;
    const kept = page.rows[index];
    if (kept === undefined || !writtenFor(kept, state)) {
      if (kept === undefined) keptRowCount += 1;
      // A copy of the fields: what the HTML was written for stays as it was.
      const html = keptMarkupOf(draw(rows[index] as Row, index)) ?? "";
      page.rows[index] = { ...state, shown: { ...state.shown }, html };
      changed = true;
    }
  }
  // Joined once: a page's ten rows made one string again would be some 8 KB a page.
  if (changed || page.joined === undefined) {
    // Rows past the page's end now (a shorter page at the same address) are dropped.
    keptRowCount -= Math.max(0, page.rows.length - rows.length);
    page.rows.length = rows.length;
    page.joined = page.rows.map((row) => row?.html ?? "").join("");
  }
  return page.joined;
}

/** The address's rows whose detail is open: `?open=<key>`, one per row. */
export const OPEN_PARAM = "open";
/**
 * app/app.css: the same class list on every row's toggle, written once; it
 * draws the chevron too, turned by the toggle's state (closed points right, open down).
 */
const EXPAND_CONTROL = "row-toggle";

/**
 * The rows whose detail is open, drawn only then (a page of orders would
 * otherwise draw every order's lines and history hidden). They start from `?open=`,
 * which is how a row opens without JavaScript; after that a click toggles
 * them in the browser.
 */
function useOpenedRows(location: Location): [ReadonlySet<string>, (key: string) => void] {
  const fromUrl = new URLSearchParams(location.search).getAll(OPEN_PARAM).join("\n");
  const [state, setState] = useState(() => ({ fromUrl, opened: keySet(fromUrl) }));
  // A new `?open=` (a link followed) replaces what was toggled.
  if (state.fromUrl !== fromUrl) setState({ fromUrl, opened: keySet(fromUrl) });
  const toggle = (key: string) =>
    setState((current) => {
      const opened = new Set(current.opened);
      if (!opened.delete(key)) opened.add(key);
      return { ...current, opened };
    });
  return [state.opened, toggle];
}

function keySet(joined: string): ReadonlySet<string> {
  return new Set(joined ? joined.split("\n") : []);
}

/**
 * The same list with the detail of a row opened, or closed if it is open:
 * the address's query is read once, and each row's link is that query with
 * the row's key added (or taken out), written as `URLSearchParams` would.
 */
export function openedRowsHrefs(location: Pick<Location, "pathname" | "search">) {
  const params = new URLSearchParams(location.search);
  // A change's result is shown once, not again with every opened row.
  params.delete(RESULT_PARAM);
  const keys = params.getAll(OPEN_PARAM);
  params.delete(OPEN_PARAM);
  const rest = params.toString();
  const openPairs = keys.map(openPair);
  return (key: string): string => {
    const pairs = keys.includes(key)
      ? openPairs.filter((_pair, index) => keys[index] !== key)
      : [...openPairs, openPair(key)];
    const search = [rest, ...pairs].filter(Boolean).join("&");
    return hrefWithSearch(location.pathname, search);
  };
}

/** What `URLSearchParams` leaves as it is in a value (application/x-www-form-urlencoded). */
const FORM_SAFE = /^[A-Za-z0-9*._-]*$/;

/** `open=<key>`, encoded as `URLSearchParams` encodes it. */
function openPair(key: string): string {
  return FORM_SAFE.test(key)
    ? `${OPEN_PARAM}=${key}`
    : new URLSearchParams([[OPEN_PARAM, key]]).toString();
}

/**
 * Column keys hidden in this table: the choice the loader read (kept per
 * account for the lists of saved views, ~/contract/list-names.ts), or the
 * cookie's for other tables, else the defaults.
 */
function useHiddenColumns(
  id: string,
  defaults: readonly string[],
  chosen: readonly string[] | null,
): [string[], (next: string[]) => void, boolean] {
  const [hidden, setHidden] = useState<string[]>([...(chosen ?? defaults)]);
  const defaultsKey = defaults.join(",");
  const keptByAccount = isSavedViewList(id);
  const chosenKey = chosen?.join(",") ?? null;
  const fetcher = useFetcher({ key: `table-columns-${id}` });
  const location = useLocation();
  useEffect(() => {
    const fallback = defaultsKey ? defaultsKey.split(",") : [];
    if (keptByAccount) {
      setHidden(chosenKey === null ? fallback : chosenKey.split(",").filter(Boolean));
      return;
    }
    // The cookie also holds choices of pages whose loader does not read it.
    const stored = hiddenColumnsOf(readCookie(document.cookie, TABLE_COLUMNS_COOKIE), id);
    setHidden(stored ?? fallback);
  }, [id, defaultsKey, keptByAccount, chosenKey]);
  return [
    hidden,
    (next) => {
      setHidden(next);
      if (keptByAccount) {
        const form = new FormData();
        form.set("table", id);
        form.set("back", `${location.pathname}${location.search}`);
        form.set("quiet", "1");
        for (const key of next) form.append("column", key);
        void fetcher.submit(form, { method: "post", action: TABLE_COLUMNS_PATH });
        return;
      }
      const value = withHiddenColumns(readCookie(document.cookie, TABLE_COLUMNS_COOKIE), id, next);
      const secure = window.location.protocol === "https:";
      // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads for the first paint
      document.cookie = plainCookie(TABLE_COLUMNS_COOKIE, value, { secure });
    },
    // A choice kept by the account is on its way until the post is answered.
    fetcher.state !== "idle",
  ];
}

/** The query parameter naming the table whose column form the address opens in place. */
const COLUMNS_PARAM = "columns";

/**
 * The address that opens the column form of table `table` in place (the
 * column menu without JavaScript); with `null`, the same list without it.
 */
function columnFormHref(location: Location, table: string | null): string {
  const params = new URLSearchParams(location.search);
  params.delete(COLUMNS_PARAM);
  params.delete(RESULT_PARAM);
  if (table) params.set(COLUMNS_PARAM, table);
  return hrefWithQuery(location.pathname, params);
}

/**
 * Shows or hides columns. With JavaScript a popover that applies each change
 * at once, its lines drawn when it opens; before JavaScript runs, or without
 * it, a link to the list's address with the column form in place
 * (`?columns=<table>`), a form post that keeps the choice. The first paint
 * carries only the button.
 */
function ColumnMenu<Row>({
  table,
  columns,
  hidden,
  onChange,
  saving,
}: {
  table: string;
  columns: readonly Column<Row>[];
  hidden: string[];
  onChange: (next: string[]) => void;
  /** The last change is still on its way to the account. */
  saving: boolean;
}) {
  const { t } = useTranslation();
  const menuReady = useMenusReady();
  const location = useLocation();
  const optional = columns.filter((column) => !column.fixed);
  const inPlace = new URLSearchParams(location.search).get(COLUMNS_PARAM) === table;
  if (inPlace) {
    const back = columnFormHref(location, null);
    // Drawn as the menu opened: its button (a link that closes it) and the form below.
    return (
      <div className="relative ml-auto">
        <Link to={back} className="btn-secondary h-8 px-3" aria-expanded="true">
          {t("table.columns")}
        </Link>
        <form
          method="post"
          action={TABLE_COLUMNS_PATH}
          className="absolute right-0 z-30 mt-1 w-56 rounded-md border border-gray-200 bg-white p-2 shadow-lg"
          data-testid="column-form"
        >
          <input type="hidden" name="table" value={table} />
          <input type="hidden" name="back" value={back} />
          <fieldset>
            <legend className="px-1 pb-1 text-xs font-medium text-gray-500">
              {t("table.showColumns")}
            </legend>
            {optional.map((column) => (
              <label key={column.key} className="menu-check">
                <input type="hidden" name="column" value={column.key} />
                <input
                  type="checkbox"
                  name="show"
                  value={column.key}
                  defaultChecked={!hidden.includes(column.key)}
                />
                {column.header}
              </label>
            ))}
          </fieldset>
          <div className="mt-2 flex gap-2">
            <Link to={back} className="btn-secondary h-8 flex-1">
              {t("common.cancel")}
            </Link>
            <button type="submit" className="btn-primary h-8 flex-1">
              {t("table.apply")}
            </button>
          </div>
        </form>
      </div>
    );
  }
  if (!menuReady) {
    // Until the page runs its JavaScript and the menu's code: a plain link, no `<Link>` hooks.
    return (
      <a
        href={columnFormHref(location, table)}
        className="btn-secondary ml-auto h-8 px-3"
        // Another id than the menu's: tests know a page runs by the menu's.
        data-testid="column-menu-link"
      >
        {t("table.columns")}
      </a>
    );
  }
  return (
    <Popover className="relative ml-auto">
      <PopoverButton
        className="btn-secondary h-8 px-3"
        aria-busy={saving || undefined}
        data-testid="column-menu"
      >
        {t("table.columns")}
      </PopoverButton>
      <PopoverPanel
        className="absolute top-full right-0 z-30 mt-1 w-56 rounded-md border border-gray-200 bg-white p-2 shadow-lg"
        data-testid="column-menu-panel"
      >
        <fieldset>
          <legend className="px-1 pb-1 text-xs font-medium text-gray-500">
            {t("table.showColumns")}
          </legend>
          {optional.map((column) => (
            <label key={column.key} className="menu-check">
              <input
                type="checkbox"
                checked={!hidden.includes(column.key)}
                onChange={(event) =>
                  onChange(
                    event.currentTarget.checked
                      ? hidden.filter((key) => key !== column.key)
                      : [...hidden, column.key],
                  )
                }
              />
              {column.header}
            </label>
          ))}
        </fieldset>
      </PopoverPanel>
    </Popover>
  );
}

/**
 * A date and time ("2026-10-31 12:34:56") that breaks between the two parts
 * only, never inside them, when its column must be narrow.
 */
export function DateTime({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  // One class on the pair keeps each part on one line (app/app.css, `date-time`).
  return (
    <span className="date-time">
      <DateTimeParts value={value} />
    </span>
  );
}

/**
 * The classes of a column of `DateTimeParts` cells: the cell keeps each part
 * on one line itself, with figures of equal width (no wrapper in every cell).
 */
export const DATE_TIME_CELL = "date-time tabular-nums";

/** The two parts of a date and time, for a `date-time` element (`DATE_TIME_CELL`). */
export function DateTimeParts({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  // Split at the first space (what `split(" ")` and a `join(" ")` of the rest
  // gave), without the two arrays: a list page draws a date in every row.
  const space = value.indexOf(" ");
  return (
    <>
      <span>{space < 0 ? value : value.slice(0, space)}</span>
      {space >= 0 ? (
        <>
          {" "}
          <span>{value.slice(space + 1)}</span>
        </>
      ) : null}
    </>
  );
}
