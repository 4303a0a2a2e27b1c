import type { Notice } from "~/contract/notice.ts";
import type { Locale } from "~/locales/index.ts";
import type { MenuItem } from "~/utils/site-map.ts";

/** The cookie that keeps the side menu collapsed, read by the loader for the first paint. */
export const MENU_COOKIE = "menu_collapsed";

/** What the signed-in layout draws around a page: menu, header, bell and a one-time notice. */
export interface ShellData {
  flash: { kind: "success" | "error" | "info"; message: string } | null;
  unread: number;
  notices: Notice[];
  locale: Locale;
  username: string;
  menu: MenuItem[];
  canOpenSettings: boolean;
  collapsed: boolean;
}

/** The shell carried by an error thrown before the layout's loader ran (a refused page). */
export function shellOf(payload: unknown): ShellData | undefined {
  if (typeof payload !== "object" || payload === null || !("shell" in payload)) return undefined;
  return (payload as { shell: ShellData }).shell;
}
