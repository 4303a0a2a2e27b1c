import { describe, expect, it } from "vitest";
import { numberParam, palletNumbers } from "~/routes/services/pallet-labels.server.ts";
import { grossWeightOf } from "~/routes/services/pallet-manifest.server.ts";

describe("pallet paper queries", () => {
  it("takes each pallet number once, trimmed, in the order given, and drops blank or malformed ones", () => {
    const params = new URLSearchParams(
      "salverNo=TP1&salverNo=%20TP2%20&salverNo=&salverNo=tp1&salverNo=a%20b&salverNo=TP3",
    );
    expect(palletNumbers(params)).toEqual(["TP1", "TP2", "TP3"]);
    expect(palletNumbers(new URLSearchParams())).toEqual([]);
  });

  it("reads a number of at most 64 characters without spaces", () => {
    expect(numberParam(" FW1 ")).toBe("FW1");
    expect(numberParam("x".repeat(64))).toBe("x".repeat(64));
    expect(numberParam("x".repeat(65))).toBeNull();
    expect(numberParam("a b")).toBeNull();
    expect(numberParam("")).toBeNull();
    expect(numberParam(null)).toBeNull();
  });

  it("weighs an order by the gross weight of its lines", () => {
    expect(grossWeightOf({ subOrder: [] })).toBe(0);
    const line = { grossWeight: 150_000 } as Parameters<
      typeof grossWeightOf
    >[0]["subOrder"][number];
    expect(grossWeightOf({ subOrder: [line, { ...line, grossWeight: 2_500 }] })).toBe(152_500);
  });
});
