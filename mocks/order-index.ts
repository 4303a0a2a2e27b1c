/**
 * Orders by a character of their consignee, for the partial consignee
 * filter of the order list (`consignee=张`): every order whose consignee
 * contains the needle contains each of its characters, so the shortest list
 * among the needle's characters holds every match, and the filter scans it
 * instead of every order.
 *
 * Built on first use from `db.orderList` (newest first, so each list is too)
 * and kept beside that array, never in the database: a consignee never
 * changes and orders are only added while seeding or loading, which make a
 * new array. A world's index goes with its data; a list whose length
 * changed is indexed again.
 */
import type { OrderRow } from "./db.ts";

interface ConsigneeIndex {
  length: number;
  byChar: Map<string, OrderRow[]>;
}

const indexes = new WeakMap<readonly OrderRow[], ConsigneeIndex>();
const NONE: readonly OrderRow[] = [];

function build(list: readonly OrderRow[]): ConsigneeIndex {
  const byChar = new Map<string, OrderRow[]>();
  for (const row of list) {
    const text = row.consignee;
    for (let i = 0; i < text.length; i++) {
      // UTF-16 units, as `String.prototype.includes` compares them.
      const char = text[i] as string;
      if (text.indexOf(char) !== i) continue;
      let rows = byChar.get(char);
      if (!rows) {
        rows = [];
        byChar.set(char, rows);
      }
      rows.push(row);
    }
  }
  return { length: list.length, byChar };
}

/** Prepares the index of `list` (after seeding or loading), so the first search does not wait. */
export function indexConsignees(list: readonly OrderRow[]): void {
  indexes.set(list, build(list));
}

/**
 * The orders of `list` (in its order) that may contain `needle` in their
 * consignee: a superset of the matches, usually a small one.
 */
export function consigneeCandidates(
  list: readonly OrderRow[],
  needle: string,
): readonly OrderRow[] {
  if (needle === "") return list;
  let index = indexes.get(list);
  if (!index || index.length !== list.length) {
    index = build(list);
    indexes.set(list, index);
  }
  let shortest: readonly OrderRow[] = list;
  for (let i = 0; i < needle.length; i++) {
    const rows = index.byChar.get(needle[i] as string) ?? NONE;
    if (rows.length < shortest.length) shortest = rows;
  }
  return shortest;
}
