import { inflateSync } from "node:zlib";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_LENGTH,
  CAPTCHA_TTL_MS,
  CAPTCHA_WIDTH,
  drawCaptchaPng,
  GLYPHS,
  issueCaptcha,
  randomCaptchaText,
  verifyCaptcha,
} from "~/utils/captcha.server.ts";

const SECRET = "unit-test-secret-unit-test-secret!!";

/** The chunk types of a PNG file, in order. */
function chunkTypesOf(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) {
    types.push(png.toString("latin1", at + 4, at + 8));
  }
  return types;
}

/** The sizes and slants the picture draws its glyphs at. */
const SCALES = [4.6, 4.7, 4.8, 4.9, 5, 5.1, 5.2];
const SHEARS = [-0.2, -0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15, 0.2];
/** A square larger than any glyph, a glyph placed 2 pixels in from its top left corner. */
const BOX = 48;

/** The pixels of a grid `width` wide, each with its 8 neighbours (for rounding). */
function grown(pixels: Iterable<number>, width: number, size: number): Uint8Array {
  const grid = new Uint8Array(size);
  for (const at of pixels) {
    for (const dy of [-width, 0, width]) {
      for (const dx of [-1, 0, 1]) if (at + dy + dx >= 0) grid[at + dy + dx] = 1;
    }
  }
  return grid;
}

/**
 * One glyph drawn as the picture draws it, at a size and slant, its top
 * row and leftmost column at 0: its pixels as offsets in the picture, its
 * height in rows, and its shape grown by a pixel in a BOX.
 */
function drawGlyph(glyph: readonly string[], scale: number, shear: number) {
  const drawn: [number, number][] = [];
  glyph.forEach((row, gy) => {
    [...row].forEach((bit, gx) => {
      if (bit !== "1") return;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const y = gy * scale + dy;
          drawn.push([Math.round(y), Math.round(gx * scale + dx + shear * y)]);
        }
      }
    });
  });
  const left = Math.min(...drawn.map(([, x]) => x));
  const unique = new Map(drawn.map(([y, x]) => [y * BOX + x - left, [y, x - left] as const]));
  const pixels = [...unique.values()];
  return {
    offsets: Int32Array.from(pixels, ([y, x]) => y * CAPTCHA_WIDTH + x),
    rows: Math.max(...pixels.map(([y]) => y)) + 1,
    near: grown(
      pixels.map(([y, x]) => (y + 2) * BOX + x + 2),
      BOX,
      BOX * BOX,
    ),
  };
}

const DRAWN = Object.entries(GLYPHS).flatMap(([char, glyph]) =>
  SCALES.flatMap((scale) => SHEARS.map((shear) => ({ char, ...drawGlyph(glyph, scale, shear) }))),
);

/**
 * Reads a picture's code as a person would, glyph by glyph: the dark pixels
 * of each quarter are compared with every glyph of the font, drawn at each
 * size and slant the picture may use, placed where the dark pixels start.
 * The glyph whose pixels lie on dark ones and whose shape covers the dark
 * ones best (a pixel either way forgiven, for rounding) is the character.
 * Noise is pale, so a dark pixel belongs to a glyph.
 */
function readCaptcha(png: Buffer): string {
  const { width, height, data } = PNG.sync.read(png);
  const slot = width / CAPTCHA_LENGTH;
  let text = "";
  for (let index = 0; index < CAPTCHA_LENGTH; index++) {
    const dark: [number, number][] = [];
    for (let y = 0; y < height; y++) {
      for (let x = Math.ceil(index * slot); x < (index + 1) * slot; x++) {
        const at = (y * width + x) * 4;
        if (Math.max(data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0) < 100) dark.push([y, x]);
      }
    }
    const top = Math.min(...dark.map(([y]) => y));
    const left = Math.min(...dark.map(([, x]) => x));
    const rows = Math.max(...dark.map(([y]) => y)) - top + 1;
    const nearDark = grown(
      dark.map(([y, x]) => y * width + x),
      width,
      width * height,
    );
    const inBox = Int32Array.from(dark, ([y, x]) => (y - top + 2) * BOX + x - left + 2);
    const origin = top * width + left;
    let best = { char: "?", score: 0 };
    for (const glyph of DRAWN) {
      // Its size gives a glyph its height, give or take the rounding of where
      // it starts and a pale line drawn over its top or bottom row of pixels.
      if (Math.abs(glyph.rows - rows) > 3) continue;
      let onDark = 0;
      for (const at of glyph.offsets) onDark += nearDark[origin + at] ?? 0;
      if (onDark / glyph.offsets.length <= best.score) continue;
      let covered = 0;
      for (const at of inBox) covered += glyph.near[at] ?? 0;
      const score = (onDark / glyph.offsets.length) * (covered / inBox.length);
      if (score > best.score) best = { char: glyph.char, score };
    }
    text += best.char;
  }
  return text;
}

