/**
 * The in-place update of a table (mocks/table.ts, the order table and its
 * history): a change is checked before it applies, a refused one changes
 * nothing, a nested value is replaced rather than changed, and checking the
 * changed fields alone refuses and stores what checking the whole row did.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type OrderRow, orderHistoryRow, orderRow } from "../../mocks/db.ts";
import { fieldsOf, Table } from "../../mocks/table.ts";

function order(orderNo: string): OrderRow {
  return {
    serviceNo: "S1",
    salverNo: "P1",
    logisticsNo: null,
    orderNo,
    consignee: "张三",
    consigneeAddress: "上海市",
    consigneeTelephone: "13800000000",
    acturalPaid: 1200,
    enterCbaTime: null,
    exitCbaTime: null,
    createdOn: 1_700_000_000,
    cbaStatus: 1,
    previousCbaStatus: null,
    reasonForDetention: "",
    subOrder: [
      {
        itemName: "茶",
        gmodel: "500g",
        grossWeight: 50_000,
        netWeight: 48_000,
        barCode: "690",
        price: 600,
        qty: 2,
        totalPrice: 1200,
      },
      {
        itemName: "Cup",
        gmodel: "L",
        grossWeight: 20_000,
        netWeight: 19_000,
        barCode: "691",
        price: 300,
        qty: 1,
        totalPrice: 300,
      },
    ],
    companyId: "C1",
  };
}

async function ordersTable(...orderNos: string[]) {
  const table = new Table(orderRow, (row) => row.orderNo, { inPlace: true });
  for (const orderNo of orderNos) await table.insert(order(orderNo));
  return table;
}

describe("a refused change", () => {
  it("leaves the row as it was, its nested values too", async () => {
    const table = await ordersTable("A");
    const row = table.get("A") as OrderRow;
    const items = row.subOrder;
    const first = items[0];
    const before = structuredClone(row);
    await expect(
      table.update("A", (draft) => {
        draft.reasonForDetention = "held";
        draft.subOrder[0] = { ...draft.subOrder[0], qty: 0 } as OrderRow["subOrder"][number];
        (draft.subOrder[1] as { price: number }).price = 5;
      }),
    ).rejects.toThrow(/breaks the row schema: subOrder/);
    expect(table.get("A")).toBe(row);
    expect(row).toStrictEqual(before);
    expect(row.subOrder).toBe(items);
    expect(row.subOrder[0]).toBe(first);

    await expect(
      table.update("A", (draft) => {
        (draft.subOrder[1] as { price: number }).price = -1;
      }),
    ).rejects.toThrow(/breaks the row schema/);
    expect(row).toStrictEqual(before);

    await expect(
      table.update("A", (draft) => {
        draft.subOrder.push({
          ...order("x").subOrder[0],
          qty: 1.5,
        } as OrderRow["subOrder"][number]);
      }),
    ).rejects.toThrow(/breaks the row schema/);
    expect(row).toStrictEqual(before);
  });

  it("of one row of a batch changes none of them", async () => {
    const table = await ordersTable("A", "B");
    const before = [structuredClone(table.get("A")), structuredClone(table.get("B"))];
    await expect(
      table.updateMany(["A", "B"], (draft) => {
        draft.reasonForDetention = "held";
        if (draft.orderNo === "B") (draft as { acturalPaid: unknown }).acturalPaid = "lots";
      }),
    ).rejects.toThrow(/Update of B breaks the row schema: acturalPaid/);
    expect([table.get("A"), table.get("B")]).toStrictEqual(before);
  });

  it("that throws, or moves the row's key, changes nothing", async () => {
    const table = await ordersTable("A");
    const before = structuredClone(table.get("A"));
    await expect(
      table.update("A", (draft) => {
        draft.subOrder[0] = { ...(draft.subOrder[0] as OrderRow["subOrder"][number]), qty: 9 };
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    await expect(
      table.update("A", (draft) => {
        draft.orderNo = "Z";
      }),
    ).rejects.toThrow(/changes its key/);
    expect(table.get("A")).toStrictEqual(before);
  });
});

describe("an applied change", () => {
  it("replaces a nested value: who held the old one sees it unchanged", async () => {
    const table = await ordersTable("A");
    const row = table.get("A") as OrderRow;
    const items = row.subOrder;
    const first = items[0] as OrderRow["subOrder"][number];
    const itemsBefore = structuredClone(items);
    await table.update("A", (draft) => {
      (draft.subOrder[0] as { qty: number }).qty = 5;
      draft.subOrder.push({ ...first, barCode: "692" });
    });
    expect(table.get("A")).toBe(row);
    expect(row.subOrder.map((item) => [item.qty, item.barCode])).toEqual([
      [5, "690"],
      [1, "691"],
      [2, "692"],
    ]);
    expect(items).toStrictEqual(itemsBefore);
    expect(first.qty).toBe(2);
    expect(row.subOrder).not.toBe(items);
  });

  it("keeps the values of the fields it did not touch, and drops keys the row has none of", async () => {
    const table = await ordersTable("A");
    const row = table.get("A") as OrderRow;
    const items = row.subOrder;
    await table.update("A", (draft) => {
      draft.reasonForDetention = "held";
      (draft as Record<string, unknown>).unknownField = 1;
    });
    expect(row.reasonForDetention).toBe("held");
    expect(row.subOrder).toBe(items);
    expect(Object.keys(row)).not.toContain("unknownField");
  });

  it("copies a nested value's every own field, one named __proto__ too", async () => {
    const row = z.object({ id: z.string(), meta: z.unknown() });
    const table = new Table(row, (stored) => stored.id, { inPlace: true });
    // As a JSON body or a data file makes it: `__proto__` an own field, not the prototype.
    const meta = JSON.parse('{"__proto__":{"polluted":true},"note":"a"}') as Record<
      string,
      unknown
    >;
    await table.insert({ id: "A", meta });
    await table.update("A", (draft) => {
      (draft.meta as Record<string, unknown>).note = "b";
    });
    const stored = table.get("A")?.meta as Record<string, unknown>;
    expect(stored).not.toBe(meta);
    expect(Object.keys(stored)).toEqual(["__proto__", "note"]);
    expect(Object.getOwnPropertyDescriptor(stored, "__proto__")?.value).toEqual({
      polluted: true,
    });
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect((stored as { polluted?: unknown }).polluted).toBeUndefined();
    expect(stored.note).toBe("b");
    expect(meta.note).toBe("a");
  });

  it("copies a nested value without a prototype as one without a prototype", async () => {
    const row = z.object({ id: z.string(), meta: z.unknown() });
    const table = new Table(row, (stored) => stored.id, { inPlace: true });
    const meta = Object.assign(Object.create(null) as Record<string, unknown>, { note: "a" });
    await table.insert({ id: "A", meta });
    await table.update("A", (draft) => {
      (draft.meta as Record<string, unknown>).note = "b";
    });
    const stored = table.get("A")?.meta as Record<string, unknown>;
    expect(stored).not.toBe(meta);
    expect(Object.getPrototypeOf(stored)).toBeNull();
    expect({ ...stored }).toEqual({ note: "b" });
  });

  it("to a history row appends events without changing the array a reader holds", async () => {
    const table = new Table(orderHistoryRow, (row) => row.orderNo, { inPlace: true });
    const event = {
      time: 1_700_000_000,
      actor: "a@demo.test",
      platform: false,
      action: "remark" as const,
      source: "selection" as const,
      fromStatus: 1 as const,
      toStatus: 1 as const,
      text: "one",
    };
    await table.insert({ orderNo: "A", companyId: "C1", events: [event] });
    const events = table.get("A")?.events;
    await table.update("A", (draft) => {
      draft.events.push({ ...event, text: "two" });
    });
    expect(table.get("A")?.events.map((item) => item.text)).toEqual(["one", "two"]);
    expect(events?.map((item) => item.text)).toEqual(["one"]);
    await expect(
      table.update("A", (draft) => {
        draft.events.push({ ...event, source: "portal" as never });
      }),
    ).rejects.toThrow(/breaks the row schema: events/);
    expect(table.get("A")?.events).toHaveLength(2);
  });
});

describe("a row schema that is not checked field by field", () => {
  it("is checked whole: a strict row refuses a key it has none of, a refined one its rule", async () => {
    const strict = new Table(z.strictObject({ id: z.string(), n: z.number() }), (row) => row.id, {
      inPlace: true,
    });
    await strict.insert({ id: "A", n: 1 });
    await expect(
      strict.update("A", (draft) => {
        (draft as Record<string, unknown>).extra = 1;
      }),
    ).rejects.toThrow(/breaks the row schema/);
    expect(strict.get("A")).toStrictEqual({ id: "A", n: 1 });

    const refined = new Table(
      z
        .object({ id: z.string(), low: z.number(), high: z.number() })
        .refine((row) => row.low <= row.high),
      (row) => row.id,
      { inPlace: true },
    );
    await refined.insert({ id: "A", low: 1, high: 2 });
    await expect(
      refined.update("A", (draft) => {
        draft.low = 3;
      }),
    ).rejects.toThrow(/breaks the row schema/);
    expect(refined.get("A")).toStrictEqual({ id: "A", low: 1, high: 2 });
  });
});

// ---------------------------------------------------------------------------
// The field-by-field check against the whole row's check, on random changes.

/** The update as the table made it before: a deep copy changed, the whole row checked, then copied in. */
function updateWhole(
  rows: Map<string, OrderRow>,
  keys: string[],
  change: (draft: OrderRow) => void,
) {
  const pending: [OrderRow, OrderRow][] = [];
  for (const key of keys) {
    const row = rows.get(key);
    if (!row) continue;
    const draft = structuredClone({ ...row });
    change(draft);
    const checked = orderRow.safeParse(draft);
    if (!checked.success) throw new Error("refused");
    if (checked.data.orderNo !== key) throw new Error("key");
    pending.push([row, checked.data]);
  }
  for (const [row, next] of pending) Object.assign(row, next);
}

