import { describe, expect, it } from "vitest";
import {
  activeShortcut,
  chinaDayStart,
  chinaToday,
  isCalendarDay,
  parseDateRange,
  rangeToSeconds,
  shortcutRange,
} from "~/utils/date-range.ts";

const q = (search: string) => new URLSearchParams(search);

describe("chinaToday", () => {
  it("is the calendar day in China, whatever the process time zone", () => {
    // 2026-11-21T16:30Z is already 2026-11-22 00:30 in China.
    expect(chinaToday(Date.UTC(2026, 10, 21, 16, 30))).toBe("2026-11-22");
    expect(chinaToday(Date.UTC(2026, 10, 21, 15, 59, 59))).toBe("2026-11-21");
  });
});

describe("isCalendarDay", () => {
  it("accepts real days written YYYY-MM-DD", () => {
    expect(isCalendarDay("2026-11-22")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
  });

  it("refuses other shapes and days that do not exist", () => {
    for (const value of ["2026-2-1", "2026/11/22", "20261122", "2026-02-30", "2026-13-01", "x"]) {
      expect(isCalendarDay(value)).toBe(false);
    }
    expect(isCalendarDay("2027-02-29")).toBe(false);
  });
});

describe("shortcutRange", () => {
  it("ends today and starts a week, a month or three months earlier", () => {
    expect(shortcutRange("lastWeek", "2026-11-22")).toEqual({
      startDate: "2026-11-15",
      endDate: "2026-11-22",
    });
    expect(shortcutRange("lastMonth", "2026-11-22")).toEqual({
      startDate: "2026-10-22",
      endDate: "2026-11-22",
    });
    expect(shortcutRange("lastThreeMonths", "2026-11-22")).toEqual({
      startDate: "2026-08-22",
      endDate: "2026-11-22",
    });
  });

  it("crosses years and clamps to the end of a shorter month", () => {
    expect(shortcutRange("lastWeek", "2027-01-03").startDate).toBe("2026-12-27");
    expect(shortcutRange("lastMonth", "2027-03-31").startDate).toBe("2027-02-28");
    expect(shortcutRange("lastThreeMonths", "2027-05-31").startDate).toBe("2027-02-28");
  });

  it("answers each day its own ranges, asked in turns, and a caller's change stays its own", () => {
    for (const [today, start] of [
      ["2026-11-22", "2026-10-22"],
      ["2026-11-23", "2026-10-23"],
      ["2026-11-22", "2026-10-22"],
    ] as const) {
      expect(shortcutRange("lastMonth", today)).toEqual({ startDate: start, endDate: today });
    }
    const changed = shortcutRange("lastWeek", "2026-11-22");
    changed.startDate = "2000-01-01";
    expect(shortcutRange("lastWeek", "2026-11-22").startDate).toBe("2026-11-15");
  });

  it("is recognised as the chosen shortcut", () => {
    const today = "2026-11-22";
    expect(activeShortcut(shortcutRange("lastMonth", today), today)).toBe("lastMonth");
    expect(activeShortcut({ startDate: "2026-11-01", endDate: today }, today)).toBeUndefined();
    expect(activeShortcut({}, today)).toBeUndefined();
  });
});

describe("parseDateRange", () => {
  it("reads both days, either day, or none", () => {
    expect(parseDateRange(q("startDate=2026-11-01&endDate=2026-11-22"))).toMatchObject({
      ok: true,
      range: { startDate: "2026-11-01", endDate: "2026-11-22" },
    });
    expect(parseDateRange(q("startDate=2026-11-01&endDate="))).toMatchObject({
      ok: true,
      range: { startDate: "2026-11-01", endDate: undefined },
    });
    expect(parseDateRange(q(""))).toMatchObject({
      ok: true,
      range: { startDate: undefined, endDate: undefined },
    });
  });

  it("reads a day typed with slashes, dots or no separator in the portal's one format", () => {
    expect(parseDateRange(q("startDate=2026/11/01&endDate=20261122"))).toMatchObject({
      ok: true,
      range: { startDate: "2026-11-01", endDate: "2026-11-22" },
      input: { startDate: "2026-11-01", endDate: "2026-11-22" },
    });
    expect(parseDateRange(q("startDate=2026.11.01"))).toMatchObject({
      ok: true,
      range: { startDate: "2026-11-01" },
    });
    // Month-first, as an English date field would show it, is not guessed at.
    expect(parseDateRange(q("startDate=11/01/2026"))).toMatchObject({
      ok: false,
      input: { startDate: "11/01/2026" },
    });
  });

  it("allows a single day", () => {
    expect(parseDateRange(q("startDate=2026-11-22&endDate=2026-11-22")).ok).toBe(true);
  });

  it("says so when a day is malformed or the start is after the end", () => {
    expect(parseDateRange(q("startDate=2026-02-30"))).toMatchObject({
      ok: false,
      error: "inventory.dateRange.invalid",
    });
    expect(parseDateRange(q("endDate=yesterday"))).toMatchObject({
      ok: false,
      error: "inventory.dateRange.invalid",
    });
    expect(parseDateRange(q("startDate=2026-11-23&endDate=2026-11-22"))).toMatchObject({
      ok: false,
      error: "inventory.dateRange.order",
    });
  });
});

describe("rangeToSeconds", () => {
  it("starts at 00:00 China time and ends after the last day (exclusive)", () => {
    // 2026-11-01 00:00 China time is 2026-10-31T16:00Z.
    expect(chinaDayStart("2026-11-01")).toBe(Date.UTC(2026, 9, 31, 16) / 1000);
    expect(rangeToSeconds({ startDate: "2026-11-01", endDate: "2026-11-01" })).toEqual({
      startTime: Date.UTC(2026, 9, 31, 16) / 1000,
      endTime: Date.UTC(2026, 10, 1, 16) / 1000,
    });
  });

  it("leaves an open side open", () => {
    expect(rangeToSeconds({})).toEqual({ startTime: undefined, endTime: undefined });
    expect(rangeToSeconds({ endDate: "2026-11-22" }).startTime).toBeUndefined();
  });
});

describe("parseDateRange input", () => {
  it("keeps the range as typed, to show it again beside its error", () => {
    expect(parseDateRange(q("startDate=2026-11-23&endDate=2026-11-22")).input).toEqual({
      startDate: "2026-11-23",
      endDate: "2026-11-22",
    });
  });
});

describe("shortcutRange against dayjs", () => {
  it("starts every shortcut where dayjs's subtract did, every day of 2019 to 2029", async () => {
    // The shortcuts were dayjs's `utc(today).subtract(…)` until it left the
    // browser's first load; every day of these years, leap days and month
    // ends included, keeps the day it had.
    const { default: dayjs } = await import("dayjs");
    const { default: utc } = await import("dayjs/plugin/utc.js");
    dayjs.extend(utc);
    const steps = {
      lastWeek: [7, "day"],
      lastMonth: [1, "month"],
      lastThreeMonths: [3, "month"],
    } as const;
    let mismatches = 0;
    for (let time = Date.UTC(2019, 0, 1); time < Date.UTC(2030, 0, 1); time += 86_400_000) {
      const today = new Date(time).toISOString().slice(0, 10);
      for (const [shortcut, [count, unit]] of Object.entries(steps)) {
        const expected = dayjs.utc(today).subtract(count, unit).format("YYYY-MM-DD");
        if (shortcutRange(shortcut as keyof typeof steps, today).startDate !== expected)
          mismatches += 1;
      }
    }
    expect(mismatches).toBe(0);
  });
});
