import { describe, expect, it } from "vitest";
import {
  chosenColumns,
  hiddenColumnsOf,
  parseTableColumns,
  withHiddenColumns,
} from "~/utils/table-columns.ts";

describe("table columns cookie", () => {
  it("keeps each table's hidden columns; an empty list means all shown", () => {
    let value = withHiddenColumns(undefined, "orders", ["serviceNo", "consignee"]);
    value = withHiddenColumns(value, "pallets", []);
    expect(hiddenColumnsOf(value, "orders")).toEqual(["serviceNo", "consignee"]);
    expect(hiddenColumnsOf(value, "pallets")).toEqual([]);
    expect(hiddenColumnsOf(value, "services")).toBeNull();
    value = withHiddenColumns(value, "orders", ["remark"]);
    expect(hiddenColumnsOf(value, "orders")).toEqual(["remark"]);
  });

  it("drops names that are not column names", () => {
    expect(parseTableColumns("orders:a,<b>,c|bad name:x|pallets")).toEqual(
      new Map([["orders", ["a", "c"]]]),
    );
  });

  it("reads the request's cookie", () => {
    const request = new Request("http://portal.test/order", {
      headers: { Cookie: `lang=en; table_columns=${encodeURIComponent("orders:serviceNo")}` },
    });
    expect(chosenColumns(request, "orders")).toEqual(["serviceNo"]);
    expect(chosenColumns(new Request("http://portal.test/"), "orders")).toBeNull();
  });
});
