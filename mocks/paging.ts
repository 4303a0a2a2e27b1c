import type { Pagination } from "../app/contract/envelope.ts";

export function pagination(total: number, current: number, pageSize: number): Pagination {
  return { total, pageSize, current };
}

/** One page of an already filtered and sorted list. */
export function pageOf<T, R>(
  items: readonly T[],
  current: number,
  pageSize: number,
  map: (item: T) => R,
): { list: R[]; pagination: Pagination } {
  const start = (current - 1) * pageSize;
  return {
    list: items.slice(start, start + pageSize).map(map),
    pagination: pagination(items.length, current, pageSize),
  };
}

export function ts(seconds: number): { seconds: number };
export function ts(seconds: number | null): { seconds: number } | null;
export function ts(seconds: number | null): { seconds: number } | null {
  return seconds === null ? null : { seconds };
}
