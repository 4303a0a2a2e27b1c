/**
 * Barcodes of the printed paper (pallet labels, manifests), drawn by bwip-js
 * (a port of Barcode Writer in Pure PostScript) as SVG on the server.
 */
import bwipjs from "bwip-js/node";
import type { BarcodeDrawing, BarcodeStroke } from "~/utils/barcode-drawing.ts";

/** Code 128 carries ASCII only; longer texts than this never come from the backend's numbers. */
const CODE128_TEXT = /^[\x20-\x7e]{1,64}$/;

/**
 * The Code 128 barcode of `text`, or null when the text cannot be one (not
 * printable ASCII, or empty): the paper then shows the number alone.
 *
 * Bars only: the human-readable line is the page's own text, in the page's
 * font. No quiet zone either: the `Barcode` component draws it, in bar
 * widths, so it scales with the bars.
 */
export function code128(text: string): BarcodeDrawing | null {
  if (!CODE128_TEXT.test(text)) return null;
  const svg = bwipjs.toSVG({ bcid: "code128", text, height: 10, scale: 1, includetext: false });
  return drawingOf(text, svg);
}

/**
 * The bars of bwip-js's SVG: its `viewBox` and one `<path>` per bar width,
 * each a set of vertical lines. Drawn again by the `Barcode` component, so
 * that no markup of a library goes into the page as HTML.
 */
export function drawingOf(text: string, svg: string): BarcodeDrawing {
  const box = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  if (!box) throw new Error("bwip-js answered an SVG without a viewBox");
  const strokes: BarcodeStroke[] = [];
  for (const match of svg.matchAll(/<path stroke="#000000" stroke-width="([\d.]+)" d="([^"]+)"/g)) {
    strokes.push({ width: Number(match[1]), d: match[2] ?? "" });
  }
  if (strokes.length === 0) throw new Error("bwip-js answered an SVG without bars");
  return { text, width: Number(box[1]), height: Number(box[2]), strokes };
}
