/**
 * The roles of the backend and the role sets its calls require (the `roles`
 * of an endpoint, published as `x-roles`). The portal's page rules
 * (app/utils/site-map.ts) and the fake backend's own checks use these same
 * sets, so a page opens exactly when the calls behind it are allowed.
 */
export const ROLES = ["CBA_MANAGER", "SYSTEM_ADMINISTRATOR"] as const;
export type Role = (typeof ROLES)[number];

/** A company's business manager: logistics of its own company. */
export const MANAGER_ROLE = "CBA_MANAGER" satisfies Role;
/** The platform (and the bonded station): every company's data, qualification reviews. */
export const PLATFORM_ROLE = "SYSTEM_ADMINISTRATOR" satisfies Role;

/** The logistics calls (services, pallets, orders, stock in/out, files): the staff pages. */
export const LOGISTICS_ROLES = [MANAGER_ROLE, PLATFORM_ROLE] as const;
/** Reviewing qualification submissions. */
export const REVIEW_ROLES = [PLATFORM_ROLE] as const;
/**
 * The account's own settings (password, single login, login history, forcing
 * a device offline): the settings pages, which SPEC section 6 gives to staff.
 */
export const SETTINGS_ROLES = LOGISTICS_ROLES;
/** Managing sub-accounts (a company's main account only; see `subAccount`). */
export const SUB_ACCOUNT_MANAGER_ROLES = LOGISTICS_ROLES;
/** Role given to a sub-account: CBA_MANAGER, or GUEST for no role. */
export const SUB_ACCOUNT_ROLES = [MANAGER_ROLE, "GUEST"] as const;

/** Whether a user with `scope` holds one of `roles`. */
export function hasAnyRole(scope: readonly string[], roles: readonly string[]): boolean {
  return roles.some((role) => scope.includes(role));
}

/** Whether `scope` is the platform's: it sees and acts for every company. */
export function isPlatform(scope: readonly string[]): boolean {
  return scope.includes(PLATFORM_ROLE);
}
