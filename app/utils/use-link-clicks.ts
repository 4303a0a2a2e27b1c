import type { MouseEvent } from "react";
import { type NavigateOptions, useLocation, useNavigate } from "react-router";

/**
 * One click handler for the plain links (`<a href>`) inside an element: a
 * left click without modifier keys on a link of this site navigates inside
 * the app, as React Router's `<Link>` does, so the page is not loaded again.
 * For places that draw many links (a table's rows, its paging): a `<Link>`
 * runs a set of hooks per link on every render, the server's included
 * (docs/decisions/2026-11-26-plain-links-in-tables.md). Without JavaScript
 * the links are links.
 *
 * Left to the browser: new tabs and windows, downloads, other sites, links
 * with a `target`, a change of the hash alone, and any click a handler of
 * the link itself already took.
 */
export function useLinkClicks(
  /** How every link followed here navigates (a link that only changes the page's own state: `replace`, `state`…). */
  options?: NavigateOptions,
): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
    if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin) return;
    const here = `${location.pathname}${location.search}`;
    const there = `${url.pathname}${url.search}`;
    if (there === here && url.hash) return;
    event.preventDefault();
    // As `<Link>`: following a link to the address shown replaces it in the history.
    void navigate(`${there}${url.hash}`, {
      replace: there + url.hash === here + location.hash,
      ...options,
    });
  };
}
