/**
 * The columns each table hides, kept in one plain cookie so that the server
 * renders the chosen columns on the first paint and the choice works without
 * JavaScript (a form post to `/table-columns`). Format:
 * `orders:serviceNo,consigneeTelephone|pallets:` (an empty list: all shown).
 */
import { readCookie } from "~/utils/cookies.ts";

export const TABLE_COLUMNS_COOKIE = "table_columns";
export const TABLE_COLUMNS_PATH = "/table-columns";
const NAME = /^[A-Za-z0-9_-]{1,40}$/;
const MAX_TABLES = 20;

export function isColumnName(value: unknown): value is string {
  return typeof value === "string" && NAME.test(value);
}

export function parseTableColumns(value: string | undefined): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const part of (value ?? "").split("|")) {
    const index = part.indexOf(":");
    if (index === -1) continue;
    const table = part.slice(0, index);
    if (!isColumnName(table)) continue;
    const keys = part
      .slice(index + 1)
      .split(",")
      .filter((key) => isColumnName(key));
    tables.set(table, [...new Set(keys)]);
    if (tables.size >= MAX_TABLES) break;
  }
  return tables;
}

export function serializeTableColumns(tables: Map<string, readonly string[]>): string {
  return [...tables]
    .slice(-MAX_TABLES)
    .map(([table, keys]) => `${table}:${keys.join(",")}`)
    .join("|");
}

/** The hidden columns chosen for `table`, or null when none were ever chosen (the defaults). */
export function hiddenColumnsOf(cookieValue: string | undefined, table: string): string[] | null {
  return parseTableColumns(cookieValue).get(table) ?? null;
}

/** The cookie value after choosing the hidden columns of one table. */
export function withHiddenColumns(
  cookieValue: string | undefined,
  table: string,
  hidden: readonly string[],
): string {
  const tables = parseTableColumns(cookieValue);
  tables.delete(table);
  tables.set(
    table,
    [...new Set(hidden)].filter((key) => isColumnName(key)),
  );
  return serializeTableColumns(tables);
}

/** The hidden columns of `table` chosen in the request's cookie (for a loader). */
export function chosenColumns(request: Request, table: string): string[] | null {
  return hiddenColumnsOf(readCookie(request.headers.get("Cookie"), TABLE_COLUMNS_COOKIE), table);
}
