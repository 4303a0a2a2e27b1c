/**
 * The fake backend's clock. Real time by default; tests pin or advance it
 * (e-mail code expiry, the 60 s resend rule, token expiry) without fake timers,
 * which would also freeze the HTTP stack the tests run over.
 */
import { CHINA_OFFSET_SECONDS } from "../app/utils/china-time.ts";

let fixedMs: number | null = null;
let offsetMs = 0;

export const mockClock = {
  /** Current time in milliseconds. */
  now(): number {
    return (fixedMs ?? Date.now()) + offsetMs;
  },
  /** Pin the clock to a time (ms), or back to real time with null. */
  set(ms: number | null): void {
    fixedMs = ms;
    offsetMs = 0;
  },
  /** Move the clock forward. */
  advance(ms: number): void {
    offsetMs += ms;
  },
  reset(): void {
    fixedMs = null;
    offsetMs = 0;
  },
};

export function nowSeconds(): number {
  return Math.floor(mockClock.now() / 1000);
}

/** `YYYY-MM-DD HH:mm:ss` in China time (UTC+8), whatever the server's time zone. */
export function formatChinaTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "";
  return new Date((seconds + CHINA_OFFSET_SECONDS) * 1000)
    .toISOString()
    .slice(0, 19)
    .replace("T", " ");
}

/** `YYYY-MM-DD` in China time. */
export function chinaDay(seconds: number): string {
  return formatChinaTime(seconds).slice(0, 10);
}

/** Unix seconds of a China-time wall clock date. */
export function chinaTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  return Date.UTC(year, month - 1, day, hour, minute, second) / 1000 - CHINA_OFFSET_SECONDS;
}
