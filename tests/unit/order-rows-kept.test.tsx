import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { keepMarkupWith } from "~/components/kept-markup.ts";
import { MAX_KEPT_PAGE_KEY, PagedTable } from "~/components/paged-table.tsx";
import { type Order, OrderStatus, type Pagination } from "~/contract/index.ts";
import type { Locale } from "~/locales/index.ts";
import { useOrderColumns } from "~/routes/order/order-columns.tsx";
import type { ShownOrder } from "~/routes/order/order-view.ts";
import { shownRows } from "~/routes/order/orders.server.ts";
import { RequestI18n, useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { translatorOf } from "~/utils/request-context.server.ts";
import { keptOrder } from "../support/kept-orders.ts";

/**
 * The order list's rows and its paging bar are written once as HTML on the
 * server and kept with their page (docs/decisions/2026-11-27-kept-order-rows.md,
 * docs/decisions/2026-11-27-kept-table-pages.md); the browser draws them as
 * elements, which hydrate against that HTML. Both ways must write the same
 * HTML, whatever the rows, language, address, columns, row states and
 * paging, and whichever pages were drawn before.
 */

const ORDERS = Array.from({ length: 12 }, (_, n) => keptOrder(n + 1));

interface TableOf {
  path: string;
  locale: Locale;
  orders?: readonly Order[];
  hidden?: readonly string[] | null;
  selected?: readonly string[];
  all?: boolean;
  pagination?: Pagination;
  pageSizes?: readonly number[];
}

const PAGINATION: Pagination = { current: 2, pageSize: 20, total: 1234 };

function OrderTable({
  rows,
  hidden,
  selected,
  all,
  pagination,
  pageSizes,
}: {
  rows: ShownOrder[];
  hidden: readonly string[] | null;
  selected: ReadonlySet<string>;
  all: boolean;
  pagination: Pagination;
  pageSizes?: readonly number[];
}) {
  const { t } = useTranslation();
  const columns = useOrderColumns();
  return (
    <PagedTable
      id="orders"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.orderNo}
      keepRows={(row) => row}
      hiddenColumns={hidden}
      pagination={pagination}
      pageSizes={pageSizes}
      sort={{ field: "createdOn", order: "asc" }}
      showIndex
      selection={{
        name: "orderNoList",
        form: "order-ops",
        selected,
        locked: all,
        onChange: () => {},
        label: (orderNo) => t("logistics.order.selectOrder", { orderNo }),
      }}
      expand={{
        label: (row) => t("logistics.order.expandLines", { orderNo: row.orderNo }),
        render: (row) => <p>{row.orderNo}</p>,
      }}
    />
  );
}

function tableAt({
  path,
  locale,
  orders = ORDERS,
  hidden = null,
  selected = [],
  all = false,
  pagination = PAGINATION,
  pageSizes,
}: TableOf) {
  const i18n = translatorOf(locale);
  // The rows as the loader makes them, in the page's language.
  const made = { locale, t: i18n.t };
  const rows = shownRows(orders, hidden, made) as ShownOrder[];
  // A data router: the table's column menu keeps a fetcher.
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <OrderTable
            rows={rows}
            hidden={hidden}
            selected={new Set(selected)}
            all={all}
            pagination={pagination}
            pageSizes={pageSizes}
          />
        ),
      },
    ],
    { initialEntries: [localizePath(path, locale)] },
  );
  return renderToString(
    <RequestI18n value={i18n}>
      <RouterProvider router={router} />
    </RequestI18n>,
  );
}

/** What the server wrote as kept HTML so far: rows and paging bars. */
interface Written {
  rows: number;
  bars: number;
}

/** The table's header rows written as kept HTML, by every `countWrites`. */
let headsWritten = 0;

/** Keeps the server's kept parts written by `renderToString`, counting them in `written`. */
function countWrites(written: Written): void {
  keepMarkupWith((node) => {
    const html = renderToString(node);
    if (html.startsWith('<tr class="bg-gray-50"')) headsWritten += 1;
    else if (html.startsWith("<tr")) written.rows += 1;
    else written.bars += 1;
    return html;
  });
}

/** Both ways: as elements (the browser), then as the server writes it, kept; and what it wrote. */
function bothWays(of: TableOf): { drawn: string; kept: string; written: Written } {
  keepMarkupWith(null);
  const drawn = tableAt(of);
  const written = { rows: 0, bars: 0 };
  countWrites(written);
  // An address shown for the first time draws its rows as elements; asked for again, it keeps them.
  const first = tableAt(of);
  expect(written, JSON.stringify(of)).toEqual({ rows: 0, bars: 0 });
  expect(first).toBe(drawn);
  const kept = tableAt(of);
  return { drawn, kept, written };
}

/** The checkbox of a row. */
const boxOf = (html: string, orderNo: string) =>
  html.match(new RegExp(`<input[^>]*value="${orderNo}"[^>]*>`))?.[0] ?? "";

const tbody = (html: string) => html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>"));

