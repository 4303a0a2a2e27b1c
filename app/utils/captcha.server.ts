/**
 * Image verification codes ("local" codes of the spec), drawn and checked by
 * the portal server. The answer never reaches the browser as text: it is
 * drawn as a PNG of distorted pixel glyphs, and the session keeps only an
 * HMAC of it, so a script can neither read the image as text nor the answer
 * from the (signed, not encrypted) session cookie.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { CAPTCHA_SIZE } from "./captcha-purpose.ts";

export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_MS = 5 * 60_000;
/** Letters and digits that cannot be mistaken for one another (no I/1, O/0). */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 5×7 pixel glyphs, one string of 7 rows per character (tests read pictures back with them). */
export const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  A: ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
  B: ["11110", "10001", "10001", "11110", "10001", "10001", "11110"],
  C: ["01110", "10001", "10000", "10000", "10000", "10001", "01110"],
  D: ["11110", "10001", "10001", "10001", "10001", "10001", "11110"],
  E: ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
  F: ["11111", "10000", "10000", "11110", "10000", "10000", "10000"],
  G: ["01110", "10001", "10000", "10111", "10001", "10001", "01111"],
  H: ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
  J: ["00111", "00010", "00010", "00010", "00010", "10010", "01100"],
  K: ["10001", "10010", "10100", "11000", "10100", "10010", "10001"],
  L: ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
  M: ["10001", "11011", "10101", "10101", "10001", "10001", "10001"],
  N: ["10001", "10001", "11001", "10101", "10011", "10001", "10001"],
  P: ["11110", "10001", "10001", "11110", "10000", "10000", "10000"],
  Q: ["01110", "10001", "10001", "10001", "10101", "10010", "01101"],
  R: ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
  S: ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
  T: ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
  U: ["10001", "10001", "10001", "10001", "10001", "10001", "01110"],
  V: ["10001", "10001", "10001", "10001", "10001", "01010", "00100"],
  W: ["10001", "10001", "10001", "10101", "10101", "10101", "01010"],
  X: ["10001", "10001", "01010", "00100", "01010", "10001", "10001"],
  Y: ["10001", "10001", "01010", "00100", "00100", "00100", "00100"],
  Z: ["11111", "00001", "00010", "00100", "01000", "10000", "11111"],
  "2": ["01110", "10001", "00001", "00010", "00100", "01000", "11111"],
  "3": ["11111", "00010", "00100", "00010", "00001", "10001", "01110"],
  "4": ["00010", "00110", "01010", "10010", "11111", "00010", "00010"],
  "5": ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
  "6": ["00110", "01000", "10000", "11110", "10001", "10001", "01110"],
  "7": ["11111", "00001", "00010", "00100", "01000", "01000", "01000"],
  "8": ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
  "9": ["01110", "10001", "10001", "01111", "00001", "00010", "01100"],
};

export function randomCaptchaText(length = CAPTCHA_LENGTH): string {
  let text = "";
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/**
 * The picture's size, shown at this size: big enough to read at a glance on
 * a phone or a 1366-px laptop, each glyph about 28 px tall.
 */
export const CAPTCHA_WIDTH = CAPTCHA_SIZE.width;
export const CAPTCHA_HEIGHT = CAPTCHA_SIZE.height;
const WIDTH = CAPTCHA_WIDTH;
const HEIGHT = CAPTCHA_HEIGHT;

/**
 * Draws the text as a noisy PNG (RGB). Dark, solid glyphs on a pale ground,
 * each slanted a little on its own, with pale lines and dots across them: a
 * person reads it at once, while the text is nowhere in the file.
 */
export function drawCaptchaPng(text: string): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const set = (x: number, y: number, [r, g, b]: readonly number[]) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= WIDTH || yi >= HEIGHT) return;
    const offset = (yi * WIDTH + xi) * 3;
    pixels[offset] = r ?? 0;
    pixels[offset + 1] = g ?? 0;
    pixels[offset + 2] = b ?? 0;
  };
  const randomColor = (min: number, max: number) =>
    [randomInt(min, max), randomInt(min, max), randomInt(min, max)] as const;

  // Pale, speckled background.
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) set(x, y, randomColor(225, 255));
  }
  // Glyphs: each scaled, sheared and shifted on its own.
  const slot = WIDTH / text.length;
  [...text].forEach((char, index) => {
    const glyph = GLYPHS[char];
    if (!glyph) return;
    const color = randomColor(10, 90);
    const scale = 4.6 + Math.random() * 0.6;
    const shear = (Math.random() - 0.5) * 0.4;
    const left = index * slot + (slot - 5 * scale) / 2 + (Math.random() - 0.5) * 4;
    const top = (HEIGHT - 7 * scale) / 2 + (Math.random() - 0.5) * 6;
    glyph.forEach((row, gy) => {
      [...row].forEach((bit, gx) => {
        if (bit !== "1") return;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const y = top + gy * scale + dy;
            const x = left + gx * scale + dx + shear * (y - HEIGHT / 2);
            set(x, y, color);
          }
        }
      });
    });
  });
  // Interference lines and dots, paler than the glyphs: they trouble a
  // program that cuts the picture into letters, not a reader.
  for (let line = 0; line < 4; line++) {
    const color = randomColor(130, 210);
    const y0 = randomInt(HEIGHT);
    const y1 = randomInt(HEIGHT);
    for (let x = 0; x < WIDTH; x++) set(x, y0 + ((y1 - y0) * x) / WIDTH, color);
  }
  for (let dot = 0; dot < 160; dot++)
    set(randomInt(WIDTH), randomInt(HEIGHT), randomColor(120, 230));

  return encodePng(pixels, WIDTH, HEIGHT);
}

function encodePng(rgb: Buffer, width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** What the session keeps of a captcha: never the answer itself. */
export interface CaptchaTicket {
  id: string;
  digest: string;
  expiresAt: number;
}

function digestOf(secret: string, id: string, answer: string): string {
  return createHmac("sha256", secret).update(`${id}:${answer.trim().toUpperCase()}`).digest("hex");
}

export function issueCaptcha(
  secret: string,
  now = Date.now(),
): { text: string; ticket: CaptchaTicket } {
  const text = randomCaptchaText();
  const id = randomBytes(12).toString("base64url");
  return {
    text,
    ticket: { id, digest: digestOf(secret, id, text), expiresAt: now + CAPTCHA_TTL_MS },
  };
}

/** Ids already answered in this process: a replayed cookie cannot reuse a ticket here. */
const usedTickets = new Map<string, number>();

export type CaptchaVerdict = "ok" | "missing" | "expired" | "wrong";

/**
 * Checks an answer, case-insensitively. A ticket is single use: the caller
 * removes it from the session whatever the verdict.
 */
export function verifyCaptcha(
  secret: string,
  ticket: CaptchaTicket | undefined,
  answer: string,
  options: { now?: number; testCode?: string } = {},
): CaptchaVerdict {
  const now = options.now ?? Date.now();
  if (options.testCode && answer.trim().toUpperCase() === options.testCode.toUpperCase())
    return "ok";
  if (!ticket) return "missing";
  for (const [id, expiresAt] of usedTickets) if (expiresAt < now) usedTickets.delete(id);
  if (ticket.expiresAt < now || usedTickets.has(ticket.id)) return "expired";
  usedTickets.set(ticket.id, ticket.expiresAt);
  const expected = Buffer.from(ticket.digest, "hex");
  const actual = Buffer.from(digestOf(secret, ticket.id, answer), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? "ok" : "wrong";
}
