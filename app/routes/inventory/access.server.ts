import { data, type RouterContextProvider, redirect } from "react-router";
import type { CurrentUser } from "~/contract/index.ts";
import { apiContext } from "~/middleware/session.server.ts";
import { canOpen } from "~/utils/permissions.ts";

/**
 * The inventory downloads live outside the home layout, so they check here
 * what its middleware checks for the pages: a logged-in user (else the login
 * page) who may open `/inventory_system` (else 403). The backend checks again.
 */
export async function requireInventoryAccess(
  context: Readonly<RouterContextProvider>,
): Promise<CurrentUser> {
  const api = context.get(apiContext);
  if (!api.hasToken) throw redirect("/");
  const user = await api.call("accountInfo");
  if (!canOpen(user.scope, "/inventory_system")) {
    throw data({ message: "forbidden" }, { status: 403 });
  }
  return user;
}
