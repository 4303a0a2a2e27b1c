/**
 * What the streaming workbook writer leaves behind in the heap's old
 * generation: nothing that grows with the rows. V8 makes the text of a number
 * that is not a small integer (money, weights, dates) in the old generation,
 * for its number-to-string cache, where it stays until the next full
 * collection; a writer that let V8 write its number cells so left some 30
 * bytes a cell there, 14 MB for a download of 100,000 orders.
 *
 * And what it hands on keeps no more memory alive than one piece of zlib's
 * output.
 *
 * Measured between two points with no full collection between them (one
 * forced before, none seen during: a full collection in the middle would
 * hide what was left, so the measure is taken again).
 */
import { constants, PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";
import { describe, expect, it } from "vitest";
import { type CellValue, xlsxStream } from "../../mocks/xlsx-writer.ts";

const ROWS = 20_000;
const columns = [
  ...Array.from({ length: 4 }, (_, i) => ({
    header: `Money ${i}`,
    width: 12,
    kind: "money" as const,
  })),
  ...Array.from({ length: 2 }, (_, i) => ({
    header: `Weight ${i}`,
    width: 12,
    kind: "weight" as const,
  })),
  ...Array.from({ length: 2 }, (_, i) => ({
    header: `When ${i}`,
    width: 20,
    kind: "datetime" as const,
  })),
  { header: "Qty", width: 8, kind: "count" as const },
];

/** Every number different, as in a real sheet: no text can come from the cache. */
function* rows(): Generator<CellValue[]> {
  const start = Date.UTC(2026, 0, 1, 8, 30, 17);
  for (let i = 0; i < ROWS; i++) {
    const n = i * 8;
    yield [
      (n + 1) / 100,
      (n + 2) / 100,
      (n + 3) / 100,
      (n + 4) / 100,
      (n + 5) / 100_000,
      (n + 6) / 100_000,
      new Date(start + i * 61_000),
      new Date(start + i * 67_000 + 3_000),
      i,
    ];
  }
}

const oldSpaceBytes = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === "old_space")?.space_used_size ?? 0;

/** Old-generation bytes added by writing the whole sheet, or null when a full collection ran meanwhile. */
async function oldGrowthOfOneSheet(): Promise<number | null> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("the tests run with --expose-gc");
  gc();
  // The forced collection's own entry arrives before the measure starts.
  await new Promise((resolve) => setTimeout(resolve, 10));
  let full = false;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) full = true;
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  try {
    const before = oldSpaceBytes();
    let bytes = 0;
    const stream = xlsxStream({
      sheetName: "Numbers",
      columns,
      rows: rows(),
      created: new Date(Date.UTC(2026, 10, 27)),
    });
    for await (const chunk of stream) bytes += chunk.byteLength;
    const grown = oldSpaceBytes() - before;
    expect(bytes).toBeGreaterThan(1_000_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    return full ? null : grown;
  } finally {
    observer.disconnect();
  }
}

describe("streaming xlsx writer memory", () => {
  it("hands on each piece zlib deflates, keeping no more than zlib's 64 KB output buffer alive per chunk", async () => {
    // Pieces gathered into larger chunks lived across several of zlib's
    // turns, long enough for V8 to move them (and the memory behind them)
    // to the old generation on a portal whose young generation was small:
    // up to the whole file until the next full collection.
    const stream = xlsxStream({
      sheetName: "Numbers",
      columns,
      rows: rows(),
      created: new Date(Date.UTC(2026, 10, 27)),
    });
    let chunks = 0;
    let bytes = 0;
    let largest = 0;
    for await (const chunk of stream) {
      chunks += 1;
      bytes += chunk.byteLength;
      largest = Math.max(largest, chunk.buffer.byteLength);
    }
    expect(bytes).toBeGreaterThan(1_000_000);
    expect(chunks).toBeGreaterThan(bytes / (64 * 1024));
    expect(largest).toBeLessThanOrEqual(64 * 1024);
  });

  it("leaves nothing per number cell in the old generation", async () => {
    let grown: number | null = null;
    for (let attempt = 0; attempt < 3 && grown === null; attempt++) {
      grown = await oldGrowthOfOneSheet();
    }
    expect(grown, "a full collection ran during each of three sheets").not.toBeNull();
    // 160,000 fractional cells: some 5 MB when their texts went to the old generation.
    expect(grown ?? 0).toBeLessThan(1024 * 1024);
  });
});
