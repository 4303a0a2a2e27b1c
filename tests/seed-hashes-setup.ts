/**
 * Before every test file: the seed accounts' password hashes the run derived
 * once (tests/seed-hashes.global.ts), so a process that seeds the fake
 * backend takes them instead of deriving them again. Keyed by salt and
 * password: a seed of other accounts or salts still derives its own.
 */
import { inject } from "vitest";
import { rememberSeedPasswordHashes } from "../mocks/security.ts";

rememberSeedPasswordHashes(inject("seedPasswordHashes"));
