import { redirect } from "react-router";
import { z } from "zod";
import { apiContext } from "~/middleware/session.server.ts";
import { hrefWithQuery } from "~/utils/locale-path.ts";
import { assertSameOrigin, safeReturnPath } from "~/utils/same-origin.server.ts";
import type { Route } from "./+types/notice-read";

const idsSchema = z.array(z.string().min(1)).max(1000);

/** Marks notifications as read (none named: all of them) and returns to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const ids = idsSchema.safeParse(form.getAll("id"));
  await context.get(apiContext).call("readNotices", { body: { ids: ids.success ? ids.data : [] } });
  const target = new URL(safeReturnPath(form.get("returnTo")), "http://portal.invalid");
  return redirect(hrefWithQuery(target.pathname, target.searchParams));
}

export function loader() {
  return redirect("/");
}
