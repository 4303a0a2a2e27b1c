/**
 * The audit log's data: the backend's operations on the caller's company's
 * orders (the platform's: every company's, or the one its filter names),
 * read from the query as the page and its download read it, and shaped for
 * the page in its language. `?operation=<id>` shows every order of one
 * operation instead of the list.
 */
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import {
  ApiCode,
  type AuditOperation,
  type AuditPerson,
  auditFilterSchema,
  isPlatform,
  type Pagination,
} from "~/contract/index.ts";
import type { Locale } from "~/locales/index.ts";
import { formatChinaTime } from "~/utils/china-time.ts";
import { companyNameIn } from "~/utils/company-name.ts";
import {
  chinaToday,
  type DateRange,
  parseDateRange,
  type RangeErrorKey,
  rangeToSeconds,
} from "~/utils/date-range.ts";
import { formatCount } from "~/utils/format.ts";
import {
  type IgnoredFilter,
  ignoredFilters,
  loadClampedPage,
  parseFilters,
  parsePaging,
  redirectToTidyQuery,
} from "~/utils/list-query.ts";
import { hrefWithQuery, localizePath } from "~/utils/locale-path.ts";
import { orderStatusKey } from "~/utils/logistics-status.ts";
import { apiContext, getLocale, getT, getUser } from "~/utils/request-context.server.ts";
import { PATHS } from "~/utils/site-map.ts";

type Context = Readonly<RouterContextProvider>;

/** The person filter's value for the platform's operations, as a company sees them (no account names). */
const PLATFORM_PERSON = "platform";

/**
 * The filters of the address: `actor` is an account's e-mail or
 * `platform`; the platform alone filters by company.
 */
const auditQuerySchema = auditFilterSchema
  .pick({ companyId: true, action: true, orderNo: true })
  .extend({ actor: z.union([z.literal(PLATFORM_PERSON), z.email().max(100)]).optional() });

const OPERATION_PARAM = "operation";
const operationIdSchema = z.string().trim().min(1).max(100);

export interface AuditQuery {
  filters: Partial<z.output<typeof auditQuerySchema>>;
  range: DateRange;
  rangeInput: DateRange;
  rangeError: RangeErrorKey | null;
  /** The query of `audit` and `downloadAudit` (without paging). */
  filter: z.input<typeof auditFilterSchema>;
}

/** Reads the filters; only the platform's company filter counts. */
export function parseAuditQuery(params: URLSearchParams, platform: boolean): AuditQuery {
  const { companyId, ...filters } = parseFilters(params, auditQuerySchema);
  const parsed = parseDateRange(params);
  const range = parsed.ok ? parsed.range : {};
  const { actor, ...rest } = filters;
  const person =
    actor === undefined
      ? {}
      : actor === PLATFORM_PERSON
        ? { actorKind: "platform" as const }
        : { actor };
  return {
    filters: { ...filters, ...(platform && companyId ? { companyId } : {}) },
    range,
    rangeInput: parsed.input,
    rangeError: parsed.ok ? null : parsed.error,
    filter: {
      ...rest,
      ...person,
      ...(platform && companyId ? { companyId } : {}),
      ...rangeToSeconds(range),
    },
  };
}

export interface PersonOption {
  value: string;
  label: string;
}

export interface OperationView {
  id: string;
  time: string;
  company: string;
  person: string;
  operation: string;
  source: string;
  /** "已入库 → 已出库 (2)" per move; a remark's status as it stayed. */
  moves: string[];
  text: string;
  orderNos: { orderNo: string; href: string }[];
  /** "and 3 more", with the link to all; null when every order is shown. */
  more: { label: string; href: string } | null;
}

function personLabel(
  person: Pick<AuditPerson, "actor" | "actorKind">,
  platform: boolean,
  t: Translate,
): string {
  if (person.actor === null) return t("audit.platform");
  return platform && person.actorKind === "platform"
    ? t("audit.platformAccount", { actor: person.actor })
    : person.actor;
}

type Translate = ReturnType<typeof getT>;

function movesOf(operation: AuditOperation, t: Translate, locale: Locale): string[] {
  const several = operation.moves.length > 1;
  return operation.moves.map((move) => {
    const from = t(orderStatusKey(move.fromStatus));
    const to = t(orderStatusKey(move.toStatus));
    const status = move.fromStatus === move.toStatus ? to : `${from} → ${to}`;
    return several ? `${status} (${formatCount(move.orders, locale)})` : status;
  });
}

function operationsOf(operation: AuditOperation, t: Translate): string {
  const actions = [...new Set(operation.moves.map((move) => move.action))];
  return actions.map((action) => t(`logistics.order.history.actions.${action}`)).join(" / ");
}

