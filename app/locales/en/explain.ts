import type zh from "../zh/explain.ts";

type Shape<T> = T extends string
  ? string
  : T extends readonly string[]
    ? string[]
    : { [K in keyof T]: Shape<T[K]> };

export default {
  title: "Usage instructions",
  intro:
    "The platform runs the daily work of a cross-border e-commerce bonded warehouse: service numbers, pallets, orders, stock in and out, and arrival reports. Below are the common workflows, what the status codes mean, and the import template.",
  toc: "Contents",
  start: {
    title: "Opening an account",
    steps: [
      "On the sign-in page choose “Create an account” and register and activate an account with your e-mail (one account per e-mail address).",
      "After logging in, open “Qualification”, fill in your company details, upload the business licence and the legal representative's ID images, and submit them for review.",
      "The review takes about 7 working days; the result comes by e-mail and notification. If it is rejected, correct it as the reason says and submit it again.",
      "Once approved, the account has business access: service management, the inventory system and every other function.",
    ],
  },
  daily: {
    title: "Daily work",
    steps: [
      "“Service management” lists every service number with its order count, amount and status; open a service number to see its pallets.",
      "The pallet list shows size, weight, position and status; the position can be changed in place. Open a pallet to see its orders.",
      "The order list searches by pallet number, order number, waybill number, consignee and status; expand a row to see its sub-order lines.",
      "Select orders to detain them (with a reason), change their status or update remarks; stock in by pallet or order number.",
      "The selection is kept when paging, changing the page size or sorting (up to 500 orders) and cleared by a new search or “Clear selection”. “Select all orders matching the filter” applies an operation to every order of the search: the confirmation states how many, and nothing changes if that number changed in the meantime.",
      "Download orders and download order logistics: with a selection, the selected orders; without one, every order matching the search.",
    ],
  },
  scan: {
    title: "Scanning stock in and out",
    steps: [
      "In “Stock in/out”, choose stock in or stock out and scan a pallet number or an order number (scanners press Enter by themselves).",
      "A pallet number moves every order of the pallet, an order number only that order; each scan shows its result at once.",
      "The page keeps this shift's scans; “Stock in/out details” searches by status and date and downloads an xlsx.",
      "The “Arrival report” counts orders arrived, in stock and detained per day and pallet, and can be downloaded.",
    ],
  },
  statuses: {
    title: "Status codes",
    palletIntro:
      "The status of a service number or pallet follows from its orders (when several rules apply, the first one wins):",
    orderIntro:
      "Orders move initial → stocked in (the stock-in time is recorded) → stocked out (the stock-out time is recorded). Any order not yet stocked out can be detained (with a reason); “change status” returns a detained order to the state it had.",
    code: "Code",
    meaning: "Meaning",
    rule: "Rule",
    palletRules: {
      "3": "every order stocked out",
      "2": "some orders stocked out",
      "5": "every order detained",
      "4": "some orders detained",
      "6": "every order stocked in",
      "7": "some orders stocked in",
      "1": "none of the above",
    },
  },
  import: {
    title: "Importing self-service numbers",
    text: "In the order list choose “Import self-service numbers” and upload one .xlsx file: a header row, then the order number in the first column and the waybill number in the second. Each row is handled on its own; the report lists every row as applied, or why it was not.",
    template: "Download the import template",
  },
  units: {
    title: "Units and times",
    text: "Amounts are in yuan (two decimals), weights in kilograms, sizes in centimetres; times are China time (UTC+8), shown as YYYY-MM-DD HH:mm:ss.",
  },
  security: {
    title: "Account security",
    steps: [
      "“Password settings” changes the password: at least 8 characters, not all digits, not a common password and not the e-mail; every other device is then signed out.",
      "“Sign-in settings” turns single login on: only one person may be signed in with the account at a time, and a new sign-in signs the other devices out; off, several may be signed in at once.",
      "The sign-in history lists each sign-in's time, device, IP and status; an online device can be forced offline.",
    ],
  },
} satisfies Shape<typeof zh>;
