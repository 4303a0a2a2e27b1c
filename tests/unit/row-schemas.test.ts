import { describe, expect, it } from "vitest";
import {
  orderEventSchema,
  orderSchema,
  palletSchema,
  serviceSchema,
  subOrderSchema,
} from "../../app/contract/cba.ts";
import { orderEventRow, orderRow, palletRow, serviceRow } from "../../mocks/db.ts";

const keysOf = (schema: { shape: object }) => Object.keys(schema.shape).sort();

/**
 * The fake backend's rows of services, pallets and orders are derived from
 * the contract's answers (docs/decisions/2026-11-26-rows-from-the-contract.md).
 * The stored data file holds these rows: the field lists below are the shape
 * it was written in, so a change to them is seen here and needs a migration.
 */
describe("row schemas from the contract", () => {
  it("keep the stored shape of services, pallets, orders and their events", () => {
    expect(keysOf(serviceRow)).toEqual(["companyId", "createdOn", "name", "serviceNo"]);
    expect(keysOf(palletRow)).toEqual(
      [
        "companyId",
        "createdOn",
        "height",
        "length",
        "name",
        "salverDirection",
        "salverNo",
        "serviceNo",
        "weight",
        "width",
      ].sort(),
    );
    expect(keysOf(orderRow)).toEqual(
      [
        "orderNo",
        "serviceNo",
        "companyId",
        "salverNo",
        "logisticsNo",
        "consignee",
        "consigneeAddress",
        "consigneeTelephone",
        "acturalPaid",
        "enterCbaTime",
        "exitCbaTime",
        "createdOn",
        "cbaStatus",
        "previousCbaStatus",
        "reasonForDetention",
        "subOrder",
      ].sort(),
    );
    expect(keysOf(orderEventRow)).toEqual(
      [
        "time",
        "actor",
        "platform",
        "action",
        "source",
        "fromStatus",
        "toStatus",
        "text",
        "operationId",
      ].sort(),
    );
  });

  it("carry every field of the contract's answers but those derived when answering", () => {
    const derived = {
      service: ["salverTotal", "ordersTotal", "amount", "cbaStatus", "cbaStatusStr"],
      pallet: ["cbaStatus", "cbaStatusStr", "ordersTotal", "amount"],
      order: ["cbaStatusStr", "history"],
      event: ["actorKind"],
    };
    const stored = (schema: { shape: object }, left: string[]) =>
      keysOf(schema).filter((key) => !left.includes(key));
    expect(keysOf(serviceRow)).toEqual(
      expect.arrayContaining(stored(serviceSchema, derived.service)),
    );
    expect(keysOf(palletRow)).toEqual(expect.arrayContaining(stored(palletSchema, derived.pallet)));
    expect(keysOf(orderRow)).toEqual(expect.arrayContaining(stored(orderSchema, derived.order)));
    expect(keysOf(orderEventRow)).toEqual(
      expect.arrayContaining(stored(orderEventSchema, derived.event)),
    );
  });

  it("check a stored order's lines with the contract's rules", () => {
    const line = {
      itemName: "Milk powder",
      gmodel: "800 g",
      grossWeight: 90_000,
      netWeight: 80_000,
      barCode: "6900000000001",
      price: 19_900,
      qty: 0,
      totalPrice: 0,
    };
    const lines = orderRow.shape.subOrder;
    expect(lines.safeParse([line]).success).toBe(subOrderSchema.safeParse(line).success);
    expect(lines.safeParse([line]).success).toBe(false);
  });
});
