/**
 * Derives the seed accounts' password hashes (scrypt, about 0.6 s of CPU)
 * once for the whole run and hands them to every test process
 * (tests/seed-hashes-setup.ts): each process that seeds the fake backend
 * would otherwise derive the same hashes from the same salts again.
 */
import type { TestProject } from "vitest/node";
import { seedPasswordHashes } from "../mocks/security.ts";
import { reseed } from "../mocks/state.ts";

declare module "vitest" {
  export interface ProvidedContext {
    seedPasswordHashes: Record<string, string>;
  }
}

let derived: Promise<Record<string, string>> | undefined;

export default async function setup(project: TestProject): Promise<void> {
  // A small seed: the accounts, and so their salts, are those of every size.
  derived ??= reseed({ services: 2, pallets: 4, orders: 30 }).then(seedPasswordHashes);
  project.provide("seedPasswordHashes", await derived);
}
