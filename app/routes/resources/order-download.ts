import { data } from "react-router";

// Filled in with the order list: streams the orders or logistics workbook.
export function action() {
  return data(null, { status: 404 });
}
