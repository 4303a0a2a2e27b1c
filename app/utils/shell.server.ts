import { data, type RouterContextProvider } from "react-router";
import type { CurrentUser } from "~/contract/index.ts";
import { accountReads, UNREAD_COUNT } from "~/utils/account-reads.server.ts";
import type { Api } from "~/utils/api.server.ts";
import { readCookie } from "~/utils/cookies.ts";
import type { ErrorPayload } from "~/utils/error-payload.ts";
import { apiContext, getLocale } from "~/utils/request-context.server.ts";
import { MENU_COOKIE, type ShellData } from "~/utils/shell-data.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The signed-in layout's menu, header and bell for `user`, read through
 * `api` (the request's client unless told).
 */
export async function loadShell(
  context: Context,
  request: Request,
  user: CurrentUser,
  flash: ShellData["flash"] | null = null,
  api: Api = context.get(apiContext),
): Promise<ShellData> {
  // Only the unread count is drawn; the bell's panel asks for the latest itself.
  // Kept between pages until a change (app/utils/account-reads.server.ts).
  const unread = await accountReads.read(user.username, UNREAD_COUNT, async () => {
    const notices = await api.call("notices", { query: { current: 1, pageSize: 1 } });
    return notices.unread;
  });
  const shell: ShellData = {
    unread,
    locale: getLocale(context),
    username: user.username,
    viewer:
      user.subAccount === true ? { scope: user.scope, subAccount: true } : { scope: user.scope },
  };
  // The menu open, no notice (most pages): left out of the page's data, not sent as false or null.
  if (readCookie(request.headers.get("Cookie"), MENU_COOKIE) === "1") shell.collapsed = true;
  if (flash) shell.flash = flash;
  return shell;
}

/**
 * The error page of a signed-in user inside the menu and header: a page they
 * may not open (403), an address that is no page (404). It answers instead
 * of the page's loaders (thrown before any of them ran or could finish), so
 * it carries the shell itself. The home layout's middleware passes the
 * client it checks the user with: the loaders' own waits for that check.
 */
export async function refuseInShell(
  context: Context,
  request: Request,
  user: CurrentUser,
  status: 403 | 404,
  api: Api = context.get(apiContext),
): Promise<never> {
  const shell = await loadShell(context, request, user, null, api);
  throw data<ErrorPayload & { shell: ShellData }>({ shell }, { status });
}
