import { describe, expect, it } from "vitest";
import { code128, drawingOf } from "~/utils/barcode.server.ts";
import type { BarcodeDrawing } from "~/utils/barcode-drawing.ts";
import { readLuminance } from "../e2e/barcode-reader.ts";

/**
 * The drawing as pixels: white, with its bars black, `scale` pixels to a bar
 * width and a quiet zone of ten bar widths each side (what the Barcode
 * component draws around it).
 */
function rasterize(drawing: BarcodeDrawing, scale = 3) {
  const quiet = 10;
  const width = Math.ceil((drawing.width + 2 * quiet) * scale);
  const height = 40;
  const row = new Uint8ClampedArray(width).fill(255);
  for (const stroke of drawing.strokes) {
    for (const [, x] of stroke.d.matchAll(/M([\d.]+) [\d.]+L[\d.]+ [\d.]+/g)) {
      const from = Math.round((Number(x) - stroke.width / 2 + quiet) * scale);
      row.fill(0, from, from + stroke.width * scale);
    }
  }
  const pixels = new Uint8ClampedArray(width * height);
  for (let line = 0; line < height; line++) pixels.set(row, line * width);
  return { pixels, width, height };
}

describe("code128", () => {
  it.each(["TP2026101400006", "SF608624731697", "E564532328CN", "a-b c/1"])(
    "draws bars a reader reads back as %s",
    (text) => {
      const drawing = code128(text);
      expect(drawing).not.toBeNull();
      const { pixels, width, height } = rasterize(drawing!);
      expect(readLuminance(pixels, width, height)).toBe(text);
    },
  );

  it("draws nothing for what Code 128 cannot carry", () => {
    expect(code128("")).toBeNull();
    expect(code128("托盘01")).toBeNull();
    expect(code128("x".repeat(65))).toBeNull();
    expect(code128("tab\there")).toBeNull();
  });

  it("keeps the bars of the library's SVG and refuses one without them", () => {
    const svg =
      '<svg viewBox="0 0 20 10" xmlns="http://www.w3.org/2000/svg">\n' +
      '<path stroke="#000000" stroke-width="2" d="M1 10L1 0M7 10L7 0" />\n' +
      '<path stroke="#000000" stroke-width="1" d="M3.50 10L3.50 0" />\n</svg>';
    expect(drawingOf("x", svg)).toEqual({
      text: "x",
      width: 20,
      height: 10,
      strokes: [
        { width: 2, d: "M1 10L1 0M7 10L7 0" },
        { width: 1, d: "M3.50 10L3.50 0" },
      ],
    });
    expect(() => drawingOf("x", "<svg></svg>")).toThrow();
    expect(() => drawingOf("x", '<svg viewBox="0 0 1 1"></svg>')).toThrow();
  });
});