const FIELDS = Object.keys(orderRow.shape) as (keyof OrderRow)[];
const ITEM_FIELDS = Object.keys(order("x").subOrder[0] as object);
const anyValue = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -3, max: 2_000_000_000 }),
  fc.constantFrom(0.5, null, undefined, true, [], {}, 1, 2, 3, 4, 5, 6),
  fc.array(fc.record({ qty: fc.integer({ min: -1, max: 3 }) }), { maxLength: 2 }),
);

type Step = (draft: Record<string, unknown>) => void;
const step: fc.Arbitrary<Step> = fc.oneof(
  // Each run of a step sets a value of its own: the two updates compared must not share one.
  fc.tuple(fc.constantFrom(...FIELDS), anyValue).map(
    ([field, value]): Step =>
      (draft) => {
        draft[field] = structuredClone(value);
      },
  ),
  fc.constantFrom(...FIELDS).map(
    (field): Step =>
      (draft) => {
        delete draft[field];
      },
  ),
  fc.tuple(fc.string({ maxLength: 3 }), anyValue).map(
    ([field, value]): Step =>
      (draft) => {
        draft[`x${field}`] = structuredClone(value);
      },
  ),
  fc.tuple(fc.nat(3), fc.constantFrom(...ITEM_FIELDS), anyValue).map(
    ([at, field, value]): Step =>
      (draft) => {
        const items = draft.subOrder as Record<string, unknown>[] | undefined;
        const item = Array.isArray(items) ? items[at] : undefined;
        if (item && typeof item === "object") item[field] = structuredClone(value);
      },
  ),
  fc.nat(2).map(
    (at): Step =>
      (draft) => {
        const items = draft.subOrder as unknown[] | undefined;
        if (Array.isArray(items)) items.splice(at, 1);
      },
  ),
  fc.boolean().map(
    (valid): Step =>
      (draft) => {
        const items = draft.subOrder as unknown[] | undefined;
        const item = { ...(order("x").subOrder[0] as object) } as Record<string, unknown>;
        if (!valid) item.qty = 0;
        if (Array.isArray(items)) items.push(item);
      },
  ),
  fc.constant((draft: Record<string, unknown>) => {
    void (draft.subOrder as unknown[] | undefined)?.length;
  }),
);

