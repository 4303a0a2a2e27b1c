import { describe, expect, it } from "vitest";
import { pooledRandomBytes } from "~/utils/random-bytes.server.ts";

describe("pooledRandomBytes", () => {
  it("hands out bytes of the size asked, never the same twice, across many refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const bytes = pooledRandomBytes(16);
      expect(bytes).toHaveLength(16);
      seen.add(bytes.toString("hex"));
    }
    expect(seen.size).toBe(2000);
  });

  it("answers sizes that do not divide the pool, and sizes larger than it", () => {
    for (let i = 0; i < 600; i++) expect(pooledRandomBytes(9)).toHaveLength(9);
    expect(pooledRandomBytes(10_000)).toHaveLength(10_000);
  });
});
