import type zh from "../zh/inventory-dates.ts";

/** The same keys as Chinese, all the way down. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** The inventory area's date range texts: in the signed-in pages' chunk (see the Chinese). */
export default {
  dateRange: {
    label: "Date",
    start: "Start date",
    end: "End date",
    to: "to",
    shortcuts: "Shortcuts",
    lastWeek: "Last week",
    lastMonth: "Last month",
    lastThreeMonths: "Last three months",
    invalid: "Enter a valid date (year-month-day)",
    order: "The start date cannot be after the end date",
  },
} satisfies Shape<typeof zh>;
