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

/** A set of pixels on a grid of `width` columns, with each pixel's neighbours (rounding aside). */
function grown(pixels: Iterable<[number, number]>, width: number, height: number): Uint8Array {
  const grid = new Uint8Array(width * height);
  for (const [y, x] of pixels) {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (y + dy >= 0 && y + dy < height && x + dx >= 0 && x + dx < width) {
          grid[(y + dy) * width + x + dx] = 1;
        }
      }
    }
  }
  return grid;
}

/**
 * One glyph drawn as the picture draws it, at a size and slant: its pixels
 * as [row, column] from its top row and leftmost column, and the same grown
 * by a pixel on a grid 2 pixels larger on each side.
 */
function drawGlyph(glyph: readonly string[], scale: number, shear: number) {
  const drawn = new Map<string, [number, number]>();
  glyph.forEach((row, gy) => {
    [...row].forEach((bit, gx) => {
      if (bit !== "1") return;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const y = gy * scale + dy;
          const pixel: [number, number] = [Math.round(y), Math.round(gx * scale + dx + shear * y)];
          drawn.set(pixel.join(), pixel);
        }
      }
    });
  });
  const left = Math.min(...[...drawn.values()].map(([, x]) => x));
  const pixels = [...drawn.values()].map(([y, x]): [number, number] => [y, x - left]);
  const width = Math.max(...pixels.map(([, x]) => x)) + 5;
  const height = Math.max(...pixels.map(([y]) => y)) + 5;
  const near = grown(
    pixels.map(([y, x]): [number, number] => [y + 2, x + 2]),
    width,
    height,
  );
  return { pixels, near, width, height };
}

const DRAWN = Object.entries(GLYPHS).flatMap(([char, glyph]) =>
  SCALES.flatMap((scale) =>
    SHEARS.map((shear) => ({ char, scale, ...drawGlyph(glyph, scale, shear) })),
  ),
);

/**
 * Reads a picture's code as a person would, glyph by glyph: the dark pixels
 * of each quarter are compared with every glyph of the font, drawn at the
 * sizes their height allows and at every slant the picture may use, placed
 * where the dark pixels start. The glyph whose pixels lie on dark ones and
 * whose shape covers the dark ones best (a pixel either way forgiven, for
 * rounding) is the character. Noise is pale, so a dark pixel belongs to a
 * glyph.
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
    // Seven rows of cells, each `scale` pixels high, make the glyph's height.
    const rows = Math.max(...dark.map(([y]) => y)) - top + 1;
    const nearDark = grown(dark, width, height);
    let best = { char: "?", score: 0 };
    for (const glyph of DRAWN) {
      if (Math.abs(glyph.scale * 7 - rows) > 2.5) continue;
      let onDark = 0;
      for (const [y, x] of glyph.pixels) onDark += nearDark[(top + y) * width + left + x] ?? 0;
      let covered = 0;
      for (const [y, x] of dark) {
        const [gy, gx] = [y - top + 2, x - left + 2];
        if (gy < glyph.height && gx >= 0 && gx < glyph.width) {
          covered += glyph.near[gy * glyph.width + gx] ?? 0;
        }
      }
      const score = (onDark / glyph.pixels.length) * (covered / dark.length);
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
    for (let i = 0; i < 4; i++) {
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