describe("the field-by-field check", () => {
  it("refuses, and stores, what the whole row's check did (random changes)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 2 }),
        async (perRow) => {
          const keys = ["A", "B"].slice(0, perRow.length);
          const table = await ordersTable(...keys);
          const whole = new Map(keys.map((key) => [key, order(key)]));
          const change = (draft: OrderRow) => {
            const steps = perRow[keys.indexOf(draft.orderNo)] ?? [];
            for (const apply of steps) apply(draft as unknown as Record<string, unknown>);
          };
          let wholeRefused = false;
          try {
            updateWhole(whole, keys, change);
          } catch {
            wholeRefused = true;
          }
          const refused = await table.updateMany(keys, change).then(
            () => false,
            () => true,
          );
          expect(refused).toBe(wholeRefused);
          for (const key of keys) expect(table.get(key)).toStrictEqual(whole.get(key));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("which row schemas are checked field by field", () => {
  it("the order table's and its history's, read through zod's public object schema", () => {
    expect(Object.keys(fieldsOf(orderRow) ?? {})).toEqual(Object.keys(orderRow.shape));
    expect(Object.keys(fieldsOf(orderHistoryRow) ?? {})).toEqual(
      Object.keys(orderHistoryRow.shape),
    );
    // A check of the whole row, a catch-all, or not an object: checked whole.
    const plain = z.object({ a: z.string(), b: z.number() });
    expect(fieldsOf(plain.refine((row) => row.a.length > 0))).toBeNull();
    expect(fieldsOf(plain.strict())).toBeNull();
    expect(fieldsOf(plain.catchall(z.string()))).toBeNull();
    expect(fieldsOf(z.array(z.string()))).toBeNull();
  });
});
