/**
 * China time is one offset, defined once: the portal's formatting, the date
 * filters and the fake backend's clock, days and workbooks agree on it.
 */
import { describe, expect, it } from "vitest";
import { CHINA_OFFSET_SECONDS, formatChinaTime } from "../../app/utils/china-time.ts";
import { formatChinaTime as backendTime, chinaDay } from "../../mocks/clock.ts";

describe("the UTC+8 offset", () => {
  it("is eight hours, with no daylight saving", () => {
    expect(CHINA_OFFSET_SECONDS).toBe(8 * 60 * 60);
  });

  it("puts the portal and the fake backend on the same wall clock", () => {
    // 2026-11-24 16:30:05 UTC is 2026-11-25 00:30:05 in China.
    const seconds = Date.UTC(2026, 10, 24, 16, 30, 5) / 1000;
    expect(formatChinaTime({ seconds })).toBe("2026-11-25 00:30:05");
    expect(backendTime(seconds)).toBe("2026-11-25 00:30:05");
    expect(chinaDay(seconds)).toContain("2026-11-25");
  });
});
