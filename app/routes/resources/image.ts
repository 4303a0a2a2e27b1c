import { data } from "react-router";
import { z } from "zod";
import { apiContext } from "~/utils/request-context.server.ts";
import type { Route } from "./+types/image";

const idSchema = z.string().regex(/^[\w-]{1,100}$/);

/**
 * Uploaded images (licences, ID cards) shown through the portal: the browser
 * only talks to the portal, and only a logged-in user sees them. Identity
 * papers are never kept by the browser (`no-store`): a shared computer's
 * cache must not hand them to the next user after sign-out.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const id = idSchema.safeParse(url.searchParams.get("id"));
  if (!api.hasToken || !id.success) throw data({ message: "not found" }, { status: 404 });
  const image = await api.download("image", { params: { id: id.data } });
  return new Response(image.body, {
    headers: {
      "Content-Type": image.headers.get("Content-Type") ?? "application/octet-stream",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
