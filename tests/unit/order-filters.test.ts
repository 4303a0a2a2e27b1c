import { describe, expect, it } from "vitest";
import { readOrderFilters } from "~/routes/order/order-filters.server.ts";

const read = (query: string) => readOrderFilters(new URLSearchParams(query));

describe("the order list's filters read from its address", () => {
  it("reads an address naming no filter as one whose every filter is blank", () => {
    const blank = read(
      "orderNo=&salverNo=%20&logisticsNo=&consignee=&sortField=&sortOrder=&cbaStatus=" +
        "&createdFrom=&createdTo=&stockedInFrom=&stockedInTo=&stockedOutFrom=&stockedOutTo=" +
        "&paidMin=&paidMax=",
    );
    for (const query of ["", "current=3&pageSize=20", "open=A1&sel=k1&done=r1&op=stockIn"]) {
      const reading = read(query);
      expect(reading, query).toEqual(blank);
      expect(JSON.stringify(reading), query).toBe(JSON.stringify(blank));
    }
    // Each reading is its own: what one caller adds is not in the next.
    read("").ignored.push({ name: "x", value: "y" });
    expect(read("").ignored).toEqual([]);
  });

  it("turns yuan into fen and days into the backend's day filters", () => {
    expect(
      read("paidMin=12.5&paidMax=0100&createdFrom=2026/11/01&stockedOutTo=20261120").query,
    ).toEqual({
      acturalPaidMin: 1250,
      acturalPaidMax: 10000,
      createdFrom: "2026-11-01",
      stockedOutTo: "2026-11-20",
    });
    expect(read("paidMax=9999999999.99").query).toEqual({ acturalPaidMax: 999_999_999_999 });
  });

  it("reads several statuses in code order, once each, and one as before", () => {
    expect(read("cbaStatus=4&cbaStatus=1&cbaStatus=4").query).toEqual({ cbaStatus: [1, 4] });
    expect(read("cbaStatus=2").query).toEqual({ cbaStatus: [2] });
    expect(read("cbaStatus=&cbaStatus=%20").query).toEqual({});
  });

  it("is bounded: many repeated statuses, long or odd amounts and days are not applied", () => {
    const many = read(`${"cbaStatus=1&".repeat(5000)}cbaStatus=3`);
    // Only the first values are read.
    expect(many.query).toEqual({ cbaStatus: [1] });
    const wrongStatuses = read(Array.from({ length: 50 }, (_, i) => `cbaStatus=x${i}`).join("&"));
    expect(wrongStatuses.ignored.length).toBeLessThanOrEqual(3);
    for (const amount of ["12345678901", "-1", "1.234", "1e3", "１２", "0x10", " . "]) {
      const reading = read(`paidMin=${encodeURIComponent(amount)}`);
      expect(reading.query, amount).toEqual({});
      expect(reading.view.paid.error, amount).toBe("logistics.order.paidInvalid");
    }
    const long = read(`createdFrom=${"2".repeat(5000)}`);
    expect(long.query).toEqual({});
    expect(long.view.days.created.input.startDate?.length).toBeLessThanOrEqual(32);
    expect(long.ignored[0]?.value.length).toBeLessThanOrEqual(40);
  });

  it("posts back what it applied: the entries read again give the same query", () => {
    const reading = read(
      "orderNo=DD1&cbaStatus=1&cbaStatus=2&createdFrom=2026-11-01&createdTo=2026-11-02&paidMin=1&paidMax=2&stockedInFrom=2026-11-09&stockedInTo=2026-11-01",
    );
    const again = readOrderFilters(new URLSearchParams(reading.entries));
    expect(again.query).toEqual(reading.query);
    expect(again.ignored).toEqual([]);
    expect(reading.query).not.toHaveProperty("stockedInFrom");
  });
});
