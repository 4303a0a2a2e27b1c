import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { cbaEndpoints } from "~/contract/index.ts";
import { operationSchemas } from "~/routes/order/operation-schemas.ts";
import { parseFilters } from "~/utils/list-query.ts";
import {
  downloadSchema,
  orderListFilterSchema,
  palletFilterSchema,
  positionSchema,
  serviceFilterSchema,
} from "~/validation/logistics.ts";
import {
  bodyAsForm,
  detainSchema,
  importSchema,
  statusSchema,
  stockInSchema,
} from "~/validation/order-forms.ts";

/** Parses like the pages do; errors and value readable whatever the status. */
function parse<T extends z.ZodObject>(
  data: FormData,
  schema: T,
): { status: string; value?: z.output<T>; error?: Record<string, string[] | null> | null } {
  const submission = parseWithZod(data, { schema });
  return submission.status === "success"
    ? { status: submission.status, value: submission.value as z.output<T> }
    : { status: String(submission.status), error: submission.error };
}

function form(entries: [string, string | File][]): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("list filters from the query string", () => {
  it("keep the order filters that parse", () => {
    const params = new URLSearchParams(
      "salverNo=TP1&orderNo=%20DD9%20&logisticsNo=&consignee=王&cbaStatus=2&current=3",
    );
    expect(parseFilters(params, orderListFilterSchema)).toEqual({
      salverNo: "TP1",
      orderNo: "DD9",
      consignee: "王",
      cbaStatus: [2],
    });
  });

  it("drop status codes of the other code set", () => {
    expect(parseFilters(new URLSearchParams("cbaStatus=7"), orderListFilterSchema)).toEqual({});
    expect(parseFilters(new URLSearchParams("cbaStatus=7"), serviceFilterSchema)).toEqual({
      cbaStatus: 7,
    });
    expect(parseFilters(new URLSearchParams("cbaStatus=8"), palletFilterSchema)).toEqual({});
    expect(parseFilters(new URLSearchParams("cbaStatus=x"), serviceFilterSchema)).toEqual({});
  });
});

describe("order operations", () => {
  it("need at least one selected order", () => {
    const result = parse(form([["reasonForDetention", "x"]]), detainSchema());
    expect(result.status).toBe("error");
    expect(result.error?.orderNoList).toEqual(["logistics.order.selectAtLeastOne"]);
  });

  it("take one or many selected orders", () => {
    const one = parse(
      form([
        ["orderNoList", "A"],
        ["cbaStatus", "4"],
      ]),
      statusSchema(),
    );
    expect(one.value).toEqual({ orderNoList: ["A"], cbaStatus: 4 });
    const two = parse(
      form([
        ["orderNoList", "A"],
        ["orderNoList", "B"],
        ["cbaStatus", "1"],
      ]),
      statusSchema(),
    );
    expect(two.value?.orderNoList).toEqual(["A", "B"]);
  });

  it("refuse a blank reason for detention", () => {
    for (const reason of [undefined, "", "   "]) {
      const entries: [string, string][] = [["orderNoList", "A"]];
      if (reason !== undefined) entries.push(["reasonForDetention", reason]);
      const result = parse(form(entries), detainSchema());
      expect(result.error?.reasonForDetention).toEqual(["logistics.order.reasonRequired"]);
    }
    const ok = parse(
      form([
        ["orderNoList", "A"],
        ["reasonForDetention", " 破损 "],
      ]),
      detainSchema(),
    );
    expect(ok.value?.reasonForDetention).toBe("破损");
    const long = parse(
      form([
        ["orderNoList", "A"],
        ["reasonForDetention", "x".repeat(201)],
      ]),
      detainSchema(),
    );
    expect(long.error?.reasonForDetention).toEqual(["logistics.order.reasonTooLong"]);
  });

  it("change status only to initial, stocked in or stocked out", () => {
    for (const status of ["2", "5", ""]) {
      const result = parse(
        form([
          ["orderNoList", "A"],
          ["cbaStatus", status],
        ]),
        statusSchema(),
      );
      expect(result.status).toBe("error");
      expect(result.error?.cbaStatus?.length).toBeGreaterThan(0);
    }
  });

  it("let a blank remark clear the remark", () => {
    const result = parse(form([["orderNoList", "A"]]), operationSchemas("remarks").schema);
    expect(result.value?.reasonForDetention).toBe("");
  });

  it("of an operation whose form is its body ask what the contract's body asks, with the entry's messages", () => {
    const { schema, allSchema } = operationSchemas("remarks");
    expect(Object.keys(schema.shape).sort()).toEqual(
      Object.keys(cbaEndpoints.orderRemarks.body?.shape ?? {}).sort(),
    );
    const trimmed = parse(
      form([
        ["orderNoList", "A"],
        ["reasonForDetention", " 已核对 "],
      ]),
      schema,
    );
    expect(trimmed.value).toEqual({ orderNoList: ["A"], reasonForDetention: "已核对" });
    const chosenAndMatching: [[string, string], z.ZodObject][] = [
      [["orderNoList", "A"], schema],
      [["expectedCount", "3"], allSchema],
    ];
    for (const [entry, checked] of chosenAndMatching) {
      const long = parse(form([entry, ["reasonForDetention", "x".repeat(201)]]), checked);
      expect(long.error).toEqual({ reasonForDetention: ["logistics.order.reasonTooLong"] });
    }
    expect(parse(form([["reasonForDetention", "x"]]), schema).error).toEqual({
      orderNoList: ["logistics.order.selectAtLeastOne"],
    });
    // A field of the body its entry names no message for.
    expect(() => bodyAsForm("orderRemarks", {})).toThrow("reasonForDetention");
  });

  it("stock in a non-blank pallet or order number", () => {
    expect(parse(form([["salverNoOrOrderNo", "  "]]), stockInSchema()).error).toEqual({
      salverNoOrOrderNo: ["logistics.order.stockInRequired"],
    });
    const ok = parse(form([["salverNoOrOrderNo", " TP1 "]]), stockInSchema());
    expect(ok.value?.salverNoOrOrderNo).toBe("TP1");
  });
});

