/**
 * The consignee search of the order list (`consignee=张`), without reading
 * 100,000 order rows: every order whose consignee contains the needle
 * contains each of its characters, so the shortest list of orders among the
 * needle's characters holds every match (and for a one-character needle,
 * only matches). Beside those lists, each order's status, company, paid
 * amount and stock-in time sit in typed arrays by position, so counting and summing the
 * matches of a status and a company touches no row: rows scattered over a
 * large heap cost a cache miss each, which is what made the scan grow.
 *
 * Built on first use from `db.orderList` (newest first, so every list is
 * too) and kept beside that array, never in the database: a consignee, a
 * company and an amount never change, orders are only added while seeding
 * or loading (which make a new array), and a status change is noted here by
 * `recordStatusChange` (mocks/db.ts), like the aggregates. A world's index
 * goes with its data; a list whose length changed is indexed again.
 */
import type { OrderRow } from "./db.ts";

interface OrderIndex {
  length: number;
  /** Positions in the list of the orders whose consignee holds the character (UTF-16 unit). */
  byChar: Map<string, Int32Array>;
  position: Map<OrderRow, number>;
  status: Uint8Array;
  paid: Float64Array;
  /** Stock-in time (seconds; NaN before): set by the status change that stocks an order in. */
  entered: Float64Array;
  company: Uint16Array;
  companyCodes: Map<string, number>;
}

const indexes = new WeakMap<readonly OrderRow[], OrderIndex>();
const NONE = new Int32Array(0);

function build(list: readonly OrderRow[]): OrderIndex {
  const chars = new Map<string, number[]>();
  const position = new Map<OrderRow, number>();
  const status = new Uint8Array(list.length);
  const paid = new Float64Array(list.length);
  const entered = new Float64Array(list.length);
  const company = new Uint16Array(list.length);
  const companyCodes = new Map<string, number>();
  for (const [at, row] of list.entries()) {
    position.set(row, at);
    status[at] = row.cbaStatus;
    paid[at] = row.acturalPaid;
    entered[at] = row.enterCbaTime ?? Number.NaN;
    let code = companyCodes.get(row.companyId);
    if (code === undefined) {
      code = companyCodes.size;
      companyCodes.set(row.companyId, code);
    }
    company[at] = code;
    const text = row.consignee;
    for (let i = 0; i < text.length; i++) {
      // UTF-16 units, as `String.prototype.includes` compares them.
      const char = text[i] as string;
      if (text.indexOf(char) !== i) continue;
      let positions = chars.get(char);
      if (!positions) {
        positions = [];
        chars.set(char, positions);
      }
      positions.push(at);
    }
  }
  const byChar = new Map<string, Int32Array>();
  for (const [char, positions] of chars) byChar.set(char, Int32Array.from(positions));
  return { length: list.length, byChar, position, status, paid, entered, company, companyCodes };
}

function indexOf(list: readonly OrderRow[]): OrderIndex {
  let index = indexes.get(list);
  if (!index || index.length !== list.length) {
    index = build(list);
    indexes.set(list, index);
  }
  return index;
}

/** Prepares the index of `list` (after seeding or loading), so the first search does not wait. */
export function indexConsignees(list: readonly OrderRow[]): void {
  indexes.set(list, build(list));
}

/** Notes an order's new status (called with every status change, after the row changed). */
export function noteStatus(list: readonly OrderRow[], row: OrderRow): void {
  const index = indexes.get(list);
  const at = index?.position.get(row);
  if (index && at !== undefined) {
    index.status[at] = row.cbaStatus;
    index.entered[at] = row.enterCbaTime ?? Number.NaN;
  }
}

/**
 * How many orders of `list` of one company (null: every company) are in
 * `status` and were stocked in before `before` (seconds): the workbench's
 * orders waiting in stock, counted on the typed arrays alone.
 */
export function countStockedInBefore(
  list: readonly OrderRow[],
  company: string | null,
  status: number,
  before: number,
): number {
  const index = indexOf(list);
  const companyCode = company === null ? -1 : index.companyCodes.get(company);
  if (companyCode === undefined) return 0;
  let count = 0;
  for (let at = 0; at < index.length; at++) {
    if (index.status[at] !== status) continue;
    if (companyCode >= 0 && index.company[at] !== companyCode) continue;
    // NaN (never stocked in) compares false.
    if ((index.entered[at] as number) < before) count += 1;
  }
  return count;
}

function shortestList(index: OrderIndex, needle: string): Int32Array {
  let shortest: Int32Array | undefined;
  for (let i = 0; i < needle.length; i++) {
    const positions = index.byChar.get(needle[i] as string) ?? NONE;
    if (!shortest || positions.length < shortest.length) shortest = positions;
  }
  return shortest ?? NONE;
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
  return Array.from(shortestList(indexOf(list), needle), (at) => list[at] as OrderRow);
}

/**
 * The orders of `list` whose consignee contains `needle`, of one company
 * (null: every company) and status (undefined: any): their count, the sum of
 * their paid amounts, and `take` of them after the first `skip`, in the
 * list's order.
 */
export function consigneeMatches(
  list: readonly OrderRow[],
  needle: string,
  company: string | null,
  status: number | undefined,
  skip: number,
  take: number,
): { rows: OrderRow[]; total: number; amountTotal: number } {
  const index = indexOf(list);
  const rows: OrderRow[] = [];
  let total = 0;
  let amountTotal = 0;
  const companyCode = company === null ? -1 : index.companyCodes.get(company);
  if (companyCode === undefined) return { rows, total, amountTotal };
  // One UTF-16 unit: its list holds exactly the matches.
  const exact = needle.length <= 1;
  const positions = needle === "" ? null : shortestList(index, needle);
  const count = positions ? positions.length : list.length;
  for (let i = 0; i < count; i++) {
    const at = positions ? (positions[i] as number) : i;
    if (companyCode >= 0 && index.company[at] !== companyCode) continue;
    if (status !== undefined && index.status[at] !== status) continue;
    const row = list[at] as OrderRow;
    if (!exact && !row.consignee.includes(needle)) continue;
    if (total >= skip && rows.length < take) rows.push(row);
    total += 1;
    amountTotal += index.paid[at] as number;
  }
  return { rows, total, amountTotal };
}