describe("image verification code", () => {
  it("has 4 unambiguous letters or digits", () => {
    for (let i = 0; i < 200; i++) expect(randomCaptchaText()).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
  });

  it("draws a 168×56 PNG of pixels alone: no chunk carries text", () => {
    const png = drawCaptchaPng("AB23");
    expect([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]).toEqual([168, 56]);
    const image = PNG.sync.read(png);
    expect([image.width, image.height]).toEqual([168, 56]);
    expect(new Set(chunkTypesOf(png))).toEqual(new Set(["IHDR", "IDAT", "IEND"]));
  });

  it("draws the code, each glyph read back off the pixels as its own character", () => {
    for (let i = 0; i < 2; i++) {
      const text = randomCaptchaText();
      expect(readCaptcha(drawCaptchaPng(text))).toBe(text);
    }
    // Every character of the alphabet, each at least once.
    for (const text of ["ABCD", "EFGH", "JKLM", "NPQR", "STUV", "WXYZ", "2345", "6789"]) {
      expect(readCaptcha(drawCaptchaPng(text))).toBe(text);
    }
  });

  it("draws the glyphs dark on a pale ground, darker than any noise", () => {
    const png = drawCaptchaPng("HHHH");
    const idatLength = png.readUInt32BE(33);
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    let dark = 0;
    for (let y = 0; y < 56; y++) {
      for (let x = 0; x < 168; x++) {
        const at = y * (168 * 3 + 1) + 1 + x * 3;
        const brightest = Math.max(raw[at] ?? 0, raw[at + 1] ?? 0, raw[at + 2] ?? 0);
        if (brightest < 100) dark += 1;
      }
    }
    // Four H's of 5×7 cells, 17 lit each, at 4.6 px or more a cell: at least
    // 1,400 dark pixels, of which the pale lines and dots (never that dark)
    // cover 832 at the very most.
    expect(dark).toBeGreaterThan(4 * 17 * 4.6 * 4.6 - 4 * 168 - 160);
  });

  it("keeps only a digest of the answer", () => {
    const { text, ticket } = issueCaptcha(SECRET);
    expect(JSON.stringify(ticket)).not.toContain(text);
  });

  it("accepts the answer once, case-insensitively", () => {
    const { text, ticket } = issueCaptcha(SECRET);
    expect(verifyCaptcha(SECRET, ticket, ` ${text.toLowerCase()} `)).toBe("ok");
    expect(verifyCaptcha(SECRET, ticket, text)).toBe("expired");
  });

  it("refuses a wrong, missing or expired answer", () => {
    const { ticket } = issueCaptcha(SECRET);
    expect(verifyCaptcha(SECRET, ticket, "0000")).toBe("wrong");
    expect(verifyCaptcha(SECRET, undefined, "ABCD")).toBe("missing");
    const old = issueCaptcha(SECRET, Date.now() - CAPTCHA_TTL_MS - 1);
    expect(verifyCaptcha(SECRET, old.ticket, old.text)).toBe("expired");
    const other = issueCaptcha(SECRET);
    expect(verifyCaptcha("another-secret-another-secret-xx", other.ticket, other.text)).toBe(
      "wrong",
    );
  });

  it("accepts the test code only when one is configured", () => {
    expect(verifyCaptcha(SECRET, undefined, "t3st", { testCode: "T3ST" })).toBe("ok");
    expect(verifyCaptcha(SECRET, undefined, "T3ST")).toBe("missing");
  });
});
