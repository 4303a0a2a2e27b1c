/**
 * How much the fake backend seeds: one rule for the portal in demo mode
 * (app/config/env.server.ts, checked at start) and for the fake backend on
 * its own (`npm run mock-api`, mocks/seed.ts).
 *
 * Node runs this file directly: relative imports with `.ts` only.
 */
import { z } from "zod";

const seedCount = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const seedSizesSchema = z.object({
  SEED_SERVICES: seedCount(20, 10_000),
  SEED_PALLETS: seedCount(200, 100_000),
  SEED_ORDERS: seedCount(5000, 1_000_000),
  /** The random generator's seed: the same value seeds the same data. */
  SEED_RANDOM: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(20261101),
});
