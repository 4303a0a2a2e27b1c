import { PRODUCT_NAME } from "../../config/product.ts";
import type zh from "../zh/common.ts";

export default {
  appName: PRODUCT_NAME.en,
  appDetail:
    "One place for cross-border e-commerce companies and station operators to manage service numbers, pallets, orders, stock in and out, and arrival reports at the bonded warehouse.",
  languageName: "English",
  switchLanguage: "Switch language",
  loading: "Loading…",
  submit: "Submit",
  confirm: "OK",
  cancel: "Cancel",
  back: "Back",
  save: "Save",
  search: "Search",
  reset: "Reset",
  operation: "Actions",
  operationSuccessful: "Operation successful",
  submissionPending:
    "This submission is still being processed; reload the page in a moment to see its result",
  required: "Required field",
  wrongFormat: "Wrong format",
  datePattern: "YYYY-MM-DD",
  openCalendar: "{{field}}: open the calendar",
  empty: "No data",
  yes: "Yes",
  no: "No",
  logout: "Sign out",
  notifications: "Notifications",
  settings: "Settings",
  collapseMenu: "Collapse menu",
  expandMenu: "Expand menu",
  userMenu: "User menu",
  switchLanguageSuffix: " (switch language)",
  userMenuSuffix: " (user menu)",
  unreadSuffix: "unread",
  skipToContent: "Skip to main content",
} satisfies Record<keyof typeof zh, string>;
