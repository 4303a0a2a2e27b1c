/** One element of a copied page, its props already in React's names. */
export type MarkupNode =
  | string
  | { type: string; props: Record<string, unknown>; children: MarkupNode[] };

const KEY = Symbol.for("bench.floor.markup");

function pages(): Map<string, MarkupNode[]> {
  const global = globalThis as Record<symbol, Map<string, MarkupNode[]> | undefined>;
  global[KEY] ??= new Map();
  return global[KEY];
}

/** The copy of a page the floor's server was given (server.ts); nothing in a browser. */
export function markupOf(page: string | undefined): readonly MarkupNode[] {
  return (page && pages().get(page)) || [];
}

export function provideMarkup(page: string, nodes: MarkupNode[]): void {
  pages().set(page, nodes);
}
