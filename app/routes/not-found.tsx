import { data } from "react-router";
import { ErrorPage } from "~/components/error-page.tsx";

/** Any path that matches no page answers 404 with the translated error page. */
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
