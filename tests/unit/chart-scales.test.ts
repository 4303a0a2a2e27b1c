import { describe, expect, it } from "vitest";
import { bandScale, valueScale } from "~/components/charts/scales.ts";

describe("chart scales", () => {
  it("runs the value axis from zero to a round top, bottom to top", () => {
    const scale = valueScale(26, 200, 4);
    expect(scale.ticks).toEqual([0, 10, 20, 30]);
    expect(scale.at(0)).toBe(200);
    expect(scale.at(30)).toBe(0);
    expect(scale.at(15)).toBe(100);
  });

  it("still draws an axis when every value is zero", () => {
    const scale = valueScale(0, 200, 4);
    expect(scale.ticks.at(0)).toBe(0);
    expect(scale.at(0)).toBe(200);
    expect(Number.isFinite(scale.at(1))).toBe(true);
  });

  it("gives each day a band of the same width, inside the width, in order", () => {
    const bands = bandScale(30, 600, 0.2);
    expect(bands.at(0)).toBeGreaterThan(0);
    expect(bands.at(29) + bands.width).toBeLessThan(600);
    expect(bands.at(1) - bands.at(0)).toBeCloseTo(bands.width / 0.8);
  });
});
