/**
 * The product's one name per language. Page titles, the header, the side
 * menu, the texts of the translations and the fake backend's mails and
 * notices all read it from here.
 */
export const PRODUCT_NAME = {
  zh: "跨境电商保税物流平台",
  en: "Cross-Border Bonded Logistics Platform",
} as const;
