import { requireAccess } from "~/utils/auth.server.ts";
import { fileHeaders } from "~/utils/file-response.server.ts";
import { downloadOrBack } from "~/utils/refusal.server.ts";
import { apiContext } from "~/utils/request-context.server.ts";
import { resourcePage } from "~/utils/resource-paths.ts";
import type { Route } from "./+types/order-import-template";

/** The xlsx template of the self-service number import, in the user's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = resourcePage(request);
  return downloadOrBack(request, context, page, async () => {
    await requireAccess(context, page);
    const upstream = await context.get(apiContext).download("importTemplate");
    return new Response(upstream.body, { headers: fileHeaders(upstream, "import-template.xlsx") });
  });
}
