import { data, isRouteErrorResponse, Outlet } from "react-router";
import { Shell } from "~/components/app-shell.tsx";
import { ErrorPage } from "~/components/deferred-error-page.tsx";
import { loadSignedInTexts } from "~/locales/signed-in-texts.ts";
import { requireUserMiddleware } from "~/middleware/require-user.server.ts";
import { keepDataOnSelection } from "~/utils/list-revalidation.ts";
import { localeOfPath } from "~/utils/locale-path.ts";
import { getUser, sessionContext } from "~/utils/request-context.server.ts";
import { commitSession } from "~/utils/session.server.ts";
import { loadShell } from "~/utils/shell.server.ts";
import { shellOf } from "~/utils/shell-data.ts";
import type { Route } from "./+types/home";

export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

// The signed-in pages' texts (lists, orders, saved views) are a chunk the
// login page does not load (locales/signed-in-texts.ts). On a first load this module
// runs before the entry, which waits for them; the root's `App` (root.tsx)
// preloads the chunk from the page's head on this layout's pages.
if (typeof document !== "undefined") void loadSignedInTexts(localeOfPath(location.pathname));

/** A navigation into the layout (signing in, without a reload) waits for them: no keys drawn. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    await loadSignedInTexts(localeOfPath(new URL(request.url).pathname));
    return next();
  },
];

/** Choosing orders in a list changes only its selection in the URL: nothing to reload. */
export const shouldRevalidate = keepDataOnSelection;

export async function loader({ request, context }: Route.LoaderArgs) {
  // A message a download left for the page it sent the user back to (refusal.server.ts).
  const session = context.get(sessionContext);
  const flash = session.get("notice") ?? null;
  return data(
    await loadShell(context, request, await getUser(context), flash),
    flash ? { headers: { "Set-Cookie": await commitSession(session) } } : undefined,
  );
}

/** The home layout: side menu, header and the page. */
export default function HomeLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell data={loaderData}>
      <Outlet />
    </Shell>
  );
}

/**
 * A page that fails (a coded error of its loader or action, a refusal, an
 * unreachable backend) shows the error page inside the menu and header, so
 * the user can go on elsewhere. When the layout itself failed (not signed in
 * any more, its own data missing) there is no menu to keep: the error page
 * stands alone. A signed-in user refused a page (403) keeps the menu and
 * header: the refusal carries them (`refuseInShell`), and the boundary that
 * draws it (this one, or the root's) puts them around the error page.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  const payload = isRouteErrorResponse(error) ? error.data : undefined;
  const shell = loaderData ?? shellOf(payload);
  if (!shell) return <ErrorPage status={status} payload={payload} />;
  return (
    <Shell data={shell}>
      <ErrorPage status={status} payload={payload} inShell />
    </Shell>
  );
}
