import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "~/utils/i18n.ts";
import { type IgnoredFilter, listHref } from "~/utils/list-query.ts";
import { pushRecent, useStoredList } from "~/utils/local-store.ts";
import { useLinkClicks } from "~/utils/use-link-clicks.ts";
import { keptOrDrawn, useKeptPart } from "./kept-markup.ts";

/** Recent search inputs kept per field (docs/product.md, Lists). */
export const RECENT_MAX = 5;

/**
 * The filter form above a paged table: a GET form, so filters land in the
 * URL. A new filter starts on page 1 (`current` is dropped); the page size
 * and the `keep` parameters (e.g. the service of a pallet list) are carried.
 * Reset goes back to the list without filters. With JavaScript, blank
 * fields are left out of the URL.
 */
export function ListFilter({
  children,
  keep = [],
  onSubmit,
  id,
  ignored = [],
  emptyQuery,
  after,
  shows = null,
}: {
  children: ReactNode;
  /** Filters drawn after the search and reset buttons, on a line of their own (a disclosure of more). */
  after?: ReactNode;
  keep?: readonly string[];
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  id?: string;
  /** Filters of the address that were not applied (`ignoredFilters`): the list says which. */
  ignored?: readonly IgnoredFilter[];
  /**
   * The query that stands for "no filters" when the bare list is not that
   * (a list with a default view: ~/utils/saved-views.ts).
   */
  emptyQuery?: Readonly<Record<string, string>>;
  /**
   * On the server, for a page asked for again: a text of everything the
   * panel shows besides the language and the address (what of the page's
   * data is not read from the address), given when the panel may be written
   * once as HTML and kept (./kept-markup.ts, `useKeptPart`); null or left
   * out, it is drawn as elements.
   */
  shows?: string | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const followLink = useLinkClicks();
  const params = new URLSearchParams(location.search);
  const carried = ["pageSize", ...keep];
  const action = location.pathname.endsWith("/") ? location.pathname : `${location.pathname}/`;
  const orEmpty = (query: URLSearchParams) =>
    query.size === 0 && emptyQuery ? new URLSearchParams(emptyQuery) : query;
  const resetParams = orEmpty(
    new URLSearchParams([...params.entries()].filter(([key]) => carried.includes(key))),
  );
  // Made only where it is drawn as elements, or written once as the kept HTML.
  const drawPanel = () => (
    <>
      {ignored.length > 0 ? (
        <p role="status" className="mb-3 text-sm text-amber-800" data-testid="ignored-filters">
          {t("common.ignoredFilters", {
            filters: ignored
              .map(({ name, value }) =>
                t("common.ignoredFilter", {
                  name: isFilterName(name) ? t(`common.${FILTER_LABELS[name]}`) : name,
                  value,
                }),
              )
              .join(t("common.listSeparator")),
          })}
        </p>
      ) : null}
      <form
        // Remounted when the query changes, so the fields show the URL's filters after back / forward.
        key={location.search}
        method="get"
        action={action}
        id={id}
        onSubmit={(event) => {
          onSubmit?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          const query = new URLSearchParams();
          for (const [key, value] of new FormData(event.currentTarget)) {
            if (typeof value === "string" && value.trim()) query.append(key, value.trim());
          }
          navigate(listHref(location.pathname, orEmpty(query)));
        }}
        className="mb-4 flex flex-wrap items-end gap-3"
      >
        {carried.map((key) => {
          const value = params.get(key);
          return value ? <input key={key} type="hidden" name={key} value={value} /> : null;
        })}
        {children}
        <div className="flex gap-2">
          <button type="submit" className="btn-primary">
            {t("common.search")}
          </button>
          {/* A plain anchor followed inside the app, as `<Link>` would be (see app-header.tsx). */}
          <a
            className="btn-secondary"
            href={listHref(location.pathname, resetParams)}
            data-discover="true"
            onClick={followLink}
          >
            {t("common.reset")}
          </a>
        </div>
        {after}
      </form>
    </>
  );
  // The component's last hook (./kept-markup.ts, `useKeptPart`).
  const html = useKeptPart("filters", shows, drawPanel);
  return <search {...keptOrDrawn(html, drawPanel)} />;
}

/** The label of each filter of the lists, for the notice of ignored ones. */
const FILTER_LABELS = {
  cbaStatus: "filterCbaStatus",
  serviceNo: "filterServiceNo",
  salverNo: "filterSalverNo",
  orderNo: "filterOrderNo",
  logisticsNo: "filterLogisticsNo",
  consignee: "filterConsignee",
  sortField: "filterSortField",
  sortOrder: "filterSortOrder",
  createdRange: "filterCreatedRange",
  stockedInRange: "filterStockedInRange",
  stockedOutRange: "filterStockedOutRange",
  paidRange: "filterPaidRange",
  state: "filterState",
  companyId: "filterCompanyId",
} as const;

function isFilterName(name: string): name is keyof typeof FILTER_LABELS {
  return Object.hasOwn(FILTER_LABELS, name);
}

/** A labelled field of a filter form. */
export function FilterField({
  label,
  htmlFor,
  children,
  fit = false,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
  /** As wide as its content needs (a select with long options), at least the usual width. */
  fit?: boolean;
}) {
  return (
    <div className={fit ? "w-max max-w-full min-w-44" : "w-44"}>
      <label htmlFor={htmlFor} className="filter-label">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * A text filter that offers the last inputs of this field as suggestions
 * (a datalist). The value is remembered when its form is submitted; kept in
 * this browser only, under `recent:<storageKey>`.
 */
export function RecentInput({
  storageKey,
  id,
  ...rest
}: { storageKey: string; id: string } & Omit<ComponentProps<"input">, "list" | "id">) {
  const ref = useRef<HTMLInputElement>(null);
  const [recent, setRecent] = useStoredList(`recent:${storageKey}`);
  const recentRef = useRef(recent);
  recentRef.current = recent;
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const remember = () => {
      const value = ref.current?.value ?? "";
      if (value.trim()) setRecent(pushRecent(recentRef.current, value, RECENT_MAX));
    };
    form.addEventListener("submit", remember);
    return () => form.removeEventListener("submit", remember);
  }, [setRecent]);
  const listId = `${id}-recent`;
  // The inputs are kept in this browser: the server draws no list, the browser one with something in it.
  const offered = recent.length > 0;
  return (
    <>
      <input
        ref={ref}
        id={id}
        list={offered ? listId : undefined}
        autoComplete="off"
        className="input"
        {...rest}
      />
      {offered ? (
        <datalist id={listId} data-testid={listId}>
          {recent.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}

/** A select of a filter form: the first option (value "") means no filter. */
export function SelectFilter({
  name,
  label,
  allLabel,
  options,
  value,
  fit = false,
}: {
  name: string;
  label: string;
  allLabel: string;
  options: readonly { value: string | number; label: string }[];
  value: string | number | undefined;
  fit?: boolean;
}) {
  return (
    <FilterField label={label} htmlFor={`filter-${name}`} fit={fit}>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""} className="input">
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** The status select of a filter form: "all statuses" and one option per code. */
export function StatusFilter<Code extends number>({
  label,
  codes,
  labelOf,
  value,
}: {
  label: string;
  codes: readonly Code[];
  labelOf: (code: Code) => string;
  value: number | undefined;
}) {
  const { t } = useTranslation();
  return (
    <SelectFilter
      name="cbaStatus"
      label={label}
      allLabel={t("logistics.allStatuses")}
      options={codes.map((code) => ({ value: code, label: labelOf(code) }))}
      value={value}
    />
  );
}

/** A plain text field of a filter form. */
export function TextFilter({
  name,
  label,
  value,
}: {
  name: string;
  label: string;
  value: string | undefined;
}) {
  return (
    <FilterField label={label} htmlFor={`filter-${name}`}>
      <input
        id={`filter-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className="input"
        autoComplete="off"
      />
    </FilterField>
  );
}
