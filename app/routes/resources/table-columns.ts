import { redirect } from "react-router";
import { env } from "~/config/env.server.ts";
import { plainCookie, readCookie } from "~/utils/cookies.ts";
import { postedForm } from "~/utils/request-context.server.ts";
import { assertSameOrigin, safeReturnPath } from "~/utils/same-origin.server.ts";
import { isColumnName, TABLE_COLUMNS_COOKIE, withHiddenColumns } from "~/utils/table-columns.ts";
import type { Route } from "./+types/table-columns";

/**
 * The column menu of a table without JavaScript: the form names the table,
 * every column it may hide and the ones to show; the choice is kept in a
 * cookie and the page shown again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = postedForm(context);
  const back = safeReturnPath(form.get("back"));
  const table = form.get("table");
  if (!isColumnName(table)) throw redirect(back);
  const shown = new Set(form.getAll("show"));
  const hidden = form
    .getAll("column")
    .filter((key): key is string => isColumnName(key) && !shown.has(key));
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
