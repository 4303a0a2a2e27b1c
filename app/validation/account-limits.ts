/**
 * The account screens' lists, without zod: their pages draw from them in the
 * browser, where the schemas (./account.ts, which re-exports these) come
 * only with the forms' checks.
 */

/** Page sizes of the login history (docs/product.md, Limits); 10 by default. */
export const LOGIN_HISTORY_SIZES = [10, 100, 200, 500, 1000] as const;
