/**
 * The property tests draw new cases on every run; a failure must say how to
 * replay it, and FC_SEED / FC_PATH must replay exactly that failure.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runs } from "./arbitraries.ts";

/** A property that fails for some of its cases, and the message of its failure. */
function failure(options: ReturnType<typeof runs>): string {
  try {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => n % 7 !== 3),
      // Not shrunk: the case that failed, which only its seed and path give again.
      { ...options, endOnFailure: true },
    );
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the property did not fail");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("property runs", () => {
  it("draw new cases each run", () => {
    vi.stubEnv("FC_SEED", "");
    const seeds = new Set(
      Array.from({ length: 5 }, () => /seed: (-?\d+)/.exec(failure(runs(200)))?.[1]),
    );
    expect(seeds.size).toBeGreaterThan(1);
  });

  it("print the seed and path of a failure, which replay it", () => {
    vi.stubEnv("FC_SEED", "");
    const first = failure(runs(200));
    const [, seed, path] = /seed: (-?\d+), path: "([^"]+)"/.exec(first) ?? [];
    expect(seed).toBeDefined();
    vi.stubEnv("FC_SEED", seed ?? "");
    vi.stubEnv("FC_PATH", path ?? "");
    const counterexample = (message: string) => /Counterexample: (.*)/.exec(message)?.[1];
    expect(counterexample(failure(runs(200)))).toBe(counterexample(first));
    expect(runs(5)).toEqual({ numRuns: 5, seed: Number(seed), path });
  });
});
