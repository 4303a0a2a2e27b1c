import { describe, expect, it } from "vitest";
import { db } from "../../mocks/db.ts";
import { ensureSeeded } from "../../mocks/state.ts";
import { currentWorld, runInWorld } from "../../mocks/worlds.ts";

const SMALL = { services: 2, pallets: 4, orders: 30 };

async function firstOrder() {
  await ensureSeeded();
  return db.orderList[0]!;
}

describe("fake-backend worlds", () => {
  it("gives each world its own data, seeded the same way", async () => {
    process.env.SEED_SERVICES = String(SMALL.services);
    process.env.SEED_PALLETS = String(SMALL.pallets);
    process.env.SEED_ORDERS = String(SMALL.orders);
    const a = await runInWorld("a", firstOrder);
    const b = await runInWorld("b", firstOrder);
    expect(a).not.toBe(b);
    expect(a.orderNo).toBe(b.orderNo);

    await runInWorld("a", async () => {
      db.orderList[0]!.reasonForDetention = "changed in world a";
    });
    expect(await runInWorld("b", firstOrder)).toMatchObject({
      reasonForDetention: b.reasonForDetention,
    });
    expect(await runInWorld("a", firstOrder)).toMatchObject({
      reasonForDetention: "changed in world a",
    });
  });

  it("keeps the world across awaits, and uses the default world outside any", async () => {
    const inside = await runInWorld("c", async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return currentWorld();
    });
    expect(inside).not.toBe(currentWorld());
    expect(await runInWorld("c", async () => currentWorld())).toBe(inside);
  });
});