export async function loadAudit(context: Context, url: URL) {
  redirectToTidyQuery(url);
  const locale = getLocale(context);
  const t = getT(context);
  const platform = isPlatform((await getUser(context)).scope);
  const operationId = operationIdSchema.safeParse(url.searchParams.get(OPERATION_PARAM) ?? "");
  if (operationId.success) return loadOperation(context, url, operationId.data);

  const paging = parsePaging(url.searchParams);
  const query = parseAuditQuery(url.searchParams, platform);
  const link = (path: string, q?: Record<string, string | number>) =>
    hrefWithQuery(localizePath(path, locale), q);
  const ignored: IgnoredFilter[] = ignoredFilters(url.searchParams, auditQuerySchema).map(
    (item) => ({ ...item, name: t(FILTER_LABELS[item.name as keyof typeof FILTER_LABELS]) }),
  );
  const base = {
    view: "list" as const,
    platform,
    filters: query.filters,
    range: query.rangeInput,
    rangeError: query.rangeError,
    today: chinaToday(),
    ignored,
    download: { ...query.filters, ...query.range },
  };
  const failed = (error: string) => ({
    ...base,
    list: [] as OperationView[],
    pagination: { total: 0, ...paging } as Pagination,
    companies: [] as { id: string; name: string }[],
    people: [] as PersonOption[],
    error,
  });
  if (query.rangeError) return failed(query.rangeError);
  const api = context.get(apiContext);
  const result = await loadClampedPage(
    paging,
    (page) => api.attempt("audit", { query: { ...page, ...query.filter } }),
    (answer) => (answer.ok ? answer.data.pagination : null),
  );
  if (!result.ok) return failed(result.message);
  const data = result.data;
  const companyName = new Map(
    data.companies.map((company) => [company.id, companyNameIn(locale, company)]),
  );
  const list = data.list.map((operation): OperationView => {
    const more = operation.orderCount - operation.orderNos.length;
    return {
      id: operation.id,
      time: formatChinaTime(operation.time),
      company: companyName.get(operation.companyId) ?? operation.companyId,
      person: personLabel(operation, platform, t),
      operation: operationsOf(operation, t),
      source: t(`logistics.order.history.sources.${operation.source}`),
      moves: movesOf(operation, t, locale),
      text:
        operation.text === "" && operation.moves.some((move) => move.action === "logisticsNo")
          ? t("audit.textsDiffer")
          : operation.text,
      orderNos: operation.orderNos.map((orderNo) => ({
        orderNo,
        href: link(PATHS.orders, { orderNo }),
      })),
      more:
        more > 0
          ? {
              label: t("audit.ordersMore", { count: formatCount(more, locale) }),
              href: link(PATHS.audit, { [OPERATION_PARAM]: operation.id }),
            }
          : null,
    };
  });
  const people: PersonOption[] = data.people.map((person) => ({
    value: person.actor === null ? PLATFORM_PERSON : person.actor,
    label: personLabel(person, platform, t),
  }));
  // A person asked for who has no operation in sight stays chosen.
  const asked = query.filters.actor;
  if (asked && !people.some((person) => person.value === asked)) {
    people.push({ value: asked, label: asked === PLATFORM_PERSON ? t("audit.platform") : asked });
  }
  return {
    ...base,
    list,
    pagination: data.pagination,
    companies: data.companies.map((company) => ({
      id: company.id,
      name: companyName.get(company.id) ?? company.id,
    })),
    people,
    error: null as string | null,
  };
}

const FILTER_LABELS = {
  companyId: "audit.company",
  actor: "audit.person",
  action: "audit.operation",
  orderNo: "audit.orderNo",
} as const;

export interface OperationOrderView {
  orderNo: string;
  href: string;
  operation: string;
  status: string;
  text: string;
}

/** Every order of one operation, paged like any list. */
async function loadOperation(context: Context, url: URL, id: string) {
  const locale = getLocale(context);
  const t = getT(context);
  const paging = parsePaging(url.searchParams);
  const api = context.get(apiContext);
  const result = await loadClampedPage(
    paging,
    (page) => api.attempt("auditOrders", { params: { id }, query: page }),
    (answer) => (answer.ok ? answer.data.pagination : null),
  );
  const back = localizePath(PATHS.audit, locale);
  if (!result.ok) {
    return {
      view: "operation" as const,
      back,
      orders: [] as OperationOrderView[],
      pagination: { total: 0, ...paging } as Pagination,
      error: result.code === ApiCode.notFound ? t("audit.operationNotFound") : result.message,
    };
  }
  return {
    view: "operation" as const,
    back,
    orders: result.data.list.map(
      (order): OperationOrderView => ({
        orderNo: order.orderNo,
        href: hrefWithQuery(localizePath(PATHS.orders, locale), { orderNo: order.orderNo }),
        operation: t(`logistics.order.history.actions.${order.action}`),
        status:
          order.fromStatus === order.toStatus
            ? t(orderStatusKey(order.toStatus))
            : `${t(orderStatusKey(order.fromStatus))} → ${t(orderStatusKey(order.toStatus))}`,
        text: order.text,
      }),
    ),
    pagination: result.data.pagination,
    error: null as string | null,
  };
}
