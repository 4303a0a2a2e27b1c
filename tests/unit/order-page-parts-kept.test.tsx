import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  dropKeptParts,
  keepMarkupWith,
  MAX_KEPT_PART_KEY,
  MAX_KEPT_PARTS,
} from "~/components/kept-markup.ts";
import type { Locale } from "~/locales/index.ts";
import { readOrderFilters } from "~/routes/order/order-filters.server.ts";
import { type OrderActionData, type ShownOrder, withRowsText } from "~/routes/order/order-view.ts";
import { sentRangeView, shownRows } from "~/routes/order/orders.server.ts";
import OrdersPage from "~/routes/order/orders.tsx";
import { RequestI18n } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { translatorOf } from "~/utils/request-context.server.ts";
import { keptOrder } from "../support/kept-orders.ts";

/**
 * The order page's filters panel and operations' block are written once as
 * HTML on the server for a page asked for again and kept
 * (docs/decisions/2026-11-27-kept-page-parts.md); the browser draws them as
 * elements, which hydrate against that HTML. Both ways must write the same
 * page, whatever the address, language, filters, selection and answers.
 */

const ORDERS = Array.from({ length: 6 }, (_, n) => keptOrder(n + 1));
const FIRST = ORDERS[0]?.orderNo ?? "";
const THIRD = ORDERS[2]?.orderNo ?? "";

interface PageOf {
  path: string;
  locale: Locale;
  /** The account has a default view of the list. */
  hasDefault?: boolean;
  today?: string;
  /** The answer of a post without JavaScript. */
  posted?: OrderActionData;
  /** A long selection kept by the server: its id's numbers. */
  keptSelection?: { id: string; orderNos: string[] };
  /**
   * The page's submission key: a new one for every page, as the loader
   * makes (none of the kept parts shows it), unless a form in the page that
   * shows it is compared (an upload in place).
   */
  submissionKey?: string;
}

let submissions = 0;

/** The page as React Router's server render draws it, with the loader's data for `path`. */
function pageAt({
  path,
  locale,
  hasDefault = false,
  today = "2026-11-27",
  posted,
  keptSelection,
  submissionKey,
}: PageOf): string {
  const i18n = translatorOf(locale);
  const url = new URL(path, "http://portal.test");
  const reading = readOrderFilters(url.searchParams);
  const rangeFilters = sentRangeView(reading.view);
  // A new key every page, as the loader makes: none of the kept parts shows it.
  submissions += 1;
  const loaderData = withRowsText(
    {
      ...(Object.keys(reading.filters).length > 0 ? { filters: reading.filters } : {}),
      ...(rangeFilters ? { rangeFilters } : {}),
      ...(reading.entries.length > 0 ? { filterEntries: reading.entries } : {}),
      ...(reading.ignored.length > 0 ? { ignoredFilters: reading.ignored } : {}),
      ...(keptSelection ? { keptSelection } : {}),
      submissionKey: submissionKey ?? `submission-${submissions}`,
      pagination: { current: 1, pageSize: 10, total: 1234 },
      amountTotal: "¥1,234.00",
      today,
      views: {
        list: "orders" as const,
        views: [],
        ...(hasDefault ? { hasDefault: true as const } : {}),
        submissionKey: `views-${submissions}`,
      },
    },
    shownRows(ORDERS, null, { locale }) as ShownOrder[],
  );
  const props = {
    loaderData,
    actionData: posted,
    params: {},
    matches: [],
  } as unknown as Parameters<typeof OrdersPage>[0];
  const router = createMemoryRouter([{ path: "*", element: <OrdersPage {...props} /> }], {
    initialEntries: [localizePath(path, locale)],
  });
  return renderToString(
    <RequestI18n value={i18n}>
      <RouterProvider router={router} />
    </RequestI18n>,
  );
}

/** The kept parts written so far, by what each starts with. */
interface Written {
  filters: number;
  operations: number;
}

