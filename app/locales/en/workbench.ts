import type zh from "../zh/workbench.ts";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** The workbench (area "workbench", app/locales/areas.ts) and the home choice of the login settings. */
export default {
  title: "Workbench",
  intro: "What needs action now, counts by status and the last 30 days' trends.",
  company: {
    label: "Company",
    all: "All companies",
    apply: "Show",
  },
  actions: {
    title: "Needs action",
    detainedOrders: "Detained orders",
    stalledOrders: "Orders stocked in more than 7 days ago and not out",
    stalledNote:
      "Stocked in before {{date}}; the list shows every stocked-in order, the earliest stocked in first.",
    partlyDetainedPallets: "Partly detained pallets",
    palletsOfService: "Pallets of service {{serviceNo}} ({{count}})",
    moreServices: "Only the 10 services with the most are listed.",
    pendingReviews: "Qualification profiles waiting for review",
    unreadNotices: "Unread notifications",
    unreadNote: "The notifications page lists every notification, the unread among them.",
    open: "Open {{what}}",
    none: "None",
    companyNote: "The lists show every company's data.",
  },
  counts: {
    title: "Counts by status",
    services: "Services",
    pallets: "Pallets",
    orders: "Orders",
    status: "Status",
    count: "Count",
    total: "Total",
  },
  trends: {
    title: "Last 30 days",
    day: "Day",
    stockIn: "Stocked in",
    stockOut: "Stocked out",
    detained: "Detained",
    amount: "Amount stocked out (CNY)",
    movesTitle: "Orders stocked in, stocked out and detained per day",
    movesDescription:
      "{{from}} to {{to}}: {{stockIn}} orders stocked in, {{stockOut}} stocked out and {{detained}} detained; at most {{peak}} stocked in on one day.",
    amountTitle: "Amount stocked out per day",
    amountDescription:
      "{{from}} to {{to}}: {{total}} stocked out in all, at most {{peak}} on one day.",
    table: "Data table: {{title}}",
    point: "{{day}}: {{figures}}",
    hint: "Point at a day of a chart to see its figures.",
  },
  home: {
    title: "Home after sign-in",
    legend: "After signing in, open",
    services: "Service management",
    workbench: "Workbench",
    save: "Save",
    saved: "Saved: after signing in, {{page}} opens.",
    invalid: "Choose the page to open after signing in.",
  },
} satisfies Shape<typeof zh>;
