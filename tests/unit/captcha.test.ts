import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_TTL_MS,
  CAPTCHA_WIDTH,
  drawCaptchaPng,
  issueCaptcha,
  randomCaptchaText,
  verifyCaptcha,
} from "~/utils/captcha.server.ts";

const SECRET = "unit-test-secret-unit-test-secret!!";

describe("image verification code", () => {
  it("has 4 unambiguous letters or digits", () => {
    for (let i = 0; i < 200; i++) expect(randomCaptchaText()).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
  });

  it("draws a valid 168×56 PNG, large enough to read, that does not contain the text", () => {
    const png = drawCaptchaPng("AB23");
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]).toEqual([168, 56]);
    expect(png.readUInt32BE(16)).toBe(168);
    expect(png.readUInt32BE(20)).toBe(56);
    expect(png.includes("AB23")).toBe(false);
    expect(png.toString("latin1")).not.toMatch(/A.?B.?2.?3/);
    const idatLength = png.readUInt32BE(33);
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe((168 * 3 + 1) * 56);
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
