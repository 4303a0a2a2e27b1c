import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  CAPTCHA_TTL_MS,
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

  it("draws a valid 120×40 PNG that does not contain the text", () => {
    const png = drawCaptchaPng("AB23");
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(png.readUInt32BE(16)).toBe(120);
    expect(png.readUInt32BE(20)).toBe(40);
    expect(png.includes("AB23")).toBe(false);
    const idatLength = png.readUInt32BE(33);
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe((120 * 3 + 1) * 40);
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
