import { redirect } from "react-router";
import { env } from "~/config/env.server.ts";
import { isSavedViewList } from "~/contract/index.ts";
import { plainCookie, readCookie } from "~/utils/cookies.ts";
import { appliedView, listSettingsOf } from "~/utils/list-views.server.ts";
import { apiContext, postedForm } from "~/utils/request-context.server.ts";
import { assertSameOrigin, safeReturnPath } from "~/utils/same-origin.server.ts";
import { isColumnName, TABLE_COLUMNS_COOKIE, withHiddenColumns } from "~/utils/table-columns.ts";
import type { Route } from "./+types/table-columns";

const MAX_COLUMNS = 40;

/**
 * The column menu of a table: the form names the table, every column it may
 * hide and the ones to show. A list whose settings the account keeps (its
 * saved views' lists) keeps the choice on the backend: in the view the page
 * shows when that view has columns of its own, else as the account's
 * columns of the list. Any other table keeps it in a cookie of the browser.
 * The page is shown again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = postedForm(context);
  const back = safeReturnPath(form.get("back"));
  const table = form.get("table");
  if (!isColumnName(table)) throw redirect(back);
  const shown = new Set(form.getAll("show"));
  const hidden = [
    ...new Set(
      form.getAll("column").filter((key): key is string => isColumnName(key) && !shown.has(key)),
    ),
  ].slice(0, MAX_COLUMNS);
  if (isSavedViewList(table)) {
    const api = context.get(apiContext);
    if (!api.hasToken) throw redirect(back);
    const page = new URL(back, request.url);
    const settings = await listSettingsOf(context, table);
    const view = settings ? appliedView(table, settings.views, page.searchParams) : null;
    if (view?.hiddenColumns) {
      await api.call("updateSavedView", {
        params: { list: table, id: view.id },
        body: { hiddenColumns: hidden },
      });
    } else {
      await api.call("saveListColumns", {
        params: { list: table },
        body: { hiddenColumns: hidden },
      });
    }
    // The menu's own post with JavaScript: the page reloads its data, and stays where it is.
    if (form.get("quiet") === "1") return Response.json({ hiddenColumns: hidden });
    return redirect(back);
  }
  const value = withHiddenColumns(
    readCookie(request.headers.get("Cookie"), TABLE_COLUMNS_COOKIE),
    table,
    hidden,
  );
  return redirect(back, {
    headers: {
      "Set-Cookie": plainCookie(TABLE_COLUMNS_COOKIE, value, { secure: env().cookieSecure }),
    },
  });
}

export function loader() {
  return redirect("/");
}
