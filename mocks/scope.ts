/**
 * Which company's data a user sees and changes: the one rule of company
 * isolation (docs/product.md, Companies), applied by every logistics call, lookup,
 * scan, report, download, import and notification call.
 *
 * - SYSTEM_ADMINISTRATOR (the platform and the bonded station): every company.
 * - Anyone else: the company of the account (a sub-account's is its main
 *   account's), set when the company's qualification is approved.
 * - No company yet: nothing at all.
 *
 * Data outside the scope is treated as if it did not exist: the same code
 * and message as an unknown number, never a refusal that would confirm it.
 */
import { isPlatform } from "../app/contract/roles.ts";
import { db, type UserRow } from "./db.ts";

export interface CompanyScope {
  /** True for the platform: every company's data. */
  readonly all: boolean;
  /** The one company seen when not `all`; null: none (nothing is seen). */
  readonly companyId: string | null;
  /** Whether data of this company is seen. */
  allows(companyId: string | null | undefined): boolean;
}

const EVERY_COMPANY: CompanyScope = { all: true, companyId: null, allows: () => true };
const NO_COMPANY: CompanyScope = { all: false, companyId: null, allows: () => false };

function oneCompany(companyId: string): CompanyScope {
  return { all: false, companyId, allows: (id) => id === companyId };
}

/** The company filter of the calling user. */
export function companyScope(user: UserRow): CompanyScope {
  if (isPlatform(user.scope)) return EVERY_COMPANY;
  const companyId = companyIdOf(user);
  return companyId === null ? NO_COMPANY : oneCompany(companyId);
}

/** A user's company: its own, or its main account's for a sub-account. */
export function companyIdOf(user: UserRow): string | null {
  if (user.companyId !== null) return user.companyId;
  const parent = user.parentId ? db.users.get(user.parentId) : undefined;
  return parent?.companyId ?? null;
}