function countWrites(written: Written): void {
  keepMarkupWith((node) => {
    const html = renderToString(node);
    if (html.startsWith('<form id="order-ops"')) written.operations += 1;
    else if (/^(<p role="status".*?<\/p>)?<form class="mb-4[^>]*method="get"/.test(html))
      written.filters += 1;
    return html;
  });
}

/** Both ways: drawn as elements (the browser), then as the server writes it, kept. */
function bothWays(of: PageOf): { drawn: string; kept: string; written: Written } {
  dropKeptParts();
  keepMarkupWith(null);
  const drawn = pageAt(of);
  const written = { filters: 0, operations: 0 };
  countWrites(written);
  // An address shown for the first time draws its parts as elements.
  expect(pageAt(of), `${JSON.stringify(of)} first`).toBe(drawn);
  expect(written, `${JSON.stringify(of)} first`).toEqual({ filters: 0, operations: 0 });
  const kept = pageAt(of);
  return { drawn, kept, written };
}

const between = (html: string, from: string, to: string) =>
  html.slice(html.indexOf(from), html.indexOf(to, html.indexOf(from)));

describe("the order page's filters and operations written once as HTML", () => {
  beforeEach(() => dropKeptParts());
  afterEach(() => {
    keepMarkupWith(null);
    dropKeptParts();
  });

  it("are the HTML React writes for their elements, in every state of the page", () => {
    const states: { state: Omit<PageOf, "locale">; operations: boolean }[] = [
      { state: { path: "/order/" }, operations: true },
      { state: { path: "/order/?current=2&pageSize=20" }, operations: true },
      { state: { path: "/order/?sortField=createdOn&sortOrder=asc" }, operations: true },
      // Text filters, statuses (their choices drawn), ranges (drawn, with the day's shortcuts).
      {
        state: { path: "/order/?consignee=%E6%9E%97&orderNo=DD&cbaStatus=1&cbaStatus=3" },
        operations: true,
      },
      { state: { path: "/order/?filters=status" }, operations: true },
      { state: { path: "/order/?filters=more" }, operations: true },
      {
        state: { path: "/order/?createdFrom=2026-11-01&createdTo=2026-11-20&paidMin=1&paidMax=2" },
        operations: true,
      },
      // Filters not applied: the notice says which.
      {
        state: { path: "/order/?paidMin=abc&cbaStatus=99&createdFrom=2026-13-40" },
        operations: true,
      },
      { state: { path: "/order/?consignee=%3Cb%3E%22%26%27" }, operations: true },
      // A list with a default view: "no filters" is another address.
      { state: { path: "/order/?view=none", hasDefault: true }, operations: true },
      { state: { path: "/order/?consignee=x", hasDefault: true }, operations: true },
      // Orders chosen, on this page and others; every matching one.
      { state: { path: `/order/?sel=${FIRST}` }, operations: true },
      { state: { path: `/order/?sel=${FIRST},DD999,DD998` }, operations: true },
      { state: { path: "/order/?all=1" }, operations: true },
      // A row opened: the table draws its rows as elements; the parts are kept.
      { state: { path: `/order/?open=${THIRD}` }, operations: true },
      { state: { path: `/order/?open=${THIRD}&consignee=%E6%9E%97` }, operations: true },
      // An upload's own address, and an operation's question: the block is drawn.
      { state: { path: "/order/?op=import", submissionKey: "k" }, operations: false },
      { state: { path: "/order/?op=stockIn&scan=DD1" }, operations: false },
      // An answer of a post without JavaScript: the block is drawn.
      {
        state: {
          path: "/order/",
          posted: {
            stage: "error",
            intent: "stockIn",
            pending: null,
            reply: { status: "error", error: { stockInNo: ["logistics.order.scanBlank"] } },
          } as OrderActionData,
        },
        operations: false,
      },
    ];
    for (const locale of ["zh", "en"] as const) {
      for (const { state, operations } of states) {
        const of = { ...state, locale };
        const { drawn, kept, written } = bothWays(of);
        expect(kept, `${locale} ${JSON.stringify(state)}`).toBe(drawn);
        expect(written, `${locale} ${JSON.stringify(state)}`).toEqual({
          filters: 1,
          operations: operations ? 1 : 0,
        });
        // Again, from what was kept: nothing written.
        expect(pageAt(of), `${locale} ${JSON.stringify(state)} kept`).toBe(drawn);
        expect(written, `${locale} ${JSON.stringify(state)} kept`).toEqual({
          filters: 1,
          operations: operations ? 1 : 0,
        });
      }
    }
  });

  it("are kept apart for each language, address, default view, day and choice elsewhere", () => {
    const written = { filters: 0, operations: 0 };
    const twice = (of: PageOf) => {
      countWrites(written);
      pageAt(of);
      const kept = pageAt(of);
      keepMarkupWith(null);
      expect(kept, JSON.stringify(of)).toBe(pageAt(of));
      return kept;
    };
    const zh = twice({ path: "/order/?filters=more", locale: "zh" });
    const en = twice({ path: "/order/?filters=more", locale: "en" });
    expect(written).toEqual({ filters: 2, operations: 2 });
    expect(between(zh, "<search", "</search>")).not.toBe(between(en, "<search", "</search>"));
    // Another day: the date shortcuts end on it.
    const tomorrow = twice({ path: "/order/?filters=more", locale: "zh", today: "2026-11-28" });
    expect(written.filters).toBe(3);
    expect(between(tomorrow, "<search", "</search>")).not.toBe(between(zh, "<search", "</search>"));
    // A default view: the reset leads to `view=none`.
    const viewed = twice({ path: "/order/?filters=more", locale: "zh", hasDefault: true });
    expect(written.filters).toBe(4);
    expect(between(viewed, "<search", "</search>")).toContain("view=none");
    // A kept selection's orders on other pages post with the block's form.
    const id = "kept-0001";
    const one = twice({
      path: `/order/?sel=*${id}`,
      locale: "zh",
      keptSelection: { id, orderNos: [FIRST, "DD777"] },
    });
    const other = twice({
      path: `/order/?sel=*${id}`,
      locale: "zh",
      keptSelection: { id, orderNos: [FIRST, "DD888"] },
    });
    expect(between(one, '<form id="order-ops"', "</form>")).toContain('value="DD777"');
    expect(between(other, '<form id="order-ops"', "</form>")).toContain('value="DD888"');
    expect(between(other, '<form id="order-ops"', "</form>")).not.toContain('value="DD777"');
  });

  it("keep nothing for a long address, and at most their bound", () => {
    const written = { filters: 0, operations: 0 };
    countWrites(written);
    const long = `/order/?consignee=${"x".repeat(MAX_KEPT_PART_KEY)}`;
    const first = pageAt({ path: long, locale: "zh" });
    expect(pageAt({ path: long, locale: "zh" })).toBe(first);
    expect(written).toEqual({ filters: 0, operations: 0 });
    // Past the bound, every part is dropped: an address kept before is written again.
    pageAt({ path: "/order/?consignee=a", locale: "zh" });
    pageAt({ path: "/order/?consignee=a", locale: "zh" });
    expect(written).toEqual({ filters: 1, operations: 1 });
    // Each address seen once counts one part of each name (its filters, its operations).
    countWrites({ filters: 0, operations: 0 });
    for (let n = 0; n < MAX_KEPT_PARTS; n += 1) {
      pageAt({ path: `/order/?consignee=${n}`, locale: "zh" });
    }
    countWrites(written);
    pageAt({ path: "/order/?consignee=a", locale: "zh" });
    pageAt({ path: "/order/?consignee=a", locale: "zh" });
    expect(written).toEqual({ filters: 2, operations: 2 });
  });
});
