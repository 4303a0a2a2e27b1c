import { data, redirect } from "react-router";
import { z } from "zod";
import { hrefWithQuery } from "~/utils/locale-path.ts";
import { apiContext, getT, postedForm } from "~/utils/request-context.server.ts";
import { assertSameOrigin, safeReturnPath } from "~/utils/same-origin.server.ts";
import type { Route } from "./+types/notice-read";

const idsSchema = z.array(z.string().min(1)).max(1000);

/**
 * Marks the posted notifications as read and returns to the page; a post
 * that names none is "mark all as read". Ids that are not ids refuse the
 * post and change nothing: to the backend an empty list means all of them.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = postedForm(context);
  const ids = idsSchema.safeParse(form.getAll("id"));
  if (!ids.success) {
    throw data({ message: getT(context)("common.wrongFormat") }, { status: 400 });
  }
  await context.get(apiContext).call("readNotices", { body: { ids: ids.data } });
  const target = new URL(safeReturnPath(form.get("returnTo")), "http://portal.invalid");
  return redirect(hrefWithQuery(target.pathname, target.searchParams));
}

export function loader() {
  return redirect("/");
}
