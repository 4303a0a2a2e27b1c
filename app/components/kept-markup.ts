/**
 * The HTML of a subtree that holds nothing the browser must attach (no
 * handler, no state, no id React makes), written once on the server and
 * kept, so that React does not walk and write its elements again for every
 * page (docs/decisions/2026-11-27-kept-menu-markup.md). The server's entry
 * gives the renderer (react-dom/server's `renderToString`, which writes the
 * text separators hydration expects); in the browser there is none, and the
 * subtree is drawn as elements, which hydrate against the same HTML.
 */
import { type Context, createElement, type ReactNode, use } from "react";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
} from "react-router";
import { RequestI18n } from "~/utils/i18n.ts";

let render: ((node: ReactNode) => string) | null = null;

/** Called by the server's entry, once: how a kept subtree is written. */
export function keepMarkupWith(renderer: ((node: ReactNode) => string) | null): void {
  render = renderer;
}

/** Whether kept subtrees are written as HTML here (the server). */
export function writesKeptMarkup(): boolean {
  return render !== null;
}

/** The HTML React writes for `node`, or null where kept subtrees are drawn as elements. */
export function keptMarkupOf(node: ReactNode): string | null {
  return render ? render(node) : null;
}

/**
 * An element's content: the kept HTML where there is some (from
 * `keptMarkupOf`: React's own writing, every text escaped by it), else what
 * `drawn` makes, drawn as elements (and only then made). Spread on the
 * element that holds it: `<ul {...keptOrDrawn(html, () => entries)} />`.
 */
export function keptOrDrawn(
  html: string | null,
  drawn: () => ReactNode,
): { dangerouslySetInnerHTML: { __html: string } } | { children: ReactNode } {
  return html !== null ? { dangerouslySetInnerHTML: { __html: html } } : { children: drawn() };
}

/**
 * The contexts a kept part's components may read on the server (the
 * request's translator, React Router's location, navigation, route, data
 * router and fetchers), handed again to the separate render that writes it,
 * so that it writes what the page's own render would.
 */
const REQUEST_CONTEXTS =
  // (A build-time constant first: the browser's bundle leaves the list out.)
  (
    import.meta.env.SSR
      ? [
          RequestI18n,
          UNSAFE_LocationContext,
          UNSAFE_NavigationContext,
          UNSAFE_RouteContext,
          UNSAFE_DataRouterContext,
          UNSAFE_DataRouterStateContext,
          UNSAFE_FetchersContext,
          UNSAFE_FrameworkContext,
        ]
      : []
  ) as readonly Context<unknown>[];

/** A part's key longer than this (a long selection in the address) keeps nothing. */
export const MAX_KEPT_PART_KEY = 1_024;
/**
 * At most this many parts of each name kept (a page's filters, its
 * operations, the layout's header): when passed, every part of that name is
 * dropped and counting starts again. A bound for each name, so that a part
 * kept for each account as well as each address (the header) does not drop
 * the parts kept for each address alone.
 */
export const MAX_KEPT_PARTS = 1_000;

/** Each part's HTML by its key, for each part's name; null: seen once, not written yet. */
const keptParts = new Map<string, Map<string, string | null>>();

/** Drops every kept part (tests; the bound). */
export function dropKeptParts(): void {
  keptParts.clear();
}

/**
 * A part of a page that the server writes once as HTML for a page asked for
 * again and keeps (docs/decisions/2026-11-27-kept-page-parts.md): the HTML
 * of what `draw` makes (made only when written), with the request's
 * contexts around it, for the part
 * `name` (one per part of a page) showing `shows` (a text of everything the
 * part shows besides the language and the address: the caller's data that
 * is not the address's), else null, where
 * the part is drawn as elements: in the browser, on an address shown for the
 * first time, or when `shows` is null (a state the caller does not keep).
 * Spread with `keptOrDrawn(html, draw)` on the element that holds the part,
 * so that the part's elements are made only where they are written. A hook: on
 * the server it reads the contexts it hands on; and it must be the calling
 * component's last, since a part written here is a render of its own, after
 * which React has no component rendering for more hooks to belong to.
 */
export function useKeptPart(
  name: string,
  shows: string | null,
  draw: () => ReactNode,
): string | null {
  if (!import.meta.env.SSR) return null;
  // A build-time constant: each bundle always takes the same branch; the
  // contexts are read with `use`, in the same order on every render.
  const values = REQUEST_CONTEXTS.map((context) => use(context));
  if (shows === null || render === null) return null;
  const i18n = values[0] as { language: string } | null;
  const location = (values[1] as { location: { pathname: string; search: string } } | null)
    ?.location;
  if (!i18n || !location) return null;
  // `shows` by its length before the address: both are free text (an
  // address's query keeps a `|`, an account's name may hold one), so that
  // no address can end in another account's part of the key and meet its
  // kept HTML.
  const key = `${name}|${i18n.language}|${shows.length}|${shows}|${location.pathname}${location.search}`;
  if (key.length > MAX_KEPT_PART_KEY) return null;
  let named = keptParts.get(name);
  if (!named) {
    named = new Map();
    keptParts.set(name, named);
  }
  const kept = named.get(key);
  if (kept !== undefined && kept !== null) return kept;
  if (kept === undefined) {
    if (named.size >= MAX_KEPT_PARTS) named.clear();
    // Seen once: drawn as elements (a page seen once would only fill the server's memory).
    named.set(key, null);
    return null;
  }
  let wrapped = draw();
  for (let index = REQUEST_CONTEXTS.length - 1; index >= 0; index -= 1) {
    const context = REQUEST_CONTEXTS[index] as Context<unknown>;
    wrapped = createElement(context, { value: values[index] }, wrapped);
  }
  const html = render(wrapped);
  named.set(key, html);
  return html;
}
