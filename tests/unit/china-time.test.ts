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

describe("China time formats", () => {
  it("agree with the Asia/Shanghai clock for every format, across years, leap days and the process's DST changes", () => {
    const shanghai = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Shanghai",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    const reference = (seconds: number) => {
      const parts = Object.fromEntries(
        shanghai.formatToParts(seconds * 1000).map((part) => [part.type, part.value]),
      );
      const date = `${parts.year}-${parts.month}-${parts.day}`;
      const time = `${parts.hour}:${parts.minute}:${parts.second}`;
      return { "YYYY-MM-DD HH:mm:ss": `${date} ${time}`, "YYYY-MM-DD": date, "HH:mm:ss": time };
    };
    // Leap days, midnight in China, and the instants around US DST changes (the
    // tests run in America/Los_Angeles, where dayjs's offset arithmetic slips an hour).
    const instants = [0, 951_782_400, 1_709_164_799, 1_709_164_800, 1_710_064_800, 1_730_624_400];
    for (let step = 0; step < 500; step++) instants.push(1_600_000_000 + step * 7_919_113);
    for (const seconds of instants) {
      const expected = reference(seconds);
      for (const format of ["YYYY-MM-DD HH:mm:ss", "YYYY-MM-DD", "HH:mm:ss"] as const) {
        expect(formatChinaTime({ seconds }, format)).toBe(expected[format]);
      }
    }
  });
});

describe("China time of an impossible instant", () => {
  it("reads Invalid Date, as dayjs wrote it", async () => {
    const { default: dayjs } = await import("dayjs");
    for (const seconds of [Number.NaN, 1e20, -1e20, Number.POSITIVE_INFINITY]) {
      expect(formatChinaTime({ seconds })).toBe(dayjs.unix(seconds).format("YYYY-MM-DD HH:mm:ss"));
      expect(formatChinaTime({ seconds })).toBe("Invalid Date");
    }
  });
});
