/**
 * The order workbooks' rows are filled into arrays used again for the next
 * order, not made one per row: V8 could otherwise decide, from a moment
 * when many row arrays were alive, to make every later one in the old
 * generation, where a 100,000-order download left 56–62 MB until the next
 * full collection. The writer is replaced by one that keeps what it is
 * handed and encodes nothing.
 */
import { describe, expect, it, vi } from "vitest";
import type { OrderRow } from "../../mocks/db.ts";

const handed = vi.hoisted(() => ({ rows: [] as Iterable<unknown[]>[] }));

vi.mock("../../mocks/xlsx-writer.ts", async (importOriginal) => {
  const writer = await importOriginal<typeof import("../../mocks/xlsx-writer.ts")>();
  return {
    ...writer,
    xlsxStream(spec: { rows: Iterable<unknown[]> }) {
      handed.rows.push(spec.rows);
      return new ReadableStream();
    },
  };
});

const { logisticsWorkbook, ordersWorkbook } = await import("../../mocks/xlsx.ts");

function order(index: number, lines: number): OrderRow {
  return {
    orderNo: `ORD${String(index).padStart(8, "0")}`,
    serviceNo: "SVC01",
    salverNo: "PLT0001",
    logisticsNo: null,
    consignee: "张三",
    consigneeAddress: "深圳市前海",
    consigneeTelephone: "13800000000",
    acturalPaid: 12_345 + index,
    cbaStatus: 1,
    enterCbaTime: 1_790_000_000 + index,
    exitCbaTime: null,
    createdOn: 1_780_000_000 + index,
    reasonForDetention: "",
    subOrder: Array.from({ length: lines }, (_, line) => ({
      itemName: `item ${line}`,
      gmodel: "M",
      barCode: "690000000000",
      price: 1_999 + line,
      qty: 1 + line,
      totalPrice: (1_999 + line) * (1 + line),
      grossWeight: 123_456 + line,
      netWeight: 120_000 + line,
    })),
  } as unknown as OrderRow;
}

/** Rows as the writer reads them: each one copied before the next is asked for. */
function read(rows: Iterable<unknown[]>) {
  const arrays = new Set<unknown[]>();
  const copies: unknown[][] = [];
  for (const row of rows) {
    arrays.add(row);
    copies.push([...row]);
  }
  return { arrays, copies };
}

describe("order workbook rows", () => {
  const orders = Array.from({ length: 300 }, (_, index) => order(index, index % 4));

  it("fills a few arrays again instead of making one per row, and the rows are those of the orders", () => {
    handed.rows.length = 0;
    ordersWorkbook(orders, "zh");
    const { arrays, copies } = read(handed.rows[0] ?? []);
    // 300 orders of 0–3 lines: 525 rows, at most 3 arrays (an order's lines).
    expect(copies).toHaveLength(525);
    expect(arrays.size).toBeLessThanOrEqual(3);
    const withoutLines = copies[0] ?? [];
    expect(withoutLines).toHaveLength(13);
    expect(withoutLines[0]).toBe("ORD00000000");
    expect(withoutLines[7]).toBe(123.45);
    const second = copies.slice(2, 4);
    expect(second[0]?.slice(13)).toEqual([
      "item 0",
      "M",
      "690000000000",
      19.99,
      1,
      19.99,
      1.23456,
      1.2,
    ]);
    expect(second[1]?.slice(0, 13)).toEqual(["ORD00000002", ...Array(12).fill(null)]);
    expect(second[1]?.[16]).toBe(20);
  });

  it("fills one array for every logistics row", () => {
    handed.rows.length = 0;
    logisticsWorkbook(orders, "en");
    const { arrays, copies } = read(handed.rows[0] ?? []);
    expect(copies).toHaveLength(300);
    expect(arrays.size).toBe(1);
    expect(copies[3]?.slice(0, 2)).toEqual(["", "ORD00000003"]);
    expect(copies[3]?.[6]).toBe(6);
  });
});
