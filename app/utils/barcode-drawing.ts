/**
 * A barcode as the server draws it (`app/utils/barcode.server.ts`) and the
 * page shows it (`app/components/barcode.tsx`): runs of SVG bars.
 */

/** One run of bars of the same width: an SVG path's stroke width and its lines. */
export interface BarcodeStroke {
  width: number;
  d: string;
}

export interface BarcodeDrawing {
  /** The encoded text, also the image's accessible name. */
  text: string;
  /** Width and height in the drawing's units: one unit is the narrowest bar's width. */
  width: number;
  height: number;
  strokes: BarcodeStroke[];
}
