/**
 * The selection of the order list lives in its URL, beside the filters and
 * the page: `sel` holds the chosen order numbers (comma separated), `all=1`
 * means every order matching the filters. Paging, page size and sorting keep
 * the query, so the selection survives them; a new filter starts without one.
 *
 * A selection too long for an address (proxies refuse long request lines)
 * is kept on the server instead (selection-store.server.ts) and `sel` holds
 * its id: `sel=*<id>`.
 */
import { ALL_MATCHING_PARAM, keptSelectionId, SELECTION_PARAM } from "~/utils/list-revalidation.ts";

// The selection's parameters and the rule that choosing orders loads no
// data live in ./list-revalidation.ts, which the signed-in layout names.
export {
  ALL_MATCHING_PARAM,
  KEPT_SELECTION_MARK,
  keepDataOnSelection,
  onlySelectionChanged,
  SELECTION_PARAM,
  SELECTION_PARAMS,
} from "~/utils/list-revalidation.ts";

/** The longest `sel` written into an address: longer selections are kept on the server. */
export const MAX_SELECTION_IN_ADDRESS = 1500;
/** The operation whose confirmation the list shows (its first post redirects there). */
export const OPERATION_PARAM = "op";
/** The scanned number of a scan operation waiting for its confirmation. */
export const SCANNED_PARAM = "scan";

export interface OrderSelection {
  /** Chosen order numbers, in the order they were chosen (empty for a kept selection). */
  orderNos: string[];
  /** Every order matching the filters, whatever `orderNos` says. */
  all: boolean;
  /** The id of a selection kept on the server, whose numbers the loader reads. */
  kept: string | null;
}

export function parseSelection(params: URLSearchParams): OrderSelection {
  const all = params.get(ALL_MATCHING_PARAM) === "1";
  const kept = keptSelectionId(params);
  if (kept) return { orderNos: [], all, kept };
  const orderNos = new Set<string>();
  for (const value of params.getAll(SELECTION_PARAM)) {
    for (const part of value.split(",")) {
      const orderNo = part.trim();
      if (orderNo !== "" && orderNo.length <= 64) orderNos.add(orderNo);
    }
  }
  return { orderNos: [...orderNos], all, kept: null };
}

/** The `sel` value of a selection; null (left out of the URL) when empty. */
export function selectionValue(orderNos: Iterable<string>): string | null {
  const value = [...orderNos].join(",");
  return value === "" ? null : value;
}

/** Whether a selection can travel in the address as it is (else it is kept on the server). */
export function fitsInAddress(orderNos: Iterable<string>): boolean {
  return (selectionValue(orderNos) ?? "").length <= MAX_SELECTION_IN_ADDRESS;
}

/** The selection after the rows of one page were checked or unchecked. */
export function withPageChoice(
  selected: readonly string[],
  pageKeys: readonly string[],
  checked: ReadonlySet<string>,
): string[] {
  const page = new Set(pageKeys);
  const kept = selected.filter((orderNo) => !page.has(orderNo) || checked.has(orderNo));
  const known = new Set(kept);
  return [...kept, ...pageKeys.filter((key) => checked.has(key) && !known.has(key))];
}
