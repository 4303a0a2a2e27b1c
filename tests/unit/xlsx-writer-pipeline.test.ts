/**
 * How the streaming workbook writer feeds zlib: while one chunk of sheet XML
 * is deflated, the next is already waiting, and the writer builds the one
 * after as soon as the first is done, without waiting for the second too.
 * zlib's deflater is wrapped so that the test decides when each chunk's
 * deflation may start.
 */
import type { Transform, TransformCallback } from "node:stream";
import { describe, expect, it, vi } from "vitest";

/** Chunks the deflater was given, and the ones held before deflation. */
const deflater = vi.hoisted(() => ({
  writes: 0,
  held: [] as (() => void)[],
}));

vi.mock("node:zlib", async (importOriginal) => {
  const zlib = await importOriginal<typeof import("node:zlib")>();
  return {
    ...zlib,
    createDeflateRaw(options: import("node:zlib").ZlibOptions) {
      const stream = zlib.createDeflateRaw(options) as unknown as Transform;
      const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
      stream.write = ((...args: unknown[]) => {
        deflater.writes += 1;
        return write(...args);
      }) as Transform["write"];
      const transform = stream._transform.bind(stream);
      stream._transform = (chunk: Buffer, encoding: BufferEncoding, done: TransformCallback) => {
        deflater.held.push(() => transform(chunk, encoding, done));
      };
      return stream;
    },
  };
});

const { xlsxStream } = await import("../../mocks/xlsx-writer.ts");

async function until(condition: () => boolean): Promise<boolean> {
  for (let waited = 0; waited < 5000 && !condition(); waited += 5) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return condition();
}

/** The value once it stayed the same for 200 ms (a busy machine builds a chunk in tens of ms). */
async function settled(value: () => number): Promise<number> {
  let last = value();
  for (let still = 0; still < 200; still += 5) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (value() !== last) {
      last = value();
      still = 0;
    }
  }
  return last;
}

describe("streaming xlsx writer and zlib", () => {
  it("hands zlib the next chunk as soon as one is deflated, while the other waits", async () => {
    // About 2 MB of sheet XML: eight chunks or so.
    const rows = Array.from({ length: 20_000 }, (_, index) => [
      `SO${String(index).padStart(12, "0")}`,
      "广东省深圳市南山区科技园路 1 号",
      index / 100,
    ]);
    const stream = xlsxStream({
      sheetName: "S",
      columns: [
        { header: "No.", width: 20, kind: "text" },
        { header: "Address", width: 40, kind: "text" },
        { header: "Paid", width: 12, kind: "money" },
      ],
      rows,
      created: new Date(Date.UTC(2026, 10, 26)),
    });
    const reader = stream.getReader();
    const reading = (async () => {
      for (;;) if ((await reader.read()).done) return;
    })();

    // The first chunk is held in zlib, and the writer waits with what it handed over.
    expect(await until(() => deflater.held.length === 1)).toBe(true);
    const handed = await settled(() => deflater.writes);
    expect(handed).toBeGreaterThanOrEqual(2);
    // The first is deflated: one more is handed over while the next is still held.
    deflater.held.shift()?.();
    expect(await until(() => deflater.writes === handed + 1)).toBe(true);
    expect(deflater.held).toHaveLength(1);
    expect(await settled(() => deflater.writes)).toBe(handed + 1);

    // The rest goes through as it comes.
    const release = setInterval(() => {
      for (const next of deflater.held.splice(0)) next();
    }, 1);
    try {
      await reading;
    } finally {
      clearInterval(release);
    }
    expect(deflater.writes).toBeGreaterThan(3);
  });
});
