/**
 * The seed sizes follow one rule whether the portal seeds its fake backend
 * (demo mode) or the fake backend runs on its own (`npm run mock-api`): a
 * value the portal refuses at start is refused there too, with its name.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/config/env.server.ts";
import { seedOptionsFromEnv } from "../../mocks/seed.ts";

afterEach(() => vi.unstubAllEnvs());

describe("seed sizes", () => {
  it("default to 20 services, 200 pallets and 5,000 orders", () => {
    for (const name of ["SEED_SERVICES", "SEED_PALLETS", "SEED_ORDERS", "SEED_RANDOM"]) {
      vi.stubEnv(name, "");
    }
    expect(seedOptionsFromEnv()).toEqual({
      services: 20,
      pallets: 200,
      orders: 5000,
      seed: 20261101,
    });
  });

  it.each([
    ["SEED_ORDERS", "0"],
    ["SEED_ORDERS", "-5"],
    ["SEED_PALLETS", "100001"],
    ["SEED_SERVICES", "many"],
    ["SEED_RANDOM", "1.5"],
  ])("%s=%s is refused by both, naming the setting", (name, value) => {
    vi.stubEnv(name, value);
    expect(() => seedOptionsFromEnv()).toThrow(new RegExp(`^${name}: `));
    expect(() => parseEnv({ [name]: value })).toThrow();
  });

  it("takes the sizes the portal takes", () => {
    vi.stubEnv("SEED_ORDERS", "120");
    vi.stubEnv("SEED_RANDOM", "7");
    expect(seedOptionsFromEnv()).toMatchObject({ orders: 120, seed: 7 });
    expect(parseEnv({ SEED_ORDERS: "120" }).seed.orders).toBe(120);
  });
});
