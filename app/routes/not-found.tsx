import { data, redirectDocument } from "react-router";
import { Shell } from "~/components/app-shell.tsx";
import { ErrorPage } from "~/components/error-page.tsx";
import { apiContext } from "~/utils/request-context.server.ts";
import { loadShell } from "~/utils/shell.server.ts";
import type { ShellData } from "~/utils/shell-data.ts";
import type { Route } from "./+types/not-found";

/**
 * Any path that matches no page answers 404 with the translated error page;
 * a signed-in user sees it inside the menu and header, to go on from there.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return data({ shell: await signedInShell(context, request) }, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

/**
 * A navigation inside the app lands here for any address the browser's route
 * manifest lacks, and that manifest is the one of the release the tab was
 * loaded with (route discovery "initial",
 * docs/decisions/2026-11-27-route-manifest-as-a-file.md): a page a later
 * release added would show as not found. So the address is loaded as a
 * document, and the server answers it with the page, or with this one and
 * its 404. The document's own load hydrates the server's answer without
 * running this (no `clientLoader.hydrate`), so it cannot loop. A reload of
 * the data of the address the browser is already at (a revalidation, or
 * back and forward to an entry of this document) asks the server's data
 * as any page does.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const { pathname, search } = new URL(request.url);
  if (pathname + search !== window.location.pathname + window.location.search) {
    throw redirectDocument(pathname + search);
  }
  return await serverLoader();
}

/** The shell of a signed-in visitor; none for anybody else, or when the backend cannot say. */
async function signedInShell(
  context: Route.LoaderArgs["context"],
  request: Request,
): Promise<ShellData | null> {
  const api = context.get(apiContext);
  if (!api.hasToken) return null;
  try {
    const user = await api.attempt("accountInfo");
    return user.ok ? await loadShell(context, request, user.data) : null;
  } catch {
    // An ended session or a failing backend: the page stands alone.
    return null;
  }
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const shell = loaderData?.shell;
  if (!shell) return <ErrorPage status={404} />;
  return (
    <Shell data={shell}>
      <ErrorPage status={404} inShell />
    </Shell>
  );
}
