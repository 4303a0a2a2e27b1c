/** The pallets whose labels are printed, found by number within their service. */
import { data, type RouterContextProvider } from "react-router";
import { ApiCode, type Pallet } from "~/contract/index.ts";
import { code128 } from "~/utils/barcode.server.ts";
import type { ErrorPayload } from "~/utils/error-payload.ts";
import { formatCount, formatDimensions, formatWeight } from "~/utils/format.ts";
import { redirectToTidyQuery } from "~/utils/list-query.ts";
import { apiContext, getLocale, getT } from "~/utils/request-context.server.ts";
import type { LabelFormat, PalletLabel } from "./pallet-paper.ts";

type Context = Readonly<RouterContextProvider>;

/** Labels of one print: a pallet list's largest page. */
export const MAX_LABELS = 100;
/** The backend's largest page: a service's pallets are read in pages of this many. */
const PALLET_PAGE = 1000;
/** Numbers are at most 64 characters (the contract's `numberText`). */
const NUMBER = /^[^\s]{1,64}$/;

/** A number of the query, trimmed; absent, blank or malformed is null. */
export function numberParam(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return NUMBER.test(trimmed) ? trimmed : null;
}

/** The pallet numbers asked for, trimmed, each once, in the order given. */
export function palletNumbers(params: URLSearchParams): string[] {
  const seen = new Set<string>();
  const numbers: string[] = [];
  for (const raw of params.getAll("salverNo")) {
    const number = numberParam(raw);
    if (number && !seen.has(number.toUpperCase())) {
      seen.add(number.toUpperCase());
      numbers.push(number);
    }
  }
  return numbers;
}

/** The 404 page for a pallet number the service lacks (or the caller may not see). */
export function palletNotFound() {
  return data<ErrorPayload>({ code: ApiCode.notFound }, { status: 404 });
}

const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/**
 * The pallets `numbers` of the service, in the order asked; a number the
 * service lacks throws the 404 page, and so does a service of another
 * company (the backend answers 40004). The backend's pallet filter matches
 * partially: the pallets are picked by their whole number.
 */
export async function findPallets(
  context: Context,
  serviceNo: string,
  numbers: readonly string[],
): Promise<Pallet[]> {
  const api = context.get(apiContext);
  const found = new Map<string, Pallet>();
  const keep = (list: readonly Pallet[]) => {
    for (const pallet of list) {
      const wanted = numbers.find((number) => same(number, pallet.salverNo));
      if (wanted) found.set(wanted.toUpperCase(), pallet);
    }
  };
  if (numbers.length === 1) {
    const page = await api.call("salvers", {
      params: { id: serviceNo },
      query: { current: 1, pageSize: PALLET_PAGE, salverNo: numbers[0] },
    });
    keep(page.list);
  } else {
    // One call for a whole selection; a service of more pallets than a page
    // has the rest looked up one by one.
    const page = await api.call("salvers", {
      params: { id: serviceNo },
      query: { current: 1, pageSize: PALLET_PAGE },
    });
    keep(page.list);
    if (page.pagination.total > page.list.length) {
      const missing = numbers.filter((number) => !found.has(number.toUpperCase()));
      for (const number of missing) {
        const one = await api.call("salvers", {
          params: { id: serviceNo },
          query: { current: 1, pageSize: PALLET_PAGE, salverNo: number },
        });
        keep(one.list);
      }
    }
  }
  return numbers.map((number) => {
    const pallet = found.get(number.toUpperCase());
    if (!pallet) throw palletNotFound();
    return pallet;
  });
}

/**
 * The labels page: `serviceNo`, the pallets' `salverNo` (repeated) and the
 * paper (`format`). Without a pallet, or with too many, the page says what
 * to do and prints nothing.
 */
export async function loadLabels(context: Context, url: URL) {
  redirectToTidyQuery(url);
  const t = getT(context);
  const locale = getLocale(context);
  const params = url.searchParams;
  const serviceNo = numberParam(params.get("serviceNo"));
  const format: LabelFormat = params.get("format") === "a4" ? "a4" : "label";
  const numbers = palletNumbers(params);
  const base = { serviceNo, format, labels: [] as PalletLabel[] };
  if (numbers.length === 0) return { ...base, notice: t("paper.labels.none") };
  if (!serviceNo) return { ...base, notice: t("paper.serviceRequired") };
  if (numbers.length > MAX_LABELS) {
    return { ...base, notice: t("paper.labels.tooMany", { max: MAX_LABELS }) };
  }
  const pallets = await findPallets(context, serviceNo, numbers);
  return {
    ...base,
    notice: null as string | null,
    labels: pallets.map(
      (pallet): PalletLabel => ({
        salverNo: pallet.salverNo,
        serviceNo: pallet.serviceNo,
        name: pallet.name,
        size: formatDimensions(pallet.width, pallet.length, pallet.height, locale),
        weight: formatWeight(pallet.weight, locale),
        position: pallet.salverDirection,
        ordersTotal: formatCount(pallet.ordersTotal, locale),
        barcode: code128(pallet.salverNo),
      }),
    ),
  };
}
