/**
 * The HTML of a subtree that holds nothing the browser must attach (no
 * handler, no state, no id React makes), written once on the server and
 * kept, so that React does not walk and write its elements again for every
 * page (docs/decisions/2026-11-27-kept-menu-markup.md). The server's entry
 * gives the renderer (react-dom/server's `renderToString`, which writes the
 * text separators hydration expects); in the browser there is none, and the
 * subtree is drawn as elements, which hydrate against the same HTML.
 */
import type { ReactNode } from "react";

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