describe("pallet position", () => {
  it("is required and short", () => {
    expect(
      parse(
        form([
          ["salverNo", "TP1"],
          ["salverDirection", " "],
        ]),
        positionSchema,
      ).error?.salverDirection,
    ).toEqual(["logistics.pallet.positionRequired"]);
    expect(
      parse(
        form([
          ["salverNo", "TP1"],
          ["salverDirection", "x".repeat(33)],
        ]),
        positionSchema,
      ).error?.salverDirection,
    ).toEqual(["logistics.pallet.positionTooLong"]);
  });
});

describe("import file", () => {
  const xlsx = (name: string, size = 10) => new File([new Uint8Array(size)], name);

  it("is one .xlsx file", () => {
    expect(parse(form([]), importSchema()).error?.file).toEqual(["logistics.import.fileRequired"]);
    expect(parse(form([["file", xlsx("a.csv")]]), importSchema()).error?.file).toEqual([
      "logistics.import.xlsxOnly",
    ]);
    expect(parse(form([["file", xlsx("a.XLSX")]]), importSchema()).status).toBe("success");
    expect(
      parse(
        form([
          ["file", xlsx("a.xlsx")],
          ["file", xlsx("b.xlsx")],
        ]),
        importSchema(),
      ).error?.file,
    ).toEqual(["logistics.import.fileRequired"]);
    expect(
      parse(form([["file", xlsx("big.xlsx", 5 * 1024 * 1024 + 1)]]), importSchema()).error?.file,
    ).toEqual(["logistics.import.fileTooLarge"]);
  });
});

describe("download form", () => {
  it("names the file kind and an optional selection", () => {
    expect(downloadSchema.parse({ kind: "orders", orderNoList: [] })).toEqual({
      kind: "orders",
      orderNoList: [],
    });
    expect(downloadSchema.safeParse({ kind: "other", orderNoList: [] }).success).toBe(false);
  });
});

describe("the operations' schemas by intent", () => {
  it("name a schema for every operation, and one for every matching order where it acts on a selection", async () => {
    const { ORDER_INTENTS, ORDER_OPERATIONS } = await import("~/routes/order/operations.ts");
    const { operationSchema } = await import("~/routes/order/operation-schemas.ts");
    for (const intent of ORDER_INTENTS) {
      expect(ORDER_OPERATIONS[intent].intent).toBe(intent);
      expect(operationSchema(intent)).toBe(operationSchemas(intent).schema);
      if (ORDER_OPERATIONS[intent].target === "selection") {
        expect(operationSchema(intent, true)).not.toBe(operationSchema(intent));
      } else {
        expect(() => operationSchema(intent, true)).toThrow();
      }
    }
    expect(operationSchema("detain")).toBe(detainSchema());
    expect(operationSchema("stockIn")).toBe(stockInSchema());
  });
});

describe("the operations' backend calls by intent", () => {
  it("name the calls of every operation, and a call for every matching order where it acts on a selection", async () => {
    const { ORDER_INTENTS, ORDER_OPERATIONS } = await import("~/routes/order/operations.ts");
    const { ORDER_CALLS } = await import("~/routes/order/operations.server.ts");
    expect(Object.keys(ORDER_CALLS).sort()).toEqual([...ORDER_INTENTS].sort());
    for (const intent of ORDER_INTENTS) {
      const calls: { callAll?: unknown } = ORDER_CALLS[intent];
      expect(typeof calls.callAll === "function", intent).toBe(
        ORDER_OPERATIONS[intent].target === "selection",
      );
    }
  });
});
