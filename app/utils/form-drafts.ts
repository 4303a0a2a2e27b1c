/**
 * Drafts of the text typed into an operation's dialog (a remark, a reason
 * for detention), kept in this tab's sessionStorage by page and field: a
 * session that ended while the dialog was open, a dialog closed by mistake
 * or a refused post lose nothing. Written as the user types, restored when
 * the dialog opens again, removed once the operation is applied. With
 * JavaScript only: without it the browser keeps what the form posted.
 */
import { stripLocale } from "~/utils/locale-path.ts";

const PREFIX = "draft:";

/** The page's path without its language (the same page in either language) and the field. */
export function draftKey(pathname: string, form: string, field: string): string {
  const page = stripLocale(pathname).replace(/\/+$/, "") || "/";
  return `${PREFIX}${page}:${form}:${field}`;
}

export function readDraft(key: string): string {
  try {
    return window.sessionStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

/** Keeps `value` under `key`; an empty value removes the draft. */
export function writeDraft(key: string, value: string): void {
  try {
    if (value === "") window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the draft is simply not kept.
  }
}

export function removeDraft(key: string): void {
  writeDraft(key, "");
}
