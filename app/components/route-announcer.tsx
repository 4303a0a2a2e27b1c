import { useEffect, useRef, useState } from "react";
import { useLocation, useMatches } from "react-router";
import { useTranslation } from "~/utils/i18n.ts";
import { RESULT_PARAM } from "~/utils/list-query.ts";
import { localeOfPath } from "~/utils/locale-path.ts";
import { titleKeyOf } from "~/utils/page-title.ts";

/** A query without the id of a change's result (see app/utils/list-query.ts). */
function withoutResult(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(RESULT_PARAM);
  return params.toString();
}

/** Focuses an element that is not focusable by itself (a heading, the results). */
function focusElement(element: HTMLElement) {
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus();
}

/**
 * After a client navigation: announces the new page (its title) in a polite
 * live region and moves focus to its main heading; after a new query on the
 * same page (filter, page, tab), moves focus to the results. The first render
 * (a full page load) is left to the browser, which reads the title itself.
 * Another address of the same page (the login form posts to `/login` and
 * shows itself there again with its refusal) is no new page: focus stays in
 * the form, whose message speaks for itself (role="alert").
 */
export const RouteAnnouncer = import.meta.env.SSR ? EmptyRegion : LiveRouteAnnouncer;

/**
 * The server's announcer: the live region, empty. What fills it runs only
 * after a navigation, in the browser; the server's render skips the
 * location, the route matches and the page's title it would only have read
 * for that (a build-time constant: each bundle has one of the two).
 */
function EmptyRegion() {
  return <Region message="" />;
}

function Region({ message }: { message: string }) {
  return (
    <div className="sr-only" role="status" aria-live="polite" data-testid="route-announcer">
      {message}
    </div>
  );
}

function LiveRouteAnnouncer() {
  const { t } = useTranslation();
  const location = useLocation();
  const [message, setMessage] = useState("");
  const previous = useRef<{ pathname: string; search: string; page: string } | null>(null);
  // A list with a query ends in a slash (`/order/?page=2`): the same page as `/order`.
  const pathname = location.pathname.replace(/(.)\/$/, "$1");
  // A page is known by its language and title (app/utils/site-map.ts gives
  // the page of several addresses one title).
  const titleKey = titleKeyOf(useMatches().map((match) => match.id));
  const page = `${localeOfPath(pathname)} ${titleKey ?? pathname}`;

  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname, search: location.search, page };
    if (!before) return;
    // A query change that only records a choice (a list's selection) keeps focus where it is.
    if ((location.state as { keepFocus?: boolean } | null)?.keepFocus) return;
    // A change that redirected back with its result (`done=`) leaves focus
    // where the user was working (the next scan, the form's button).
    if (
      before.pathname === pathname &&
      withoutResult(before.search) === withoutResult(location.search)
    )
      return;
    if (before.page === page && before.pathname !== pathname) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector("h1");
    if (before.pathname === pathname) {
      const results = document.querySelector<HTMLElement>("[data-results]");
      const target = results ?? heading;
      if (target) focusElement(target);
      const summary = results?.getAttribute("data-results-summary");
      setMessage(summary ?? "");
      return;
    }
    if (heading) focusElement(heading);
    setMessage(t("titles.navigatedTo", { title: document.title }));
  }, [pathname, location.search, location.state, page, t]);

  return <Region message={message} />;
}
