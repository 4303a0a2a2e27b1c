/**
 * A call goes on without waiting once the fake backend's data is seeded
 * (mocks/state.ts `isSeeded`), and waits again while a new seeding runs.
 */
import { describe, expect, it } from "vitest";
import { resetMockDb } from "../../mocks/api.ts";
import { ensureSeeded, isSeeded } from "../../mocks/state.ts";

describe("the seeding's state", () => {
  it("is seeded only once a seeding has finished", async () => {
    const first = ensureSeeded();
    expect(isSeeded()).toBe(false);
    await first;
    expect(isSeeded()).toBe(true);
    const again = resetMockDb({ services: 1, pallets: 2, orders: 10 });
    expect(isSeeded()).toBe(false);
    await again;
    expect(isSeeded()).toBe(true);
  });
});
