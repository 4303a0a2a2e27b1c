import { data } from "react-router";

// Filled in with the order list: the import template workbook.
export function loader() {
  return data(null, { status: 404 });
}
