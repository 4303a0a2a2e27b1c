import { createElement, type ReactNode } from "react";
import { useParams } from "react-router";
import { type MarkupNode, markupOf } from "../markup.ts";

function draw(nodes: readonly MarkupNode[]): ReactNode[] {
  return nodes.map((node) =>
    typeof node === "string"
      ? node
      : createElement(
          node.type,
          node.props,
          ...(node.children.length ? [draw(node.children)] : []),
        ),
  );
}

/** A copy of a portal page's markup, every element drawn by React as JSX would. */
export default function Markup() {
  return <>{draw(markupOf(useParams().page))}</>;
}
