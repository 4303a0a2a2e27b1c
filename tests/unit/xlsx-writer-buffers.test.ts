/**
 * The buffers the streaming workbook writer fills with sheet XML: a few,
 * the same for every download, instead of new ones per download that lived
 * through all of its scavenges and then waited in the old generation for
 * the next full collection. Reused buffers must never change a file: the
 * same rows give the same bytes, one download at a time or several at once.
 */
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CellValue, xlsxStream } from "../../mocks/xlsx-writer.ts";

/** The writer's XML chunk size (mocks/xlsx-writer.ts, CHUNK). */
const CHUNK = 256 * 1024;

/** About 2 MB of sheet XML: eight chunks or so. */
function rows(): CellValue[][] {
  return Array.from({ length: 20_000 }, (_, index) => [
    `SO${String(index).padStart(12, "0")}`,
    "广东省深圳市南山区科技园路 1 号",
    index / 100,
    new Date(Date.UTC(2026, 0, 1) + index * 61_000),
  ]);
}

function stream(): ReadableStream<Uint8Array> {
  return xlsxStream({
    sheetName: "S",
    columns: [
      { header: "No.", width: 20, kind: "text" },
      { header: "Address", width: 40, kind: "text" },
      { header: "Paid", width: 12, kind: "money" },
      { header: "When", width: 20, kind: "datetime" },
    ],
    rows: rows(),
    created: new Date(Date.UTC(2026, 10, 27)),
  });
}

async function sha1(body: ReadableStream<Uint8Array>): Promise<string> {
  const hash = createHash("sha1");
  for await (const chunk of body) hash.update(chunk);
  return hash.digest("hex");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("streaming xlsx writer buffers", () => {
  it("fills the same few XML buffers download after download", async () => {
    const allocUnsafe = vi.spyOn(Buffer, "allocUnsafe");
    const chunkBuffers = () => allocUnsafe.mock.calls.filter(([size]) => size === CHUNK).length;
    const hashes: string[] = [];
    for (let download = 0; download < 5; download++) hashes.push(await sha1(stream()));
    // Three at a time at most (one deflated, one waiting, one filled), made
    // by the first download; before, each of the five made its own.
    expect(chunkBuffers()).toBeLessThanOrEqual(4);
    expect(new Set(hashes).size).toBe(1);
  });

  it("writes the same bytes when downloads share the buffers at the same time", async () => {
    const alone = await sha1(stream());
    const together = await Promise.all([sha1(stream()), sha1(stream()), sha1(stream())]);
    expect(together).toEqual([alone, alone, alone]);
    // And after them, one alone again, from buffers the others filled.
    expect(await sha1(stream())).toBe(alone);
  });

  it("writes the same bytes after downloads cut short while zlib held their buffers", async () => {
    const alone = await sha1(stream());
    for (let cut = 0; cut < 3; cut++) {
      const reader = stream().getReader();
      // A few pieces in: chunks are in zlib's hands and waiting for it.
      for (let piece = 0; piece < 3 + cut * 4; piece++) await reader.read();
      await reader.cancel();
    }
    expect(await Promise.all([sha1(stream()), sha1(stream())])).toEqual([alone, alone]);
  });
});
