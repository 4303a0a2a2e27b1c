/**
 * A barcode drawn by the server (`app/utils/barcode.server.ts`) as bars of
 * an SVG: crisp at any print resolution, no image request, and nothing of
 * the barcode library in the browser.
 */
import type { BarcodeDrawing } from "~/utils/barcode-drawing.ts";

/** White on each side, in bar widths: the quiet zone Code 128 scanners need. */
const QUIET_ZONE = 10;

export function Barcode({
  drawing,
  label,
  className,
}: {
  drawing: BarcodeDrawing;
  /** What a screen reader says (defaults to the encoded text). */
  label?: string;
  className?: string;
}) {
  return (
    <svg
      viewBox={`${-QUIET_ZONE} 0 ${drawing.width + 2 * QUIET_ZONE} ${drawing.height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label ?? drawing.text}
      className={className}
      data-barcode={drawing.text}
    >
      {drawing.strokes.map((stroke) => (
        <path key={stroke.width} stroke="#000" strokeWidth={stroke.width} d={stroke.d} />
      ))}
    </svg>
  );
}
