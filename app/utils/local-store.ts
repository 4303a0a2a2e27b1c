/**
 * Browser-only state: preferences kept in localStorage (column visibility,
 * recent search inputs). The server renders the defaults; the stored values
 * apply once the page is hydrated, so pages work the same without JavaScript.
 */
import { useCallback, useEffect, useState } from "react";

export function readStoredList(key: string): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(key) ?? "[]");
    return Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export function writeStoredList(key: string, list: readonly string[]): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or disabled: the preference is simply not remembered.
  }
}

/** `value` first, duplicates removed, at most `max` entries. */
export function pushRecent(list: readonly string[], value: string, max: number): string[] {
  const trimmed = value.trim();
  if (!trimmed) return [...list];
  return [trimmed, ...list.filter((item) => item !== trimmed)].slice(0, max);
}

/** A list of strings remembered under `key` in this browser. */
export function useStoredList(key: string): [string[], (next: string[]) => void] {
  const [list, setList] = useState<string[]>([]);
  useEffect(() => setList(readStoredList(key)), [key]);
  const update = useCallback(
    (next: string[]) => {
      setList(next);
      writeStoredList(key, next);
    },
    [key],
  );
  return [list, update];
}
