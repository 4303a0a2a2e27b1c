import type { ArrivalCounts } from "../contract/cba.ts";

/**
 * The arrival report's counts in the order of its columns, on the page and in
 * the workbook: arrived, in stock, not in stock and what "not in stock" is
 * made of (docs/decisions: the arrival report's breakdown).
 */
export const ARRIVAL_COUNTS = [
  "arrived",
  "inStock",
  "notInStock",
  "detained",
  "stockedOut",
  "initial",
] as const satisfies readonly (keyof ArrivalCounts)[];

export type ArrivalCountKey = (typeof ARRIVAL_COUNTS)[number];

// Every count of the contract has a column: this fails to compile when one is missing.
const everyCount: Record<Exclude<keyof ArrivalCounts, ArrivalCountKey>, never> = {};
void everyCount;
