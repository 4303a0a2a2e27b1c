import { apiContext } from "~/middleware/session.server.ts";
import { fileHeaders, requireOrderAccess } from "../order/access.server.ts";
import type { Route } from "./+types/order-import-template";

/** The xlsx template of the self-service number import, in the user's language. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireOrderAccess(context);
  const upstream = await context.get(apiContext).download("importTemplate");
  return new Response(upstream.body, { headers: fileHeaders(upstream, "import-template.xlsx") });
}
