import { data } from "react-router";
import { isPlatform } from "~/contract/index.ts";
import { requireAccess } from "~/utils/auth.server.ts";
import { fileHeaders } from "~/utils/file-response.server.ts";
import { downloadOrBack, refusalPage } from "~/utils/refusal.server.ts";
import { apiContext, getT, postedForm } from "~/utils/request-context.server.ts";
import { resourcePage } from "~/utils/resource-paths.ts";
import { assertSameOrigin } from "~/utils/same-origin.server.ts";
import { parseAuditQuery } from "../audit.server.ts";
import type { Route } from "./+types/audit-download";

/**
 * Streams the workbook of the audit log: every operation matching the posted
 * filters and date range, read the same way as the page reads its query.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const page = resourcePage(request);
  // Any failure, of the user check or of the file, goes back to the page with its message.
  return downloadOrBack(request, context, page, async () => {
    const user = await requireAccess(context, page);
    const t = getT(context);
    const form = postedForm(context);
    const texts = [...form.entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    const query = parseAuditQuery(new URLSearchParams(texts), isPlatform(user.scope));
    if (query.rangeError) throw data({ message: t(query.rangeError) }, { status: 400 });
    const upstream = await context.get(apiContext).download("downloadAudit", {
      query: query.filter,
    });
    return new Response(upstream.body, { headers: fileHeaders(upstream, "audit-log.xlsx") });
  });
}

/** A browser opening the address gets the translated 405 page. */
export function loader({ context }: Route.LoaderArgs) {
  return refusalPage(context, 405, { Allow: "POST" });
}