describe("the order list's rows written once as HTML", () => {
  afterEach(() => keepMarkupWith(null));

  it("are the HTML React writes for their elements, in every state of the rows", () => {
    const first = ORDERS[0]?.orderNo ?? "";
    const third = ORDERS[2]?.orderNo ?? "";
    const states: Omit<TableOf, "locale">[] = [
      { path: "/order/" },
      { path: "/order/?current=2&pageSize=20" },
      { path: "/order/?sortField=createdOn&sortOrder=asc&consignee=%E6%9E%97&cbaStatus=1" },
      { path: "/order/", hidden: [] },
      { path: "/order/", hidden: ["consignee", "remark", "createdOn"] },
      { path: `/order/?sel=${first}`, selected: [first] },
      { path: `/order/?sel=${first},${third}`, selected: [first, third] },
      { path: "/order/?all=1", all: true },
      // A row opened: its detail is the page's components, the rows drawn as elements.
      { path: `/order/?open=${third}` },
      { path: "/order/?salverNo=TP2026103100010" },
      // The paging bar: the first page, the last, one page in all, a size not offered.
      { path: "/order/?pageSize=20", pagination: { current: 1, pageSize: 20, total: 1234 } },
      {
        path: "/order/?current=62&pageSize=20&consignee=%E6%9E%97",
        pagination: { current: 62, pageSize: 20, total: 1234 },
      },
      { path: "/order/?orderNo=DD", pagination: { current: 1, pageSize: 10, total: 7 } },
      {
        path: "/order/?pageSize=30",
        pagination: { current: 1, pageSize: 30, total: 95 },
        pageSizes: [10, 20],
      },
    ];
    for (const locale of ["zh", "en"] as const) {
      for (const state of states) {
        const heads = headsWritten;
        const { drawn, kept, written } = bothWays({ ...state, locale });
        expect(kept, `${locale} ${JSON.stringify(state)}`).toBe(drawn);
        // The header row once.
        expect(headsWritten - heads, `${locale} ${JSON.stringify(state)} head`).toBe(1);
        // Every row written as HTML, but with a row opened (then none); the paging bar once.
        expect(written, `${locale} ${JSON.stringify(state)}`).toEqual({
          rows: state.path.includes("open=") ? 0 : ORDERS.length,
          bars: 1,
        });
        // Again, now from what was kept.
        keepMarkupWith(renderToString);
        expect(tableAt({ ...state, locale }), `${locale} ${JSON.stringify(state)} kept`).toBe(
          drawn,
        );
        expect(headsWritten - heads, `${locale} ${JSON.stringify(state)} head kept`).toBe(1);
      }
    }
  });

  it("keep the header row, written again when its box's state changes", () => {
    // An address no other test of this file draws.
    const path = "/order/?consignee=%E5%A4%B4";
    const all = ORDERS.map((o) => o.orderNo);
    const some = all.slice(0, 3);
    const heads = headsWritten;
    for (const selected of [[], [], some, some, all, all, []]) {
      countWrites({ rows: 0, bars: 0 });
      const kept = tableAt({ path, locale: "zh", selected });
      keepMarkupWith(null);
      expect(kept, JSON.stringify(selected)).toBe(tableAt({ path, locale: "zh", selected }));
    }
    // The first showing keeps nothing; then once per change of the box: none, some, all, none.
    expect(headsWritten - heads).toBe(4);
    keepMarkupWith(null);
    expect(tableAt({ path, locale: "zh", selected: all })).toMatch(
      /<th scope="col" class="w-9 min-w-9"><input hidden="" type="checkbox"[^>]*checked=""/,
    );
  });

  it("are written once per row, and again for a row whose shown values changed", () => {
    const counted = { rows: 0, bars: 0 };
    countWrites(counted);
    // An address no other test of this file draws: its rows are not kept yet.
    const path = "/order/?consignee=%E5%86%99";
    const before = tableAt({ path, locale: "zh" });
    // Shown for the first time: drawn as elements; asked for again: each row written once.
    expect(counted.rows).toBe(0);
    expect(tableAt({ path, locale: "zh" })).toBe(before);
    expect(counted.rows).toBe(ORDERS.length);
    expect(tableAt({ path, locale: "zh" })).toBe(before);
    expect(counted.rows).toBe(ORDERS.length);
    // One order's status changed: that row only is written again, and shows it.
    const changed = ORDERS.map((o, n) =>
      n === 4 ? { ...o, cbaStatus: OrderStatus.detained, reasonForDetention: "箱号不符" } : o,
    );
    const after = tableAt({ path, locale: "zh", orders: changed });
    expect(counted.rows).toBe(ORDERS.length + 1);
    expect(tbody(after)).toContain("箱号不符");
    expect(tbody(before)).not.toContain("箱号不符");
    keepMarkupWith(null);
    expect(after).toBe(tableAt({ path, locale: "zh", orders: changed }));
    // The other language, and a row's box checked, are rows of their own.
    countWrites(counted);
    expect(tableAt({ path, locale: "en" })).toBe(tableAt({ path, locale: "en" }));
    const en = tableAt({ path, locale: "en" });
    expect(counted.rows).toBe(2 * ORDERS.length + 1);
    expect(tbody(en)).toContain('href="/en/order/?consignee=');
    expect(tbody(en)).not.toBe(tbody(before));
    const orderNo = ORDERS[1]?.orderNo ?? "";
    const checked = tableAt({ path, locale: "en", selected: [orderNo] });
    expect(counted.rows).toBe(2 * ORDERS.length + 2);
    expect(boxOf(checked, orderNo)).toContain('checked=""');
    expect(boxOf(en, orderNo)).not.toContain('checked=""');
  });

  it("keep the paging bar with the page, written again when what it shows changed", () => {
    const counted = { rows: 0, bars: 0 };
    countWrites(counted);
    // An address no other test of this file draws.
    const path = "/order/?consignee=%E6%A0%8F";
    const before = tableAt({ path, locale: "zh" });
    expect(counted).toEqual({ rows: 0, bars: 0 });
    expect(tableAt({ path, locale: "zh" })).toBe(before);
    expect(tableAt({ path, locale: "zh" })).toBe(before);
    expect(counted).toEqual({ rows: ORDERS.length, bars: 1 });
    // The same address with more matching orders: the bar only is written again, and shows them.
    const more = { ...PAGINATION, total: 4321 };
    const grown = tableAt({ path, locale: "zh", pagination: more });
    expect(counted).toEqual({ rows: ORDERS.length, bars: 2 });
    const bar = (html: string) => html.slice(html.indexOf('data-testid="orders-paging"'));
    expect(bar(grown)).toContain("4,321");
    expect(bar(grown)).toContain('aria-label="第 217 页"');
    expect(bar(before)).not.toContain("4,321");
    keepMarkupWith(null);
    expect(grown).toBe(tableAt({ path, locale: "zh", pagination: more }));
    // Each language has a bar of its own.
    countWrites(counted);
    tableAt({ path, locale: "en" });
    const en = tableAt({ path, locale: "en" });
    expect(counted.bars).toBe(3);
    expect(bar(en)).toContain('href="/en/order/?consignee=%E6%A0%8F&amp;current=3"');
    keepMarkupWith(null);
    expect(en).toBe(tableAt({ path, locale: "en" }));
  });

  it("follow a page that became shorter or longer at the same address", () => {
    const counted = { rows: 0, bars: 0 };
    countWrites(counted);
    const path = "/order/?consignee=%E7%9F%AD";
    tableAt({ path, locale: "zh" });
    tableAt({ path, locale: "zh" });
    expect(counted.rows).toBe(ORDERS.length);
    const fewer = ORDERS.slice(0, 5);
    for (const orders of [fewer, ORDERS, fewer]) {
      const kept = tableAt({ path, locale: "zh", orders });
      keepMarkupWith(null);
      expect(kept).toBe(tableAt({ path, locale: "zh", orders }));
      expect(tbody(kept).split("<tr").length - 1).toBe(orders.length);
      countWrites(counted);
    }
    // The rows dropped from the end were written again when the page grew back, the others not.
    expect(counted.rows).toBe(ORDERS.length + (ORDERS.length - fewer.length));
  });

  it("draw each address's and language's links and headers with the columns kept for them", () => {
    keepMarkupWith(null);
    // Addresses no other test of this file draws, one after the other in the same process.
    const pallet = (html: string) => html.match(/<a href="([^"]*salverNo=[^"]*)"/)?.[1] ?? "";
    const a = tableAt({ path: "/order/?consignee=%E7%94%B2", locale: "zh" });
    const b = tableAt({ path: "/order/?consignee=%E4%B9%99", locale: "zh" });
    const en = tableAt({ path: "/order/?consignee=%E4%B9%99", locale: "en" });
    expect(pallet(a)).toMatch(/^\/order\/\?consignee=%E7%94%B2&amp;salverNo=TP/);
    expect(pallet(b)).toMatch(/^\/order\/\?consignee=%E4%B9%99&amp;salverNo=TP/);
    expect(pallet(en)).toMatch(/^\/en\/order\/\?consignee=%E4%B9%99&amp;salverNo=TP/);
    expect(a).toContain(">订单号</th>");
    expect(en).toContain(">Order No.</th>");
    // Again: the same as the first time.
    expect(tableAt({ path: "/order/?consignee=%E7%94%B2", locale: "zh" })).toBe(a);
    expect(tableAt({ path: "/order/?consignee=%E4%B9%99", locale: "en" })).toBe(en);
  });

  it("are drawn as elements, never kept, on a long address", () => {
    const written = { rows: 0, bars: 0 };
    countWrites(written);
    // A selection of hundreds of orders in the address: every kept key would hold it.
    const many = Array.from({ length: 120 }, (_, n) => `DD2026103100${1000 + n}`);
    const path = `/order/?sel=${many.join(",")}`;
    expect(path.length).toBeGreaterThan(MAX_KEPT_PAGE_KEY);
    const first = tableAt({ path, locale: "zh", selected: many });
    expect(tableAt({ path, locale: "zh", selected: many })).toBe(first);
    expect(tableAt({ path, locale: "zh", selected: many })).toBe(first);
    expect(written).toEqual({ rows: 0, bars: 0 });
    keepMarkupWith(null);
    expect(tableAt({ path, locale: "zh", selected: many })).toBe(first);
  });
});
