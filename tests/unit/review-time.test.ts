import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../", import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
    .map((file) => join(ROOT, dir, file));
}

/** Every sentence of a text the user reads that gives the review a number of working days. */
function reviewDurations(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const file of [...sources("app/locales"), ...sources("mocks"), ...sources("app/routes")]) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (!/审核|review/i.test(line)) continue;
      for (const match of line.matchAll(
        /[^"`。.(（]*?(\d+\s*[-–~至]?\s*\d*)\s*(个工作日|working days)/g,
      )) {
        found.push({ file: file.slice(ROOT.length), text: match[0].trim() });
      }
    }
  }
  return found;
}

describe("the review time", () => {
  it("is worded one way everywhere: about 7 working days", () => {
    const durations = reviewDurations();
    // The page, the usage instructions, the registration steps and the notification.
    expect(durations.length).toBeGreaterThanOrEqual(8);
    for (const { file, text } of durations) {
      expect(text, file).toMatch(/(约需? 7 个工作日|about 7 working days)$/);
    }
  });
});
