/**
 * An envelope's text and bytes (mocks/route.ts) die with the answer: a young
 * collection (scavenge) after the answers are dropped keeps nothing of them.
 * Kept in a `WeakMap` keyed by the answer, the texts of every answer made
 * since the last scavenge were copied by it (6 MB for 1,000 order
 * lists of ten rows here); see docs/performance.md, "The fake backend's
 * collections under the portal (27 November 2026)".
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

describe("envelopes made for a server that writes their text", () => {
  it("leave nothing for a young collection once dropped", async () => {
    const { stdout } = await run(
      process.execPath,
      ["--expose-gc", "tests/support/envelopes-young-garbage.ts"],
      { cwd: new URL("../../", import.meta.url).pathname },
    );
    const { kept } = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { kept: number };
    // 1,000 lists of about 10 KB were made: 6 MB stayed when their texts were kept by a WeakMap.
    expect(kept).toBeLessThan(1024 * 1024);
  }, 60_000);
});
