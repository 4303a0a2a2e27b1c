/**
 * Turns a rendered page's `<body>` back into elements React can draw (the
 * floor's copy of a portal page, see server.ts). Enough HTML for what React
 * itself wrote: well-formed tags, quoted attributes, the five escapes;
 * scripts and templates are left out, comments dropped.
 */
import type { MarkupNode } from "./app/markup.ts";

type Element = Extract<MarkupNode, { type: string }>;

const VOID = new Set([
  "area",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const SKIPPED = new Set(["script", "template"]);
const PROP_NAMES: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  colspan: "colSpan",
  rowspan: "rowSpan",
  maxlength: "maxLength",
  minlength: "minLength",
  autocomplete: "autoComplete",
  enctype: "encType",
  inputmode: "inputMode",
  readonly: "readOnly",
  novalidate: "noValidate",
  spellcheck: "spellCheck",
  autofocus: "autoFocus",
  datetime: "dateTime",
  srcset: "srcSet",
  crossorigin: "crossOrigin",
  formaction: "formAction",
  formmethod: "formMethod",
  "stroke-width": "strokeWidth",
  "stroke-linecap": "strokeLinecap",
  "stroke-linejoin": "strokeLinejoin",
  "fill-rule": "fillRule",
  "clip-rule": "clipRule",
};
const BOOLEAN = new Set([
  "disabled",
  "hidden",
  "open",
  "required",
  "readOnly",
  "multiple",
  "noValidate",
  "autoFocus",
]);
const TOKEN =
  /<!--[\s\S]*?-->|<\/([a-zA-Z0-9-]+)\s*>|<([a-zA-Z0-9-]+)((?:\s+[^\s=>/]+(?:=(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|([^<]+)/g;
const ATTRIBUTE = /([^\s=>/]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

function style(value: string): Record<string, string> {
  const declarations = value.split(";").filter((declaration) => declaration.includes(":"));
  return Object.fromEntries(
    declarations.map((declaration) => {
      const [name = "", ...rest] = declaration.split(":");
      return [
        name.trim().replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
        rest.join(":").trim(),
      ];
    }),
  );
}

function propsOf(attributes: string, key: number): Record<string, unknown> {
  const props: Record<string, unknown> = { key };
  for (const [, name = "", double, single, bare] of attributes.matchAll(ATTRIBUTE)) {
    const value = unescapeHtml(double ?? single ?? bare ?? "");
    const prop = PROP_NAMES[name] ?? name;
    if (prop === "style") props.style = style(value);
    else if (prop === "value") props.defaultValue = value;
    else if (prop === "checked") props.defaultChecked = true;
    else if (prop === "selected") continue;
    else props[prop] = BOOLEAN.has(prop) ? true : value;
  }
  return props;
}

export function markupTree(html: string): MarkupNode[] {
  const start = html.indexOf(">", html.indexOf("<body")) + 1;
  const body = html.slice(start, html.lastIndexOf("</body>"));
  const root: MarkupNode[] = [];
  const open: Element[] = [];
  let skippingUntil = "";
  for (const [token, closing, tag, attributes = "", selfClosing, text] of body.matchAll(TOKEN)) {
    const siblings = open.at(-1)?.children ?? root;
    if (skippingUntil) {
      if (closing === skippingUntil) skippingUntil = "";
    } else if (closing) {
      open.pop();
    } else if (tag) {
      const type = tag.toLowerCase();
      if (SKIPPED.has(type)) {
        if (!selfClosing) skippingUntil = type;
        continue;
      }
      const element: Element = { type, props: propsOf(attributes, siblings.length), children: [] };
      siblings.push(element);
      if (!VOID.has(type) && !selfClosing) open.push(element);
    } else if (text !== undefined && !token.startsWith("<!--")) {
      siblings.push(unescapeHtml(text));
    }
  }
  return root;
}

export function countElements(nodes: readonly MarkupNode[]): number {
  return nodes.reduce(
    (sum, node) => sum + (typeof node === "string" ? 0 : 1 + countElements(node.children)),
    0,
  );
}
