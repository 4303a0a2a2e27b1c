import { data } from "react-router";
import { requireAccess } from "~/utils/auth.server.ts";
import { fileHeaders } from "~/utils/file-response.server.ts";
import { downloadOrBack, refusalPage } from "~/utils/refusal.server.ts";
import { apiContext, getT, postedForm } from "~/utils/request-context.server.ts";
import { resourcePage } from "~/utils/resource-paths.ts";
import { assertSameOrigin } from "~/utils/same-origin.server.ts";
import { downloadSchema } from "~/validation/logistics.ts";
import { readOrderFilters } from "../order/order-filters.server.ts";
import type { Route } from "./+types/order-download";

/**
 * Streams the orders or the order logistics workbook (`kind`) of the posted
 * selection (`orderNoList`), or of every order matching the posted filters
 * when nothing is selected. The file passes through without being buffered.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const page = resourcePage(request);
  // Any failure, of the user check or of the file, goes back to the page with its message.
  return downloadOrBack(request, context, page, async () => {
    await requireAccess(context, page);
    const form = postedForm(context);
    const parsed = downloadSchema.safeParse({
      kind: form.get("kind"),
      orderNoList: form.getAll("orderNoList"),
    });
    if (!parsed.success) {
      throw data({ message: getT(context)("common.wrongFormat") }, { status: 400 });
    }
    const texts = [...form.entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    const filters = readOrderFilters(new URLSearchParams(texts)).query;
    const { kind, orderNoList } = parsed.data;
    const upstream = await context
      .get(apiContext)
      .download(kind === "orders" ? "downloadOrders" : "downloadOrderLogistics", {
        query: filters,
        body: { orderNoList },
      });
    return new Response(upstream.body, {
      headers: fileHeaders(upstream, kind === "orders" ? "orders.xlsx" : "order-logistics.xlsx"),
    });
  });
}

/** A browser opening the address gets the translated 405 page. */
export function loader({ context }: Route.LoaderArgs) {
  return refusalPage(context, 405, { Allow: "POST" });
}
