/**
 * Order selections too long for an address (see order-selection.ts) are
 * kept in the shared store, under an id drawn from their content: the same
 * selection always gets the same short id, on every replica.
 */
import { createHash } from "node:crypto";
import {
  fitsInAddress,
  KEPT_SELECTION_MARK,
  type OrderSelection,
  parseSelection,
  selectionValue,
} from "~/utils/order-selection.ts";
import { sharedStore } from "~/utils/shared-store.server.ts";
import { MAX_SELECTION } from "~/validation/logistics-limits.ts";

/** A kept selection lasts as long as a working week's bookmark. */
const KEPT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const keyOf = (id: string) => `selection:${id}`;

/**
 * The most orders a kept selection holds: beyond MAX_SELECTION an operation
 * refuses it and says so (every order matching the filter is the way), so a
 * little more is kept to be told, and no more, whatever is posted.
 */
const MAX_KEPT = MAX_SELECTION * 4;

/**
 * The `sel` value of a selection: written out when it fits the address,
 * else kept on the server and named by its id.
 */
export async function selectionParam(orderNos: readonly string[]): Promise<string | null> {
  const chosen = [...new Set(orderNos)].slice(0, MAX_KEPT);
  if (fitsInAddress(chosen)) return selectionValue(chosen);
  const value = JSON.stringify(chosen);
  const id = createHash("sha256").update(value).digest("base64url").slice(0, 16);
  await sharedStore().set(keyOf(id), value, KEPT_TTL_MS);
  return `${KEPT_SELECTION_MARK}${id}`;
}

/** The selection the address names, a kept one read back (empty once it expired). */
export async function resolveSelection(params: URLSearchParams): Promise<OrderSelection> {
  const selection = parseSelection(params);
  if (!selection.kept) return selection;
  const kept = await sharedStore().get(keyOf(selection.kept));
  const orderNos: unknown = kept === null ? [] : JSON.parse(kept);
  return {
    ...selection,
    orderNos: Array.isArray(orderNos)
      ? orderNos.filter((no): no is string => typeof no === "string")
      : [],
  };
}
