import { data } from "react-router";
import { ErrorPage } from "~/components/error-page.tsx";

export function loader() {
  return data(null, { status: 405 });
}

export default function Page() {
  return <ErrorPage status={405} />;
}
