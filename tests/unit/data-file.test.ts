import { describe, expect, it, vi } from "vitest";
import {
  DataFileError,
  decodeDataFile,
  encodeDataFile,
  restoreDb,
  snapshotDb,
} from "../../mocks/data-file.ts";
import { reseed } from "../../mocks/state.ts";
import { Table } from "../../mocks/table.ts";
import { currentWorld } from "../../mocks/worlds.ts";

describe("the mock API's data file", () => {
  it("restores every collection and index, the indexes holding the restored rows", async () => {
    await reseed({ services: 2, pallets: 4, orders: 30 });
    const db = currentWorld().db;
    expect(Object.keys(db).length).toBeGreaterThan(10);
    await db.images.insert({
      id: "image-1",
      userId: "user-1",
      mime: "image/png",
      bytes: new Uint8Array([137, 80, 78, 71]),
      createdOn: 0,
    });
    const restored = await restoreDb(snapshotDb(db));

    for (const [key, value] of Object.entries(db)) {
      const back = (restored as Record<string, unknown>)[key];
      if (value instanceof Table) {
        expect([...(back as typeof value).values()], key).toEqual([...value.values()]);
      } else {
        expect(back, key).toEqual(value);
      }
    }
    // The order table changes rows in place: the lists must hold the table's own rows.
    const first = restored.orderList[0];
    expect(first && restored.orders.get(first.orderNo)).toBe(first);
    const pallet = restored.salverOrders.get(first?.salverNo ?? "")?.[0];
    expect(pallet && restored.orders.get(pallet.orderNo)).toBe(pallet);
    // Uploaded bytes stay bytes.
    const image = restored.images.get("image-1");
    expect(image?.bytes).toBeInstanceOf(Uint8Array);
    expect([...(image?.bytes ?? [])]).toEqual([137, 80, 78, 71]);
  });

  it("refuses a file that is cut short, padded, altered or not one at all", () => {
    const whole = encodeDataFile(Buffer.from("payload of the snapshot"));
    expect(decodeDataFile(whole).toString()).toBe("payload of the snapshot");
    const altered = Buffer.from(whole);
    altered[altered.length - 1] = (altered.at(-1) ?? 0) ^ 1;
    for (const bad of [
      whole.subarray(0, whole.length - 1),
      Buffer.concat([whole, Buffer.from("x")]),
      altered,
      whole.subarray(0, 10),
      Buffer.from("{}"),
    ]) {
      expect(() => decodeDataFile(bad)).toThrow(DataFileError);
    }
  });

  it("refuses rows that no longer fit their collection", async () => {
    // @msw/data prints the schema's complaint before it throws.
    vi.spyOn(console, "error").mockImplementation(() => {});
    await reseed({ services: 1, pallets: 1, orders: 1 });
    const db = currentWorld().db;
    const { serialize, deserialize } = await import("node:v8");
    const saved = deserialize(snapshotDb(db)) as Record<string, { __table__?: object[] }>;
    const users = saved.users?.__table__ as Record<string, unknown>[];
    delete users[0]?.username;
    await expect(restoreDb(serialize(saved))).rejects.toThrow(/"users"/);
  });
});
