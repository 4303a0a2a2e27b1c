/**
 * The status code sets of services, pallets and orders, without zod: pages
 * import them for labels and filters, and importing the schemas with them
 * would bring zod into the browser (cba.ts re-exports them).
 */

/** cbaStatus of services and pallets, always derived from their orders. */
export const SALVER_STATUSES = [1, 2, 3, 4, 5, 6, 7] as const;
export type SalverStatusCode = (typeof SALVER_STATUSES)[number];

/** cbaStatus of orders. */
export const ORDER_STATUSES = [1, 2, 3, 4] as const;
export type OrderStatusCode = (typeof ORDER_STATUSES)[number];
