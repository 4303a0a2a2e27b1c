import type { FormEvent, ReactNode } from "react";
import { useLocation, useSubmit } from "react-router";
import type { Pagination } from "~/contract/index.ts";
import type { Locale } from "~/locales/index.ts";
import { formatCount } from "~/utils/format.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { listHrefsBy } from "~/utils/list-hrefs.ts";
import { lastPage, PAGE_SIZES, pageWindow, RESULT_PARAM } from "~/utils/list-query.ts";
import { useLinkClicks } from "~/utils/use-link-clicks.ts";
import { keptOrDrawn } from "./kept-markup.ts";

export interface PagingBarProps {
  pagination: Pagination;
  /** Page sizes offered; the shared set unless a list has its own. */
  pageSizes?: readonly number[];
  /** Test id prefix, to tell two bars of a page apart. */
  id?: string;
  /**
   * On the server, where the table keeps a page asked for again: the HTML of
   * the bar's parts, written once for what they show (`text`, besides the
   * page's address and language, which the table's page key holds) and kept.
   */
  keep?: (text: string, parts: ReactNode) => string;
}

/**
 * Total count, page links and page size, all kept in the URL (`current`,
 * `pageSize`; other query values are carried along). Plain links and GET
 * forms: it works without JavaScript; with it, choosing a size submits at once
 * and the page links are followed inside the app (plain anchors, one handler).
 */
export function PagingBar({
  pagination,
  pageSizes = PAGE_SIZES,
  id = "paging",
  keep,
}: PagingBarProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const location = useLocation();
  const followLink = useLinkClicks();
  // The two forms are plain `<form>`s that submit as `<Form>` does (its handler,
  // through `useSubmit`): a `<Form>` resolves its action with React Router's
  // hooks on every render of the server. `data-discover` is `<Form>`'s mark.
  const submit = useSubmit();
  const submitInApp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void submit(submitter ?? event.currentTarget, { method: "get" });
  };
  // Made, not drawn: written below as elements, or once as the kept HTML.
  const parts = (
    <PagingParts
      t={t}
      locale={locale}
      pathname={location.pathname}
      search={location.search}
      pagination={pagination}
      pageSizes={pageSizes}
      id={id}
      onSubmit={submitInApp}
    />
  );
  // (A build-time constant first: the browser's bundle leaves the kept bar's branch out.)
  const html =
    import.meta.env.SSR && keep
      ? keep(`${pagination.total}|${pagination.current}|${pagination.pageSize}|${pageSizes}`, parts)
      : null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks of the page links; Enter on a link is a click
    <nav
      aria-label={t("table.paging")}
      className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 pt-3 text-sm text-gray-700"
      data-testid={id}
      onClick={followLink}
      {...keptOrDrawn(html, () => parts)}
    />
  );
}

/**
 * What the bar shows inside its `<nav>`: made from its props alone (no
 * context, no id of React's), so that the server can write it once as HTML
 * for a page asked for again (`keep`), and the browser draws the same.
 */
function PagingParts({
  t,
  locale,
  pathname,
  search,
  pagination,
  pageSizes,
  id,
  onSubmit,
}: {
  t: ReturnType<typeof useTranslation>["t"];
  locale: Locale;
  pathname: string;
  search: string;
  pagination: Pagination;
  pageSizes: readonly number[];
  id: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const params = new URLSearchParams(search);
  const { total, current, pageSize } = pagination;
  const last = lastPage(total, pageSize);
  // Worked out once for the bar's links, each adding its page.
  const href = listHrefsBy(pathname, params, "current");
  const action = pathname.endsWith("/") ? pathname : `${pathname}/`;
  const carried = (skip: readonly string[]) =>
    [...params.entries()]
      .filter(([key]) => !skip.includes(key))
      .map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ));
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize];

  return (
    <>
      <span data-testid={`${id}-total`}>
        {t("table.total", { count: total, total: formatCount(total, locale) })}
      </span>

      <ul className="flex items-center gap-1">
        <li>
          <PageLink
            to={current > 1 ? href(current - 1) : undefined}
            rel="prev"
            label={t("table.previous")}
          >
            ‹
          </PageLink>
        </li>
        {pageWindow(Math.min(current, last), last).map((page, index) =>
          page === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} className="px-1 text-gray-400" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              {page === current ? (
                <span aria-current="page" className="page-here">
                  {formatCount(page, locale)}
                </span>
              ) : (
                <a href={href(page)} className="page-link" aria-label={t("table.page", { page })}>
                  {formatCount(page, locale)}
                </a>
              )}
            </li>
          ),
        )}
        <li>
          <PageLink
            to={current < last ? href(current + 1) : undefined}
            rel="next"
            label={t("table.next")}
          >
            ›
          </PageLink>
        </li>
      </ul>

      <form
        className="flex items-center gap-1"
        data-discover="true"
        action={action}
        method="get"
        onSubmit={onSubmit}
      >
        {carried(["current", "pageSize", RESULT_PARAM])}
        <label className="flex items-center gap-1">
          <span className="sr-only">{t("table.pageSize")}</span>
          <select
            name="pageSize"
            defaultValue={pageSize}
            key={pageSize}
            className="input h-8 w-auto py-0 pr-8"
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
            data-testid={`${id}-size`}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {t("table.perPage", { size })}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className="btn-secondary h-8 px-2">
            {t("table.apply")}
          </button>
        </noscript>
      </form>

      <form
        className="flex items-center gap-1"
        data-discover="true"
        action={action}
        method="get"
        onSubmit={onSubmit}
      >
        {carried(["current", RESULT_PARAM])}
        <label className="flex items-center gap-1 whitespace-nowrap">
          {t("table.goTo")}
          <input
            type="number"
            name="current"
            min={1}
            max={last}
            defaultValue={current}
            key={current}
            className="input h-8 w-16 px-2"
            data-testid={`${id}-jump`}
          />
        </label>
        <button type="submit" className="btn-secondary h-8 px-2">
          {t("table.go")}
        </button>
      </form>
    </>
  );
}

function PageLink({
  to,
  rel,
  label,
  children,
}: {
  to: string | undefined;
  rel: "prev" | "next";
  label: string;
  children: string;
}) {
  if (!to)
    return (
      <span aria-disabled="true" className="page-off">
        <span aria-hidden="true">{children}</span>
        <span className="sr-only">{label}</span>
      </span>
    );
  return (
    <a href={to} rel={rel} className="page-link">
      <span aria-hidden="true">{children}</span>
      <span className="sr-only">{label}</span>
    </a>
  );
}
