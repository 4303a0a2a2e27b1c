import type zh from "../zh/table.ts";

export default {
  paging: "Pagination",
  total: "{{total}} in total",
  previous: "Previous page",
  next: "Next page",
  page: "Page {{page}}",
  pageSize: "Rows per page",
  perPage: "{{size}} / page",
  apply: "Apply",
  goTo: "Go to",
  go: "Go",
  index: "No.",
  expand: "Expand",
  selectPage: "Select all on this page",
  columns: "Columns",
  showColumns: "Shown columns",
  region: "Data table",
  sortBy: "Sort by {{column}}",
} satisfies Record<keyof typeof zh, string>;
