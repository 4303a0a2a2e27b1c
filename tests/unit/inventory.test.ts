import { describe, expect, it } from "vitest";
import { parseArrivalQuery } from "~/routes/inventory/arrival-report.server.ts";
import { parseDetailQuery } from "~/routes/inventory/detail.server.ts";
import { scanRecord } from "~/routes/inventory/inventory.server.ts";
import { chinaDayStart } from "~/utils/date-range.ts";
import { detailTimeField, inventoryDownloadSchema, scanSchema } from "~/validation/inventory.ts";

const q = (search: string) => new URLSearchParams(search);

describe("scan form", () => {
  it("takes a trimmed number and a direction", () => {
    expect(scanSchema.parse({ salverNoOrOrderNo: "  P-001 ", direction: "out" })).toEqual({
      salverNoOrOrderNo: "P-001",
      direction: "out",
    });
  });

  it("explains a blank or too long number and a missing direction", () => {
    const message = (input: unknown) => scanSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ salverNoOrOrderNo: "   ", direction: "in" })).toBe(
      "inventory.scan.numberRequired",
    );
    expect(message({ direction: "in" })).toBe("inventory.scan.numberRequired");
    expect(message({ salverNoOrOrderNo: "x".repeat(65), direction: "in" })).toBe(
      "inventory.scan.numberTooLong",
    );
    expect(message({ salverNoOrOrderNo: "P-001", direction: "sideways" })).toBe(
      "inventory.scan.directionRequired",
    );
  });
});

describe("scanRecord", () => {
  const now = Date.UTC(2026, 10, 22, 1, 2, 3);

  it("names a pallet by its number and lists what moved and what did not", () => {
    const record = scanRecord(
      { salverNoOrOrderNo: "p-001", direction: "in" },
      {
        ok: true,
        data: {
          target: "salver",
          serviceNo: "S1",
          salverNo: "P-001",
          direction: "in",
          changed: [
            { orderNo: "O1", from: 1, to: 4 },
            { orderNo: "O2", from: 1, to: 4 },
          ],
          unchanged: [{ orderNo: "O3", cbaStatus: 3 }],
        },
      },
      now,
    );
    expect(record).toMatchObject({
      at: now / 1000,
      number: "P-001",
      target: "salver",
      direction: "in",
      ok: true,
      changed: ["O1", "O2"],
      unchanged: [{ orderNo: "O3", cbaStatus: 3 }],
      message: null,
    });
    expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("names an order by the order moved", () => {
    const record = scanRecord(
      { salverNoOrOrderNo: "o1", direction: "out" },
      {
        ok: true,
        data: {
          target: "order",
          serviceNo: "S1",
          salverNo: "P-001",
          direction: "out",
          changed: [{ orderNo: "O1", from: 4, to: 3 }],
          unchanged: [],
        },
      },
      now,
    );
    expect(record).toMatchObject({ number: "O1", target: "order", changed: ["O1"] });
  });

  it("keeps the backend's refusal with the number as scanned", () => {
    const record = scanRecord(
      { salverNoOrOrderNo: "NOPE", direction: "in" },
      { ok: false, code: 40004, message: "未找到托盘或订单 NOPE" },
      now,
    );
    expect(record).toMatchObject({
      number: "NOPE",
      target: null,
      ok: false,
      changed: [],
      message: "未找到托盘或订单 NOPE",
    });
  });
});

describe("details query", () => {
  it("opens on stocked in, with the range on the stock-in time", () => {
    const query = parseDetailQuery(q("startDate=2026-11-01&endDate=2026-11-02"));
    expect(query.status).toBe(4);
    expect(query.filter).toEqual({
      cbaStatus: [4],
      salverNo: undefined,
      orderNo: undefined,
      timeField: "enterCbaTime",
      startTime: chinaDayStart("2026-11-01"),
      endTime: chinaDayStart("2026-11-03"),
    });
  });

  it("filters each tab on its own time", () => {
    expect(detailTimeField(4)).toBe("enterCbaTime");
    expect(detailTimeField(3)).toBe("exitCbaTime");
    expect(detailTimeField(2)).toBe("createdOn");
    expect(detailTimeField(1)).toBe("createdOn");
    expect(parseDetailQuery(q("cbaStatus=3&salverNo=P-1&orderNo=O")).filter).toMatchObject({
      cbaStatus: [3],
      salverNo: "P-1",
      orderNo: "O",
      timeField: "exitCbaTime",
    });
  });

  it("falls back to stocked in for an unknown tab", () => {
    expect(parseDetailQuery(q("cbaStatus=9")).status).toBe(4);
    expect(parseDetailQuery(q("cbaStatus=abc")).status).toBe(4);
  });

  it("reports a wrong range and drops it", () => {
    const query = parseDetailQuery(q("startDate=2026-11-05&endDate=2026-11-01"));
    expect(query.rangeError).toBe("inventory.dateRange.order");
    expect(query.filter.startTime).toBeUndefined();
  });
});

describe("arrival report query", () => {
  it("reads the pallet filter and the range", () => {
    expect(parseArrivalQuery(q("salverNo=%20P-1%20&startDate=2026-11-01")).filter).toEqual({
      salverNo: "P-1",
      startTime: chinaDayStart("2026-11-01"),
      endTime: undefined,
    });
  });
});

describe("download form", () => {
  it("knows the two workbooks only", () => {
    expect(inventoryDownloadSchema.safeParse({ kind: "details" }).success).toBe(true);
    expect(inventoryDownloadSchema.safeParse({ kind: "arrival" }).success).toBe(true);
    expect(inventoryDownloadSchema.safeParse({ kind: "orders" }).success).toBe(false);
  });
});
