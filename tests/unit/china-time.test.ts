import { describe, expect, it } from "vitest";
import { formatChinaDate, formatChinaTime } from "~/utils/china-time.ts";

describe("China time", () => {
  it("shows API seconds at UTC+8 whatever the process time zone", () => {
    // 2026-11-01T16:30:05Z is 2026-11-02 00:30:05 in China.
    const seconds = Date.UTC(2026, 10, 1, 16, 30, 5) / 1000;
    expect(process.env.TZ ?? "").not.toBe("Asia/Shanghai");
    expect(formatChinaTime({ seconds })).toBe("2026-11-02 00:30:05");
    expect(formatChinaDate({ seconds })).toBe("2026-11-02");
  });

  it("keeps empty values empty", () => {
    expect(formatChinaTime(null)).toBe("");
    expect(formatChinaTime(undefined)).toBe("");
  });
});
