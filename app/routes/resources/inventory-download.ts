import { data } from "react-router";
import { requireAccess } from "~/utils/auth.server.ts";
import { fileHeaders } from "~/utils/file-response.server.ts";
import { downloadOrBack, refusalPage } from "~/utils/refusal.server.ts";
import { apiContext, getT, postedForm } from "~/utils/request-context.server.ts";
import { resourcePage } from "~/utils/resource-paths.ts";
import { assertSameOrigin } from "~/utils/same-origin.server.ts";
import { inventoryDownloadSchema } from "~/validation/inventory.ts";
import { parseArrivalQuery } from "../inventory/arrival-report.server.ts";
import { parseDetailQuery } from "../inventory/detail.server.ts";
import type { Route } from "./+types/inventory-download";

/**
 * Streams the xlsx of the stock in/out details (`kind=details`: the orders
 * of the posted tab, filters and date range) or of the arrival report
 * (`kind=arrival`), read the same way as the pages read their query.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const page = resourcePage(request);
  // Any failure, of the user check or of the file, goes back to the page with its message.
  return downloadOrBack(request, context, page, async () => {
    await requireAccess(context, page);
    const t = getT(context);
    const form = postedForm(context);
    const texts = [...form.entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    const params = new URLSearchParams(texts);
    const parsed = inventoryDownloadSchema.safeParse({ kind: params.get("kind") });
    if (!parsed.success) throw data({ message: t("common.wrongFormat") }, { status: 400 });
    const api = context.get(apiContext);

    if (parsed.data.kind === "details") {
      const query = parseDetailQuery(params);
      if (query.rangeError) throw data({ message: t(query.rangeError) }, { status: 400 });
      const upstream = await api.download("downloadOrders", {
        query: query.filter,
        body: { orderNoList: [] },
      });
      return new Response(upstream.body, {
        headers: fileHeaders(upstream, "inventory-details.xlsx"),
      });
    }

    const query = parseArrivalQuery(params);
    if (query.rangeError) throw data({ message: t(query.rangeError) }, { status: 400 });
    const upstream = await api.download("downloadArrivalReport", { query: query.filter });
    return new Response(upstream.body, { headers: fileHeaders(upstream, "arrival-report.xlsx") });
  });
}

/** A browser opening the address gets the translated 405 page. */
export function loader({ context }: Route.LoaderArgs) {
  return refusalPage(context, 405, { Allow: "POST" });
}
