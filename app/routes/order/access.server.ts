import { data, type RouterContextProvider, redirect } from "react-router";
import type { CurrentUser } from "~/contract/index.ts";
import { apiContext } from "~/middleware/session.server.ts";
import { canOpen } from "~/utils/permissions.ts";

/**
 * Resource routes of the order list live outside the home layout, so they
 * check here what its middleware checks for pages: a logged-in user (else
 * the login page) who may open `/order` (else 403). The backend checks again.
 */
export async function requireOrderAccess(
  context: Readonly<RouterContextProvider>,
): Promise<CurrentUser> {
  const api = context.get(apiContext);
  if (!api.hasToken) throw redirect("/");
  const user = await api.call("accountInfo");
  if (!canOpen(user.scope, "/order")) throw data({ message: "forbidden" }, { status: 403 });
  return user;
}

/** Headers of a streamed xlsx answer: the backend's file name, never cached. */
export function fileHeaders(upstream: Response, fallbackName: string): Headers {
  return new Headers({
    "Content-Type":
      upstream.headers.get("Content-Type") ??
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition":
      upstream.headers.get("Content-Disposition") ?? `attachment; filename="${fallbackName}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
