import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatDimensions,
  formatMoney,
  formatSize,
  formatWeight,
} from "~/utils/format.ts";

describe("logistics number formats", () => {
  it("shows fen as yuan with two decimals in the page's locale", () => {
    expect(formatMoney(123456, "zh")).toBe("1,234.56");
    expect(formatMoney(123456, "en")).toBe("1,234.56");
    expect(formatMoney(5, "en")).toBe("0.05");
    expect(formatMoney(0, "zh")).toBe("0.00");
    expect(formatMoney(100000000, "en")).toBe("1,000,000.00");
  });

  it("shows weight in kg (÷100000) and size in cm (÷100)", () => {
    expect(formatWeight(1234500, "zh")).toBe("12.345");
    expect(formatWeight(100000, "en")).toBe("1");
    expect(formatWeight(50, "en")).toBe("0.001");
    expect(formatSize(12050, "en")).toBe("120.5");
    expect(formatSize(1, "zh")).toBe("0.01");
    expect(formatDimensions(12000, 10000, 15050, "en")).toBe("120 × 100 × 150.5");
  });

  it("leaves empty values empty", () => {
    expect(formatMoney(null, "zh")).toBe("");
    expect(formatMoney(undefined, "en")).toBe("");
    expect(formatWeight(null, "en")).toBe("");
    expect(formatSize(Number.NaN, "en")).toBe("");
    expect(formatDimensions(100, null, 100, "zh")).toBe("");
    expect(formatCount(undefined, "zh")).toBe("");
  });

  it("groups counts", () => {
    expect(formatCount(1234567, "en")).toBe("1,234,567");
    expect(formatCount(0, "zh")).toBe("0");
  });

  it("writes every count as Intl does in both languages", () => {
    // Every length of whole number, some edges, and what is left to Intl.
    const values = [0, Number.MAX_SAFE_INTEGER, -0, -1, -1234, 12.5, 0.4, -0.6, 1e21];
    for (let ten = 10; ten <= 1e15; ten *= 10) values.push(ten / 10, ten - 1, Math.floor(ten / 7));
    for (const [locale, tag] of [
      ["zh", "zh-CN"],
      ["en", "en"],
    ] as const) {
      const intl = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
      for (const value of values) expect(formatCount(value, locale)).toBe(intl.format(value));
    }
  });

  it("writes every amount as Intl does in both languages", () => {
    // Every length of whole fen, every last two digits, and what is left to Intl.
    const values = [0, -0, 1, 9, 10, 99, 100, 101, Number.MAX_SAFE_INTEGER, -1, -12345, 12.5, 0.4];
    for (let ten = 10; ten <= 1e15; ten *= 10) values.push(ten / 10, ten - 1, Math.floor(ten / 7));
    for (let cents = 0; cents < 100; cents++) values.push(123_400 + cents);
    for (const [locale, tag] of [
      ["zh", "zh-CN"],
      ["en", "en"],
    ] as const) {
      const intl = new Intl.NumberFormat(tag, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      for (const value of values) expect(formatMoney(value, locale)).toBe(intl.format(value / 100));
    }
  });
});
