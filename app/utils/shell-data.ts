import type { Role } from "~/contract/roles.ts";
import type { Locale } from "~/locales/index.ts";

/** The cookie that keeps the side menu collapsed, read by the loader for the first paint. */
export const MENU_COOKIE = "menu_collapsed";

/** What the signed-in layout draws around a page: menu, header, bell and a one-time notice. */
export interface ShellData {
  /** A one-time notice; none (most pages): left out of the page's data. */
  flash?: { kind: "success" | "error" | "info"; message: string };
  /** Unread notifications: the bell's badge (its panel asks for the latest when opened). */
  unread: number;
  locale: Locale;
  username: string;
  /**
   * Who is signed in, as the page rules read it: the browser draws the menu
   * from the site map it already has (`menuFor`), so the page's data does
   * not carry every entry. A main account (most): `subAccount` left out.
   */
  viewer: { scope: Role[]; subAccount?: true };
  /** The side menu drawn collapsed (its cookie); open (most pages): left out of the page's data. */
  collapsed?: true;
}

/** The shell carried by an error thrown before the layout's loader ran (a refused page). */
export function shellOf(payload: unknown): ShellData | undefined {
  if (typeof payload !== "object" || payload === null || !("shell" in payload)) return undefined;
  return (payload as { shell: ShellData }).shell;
}
