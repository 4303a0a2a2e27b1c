import { data } from "react-router";
import { ErrorPage } from "~/components/error-page.tsx";

// Filled in with the account screens: the demo outbox, readable in demo mode only.
export function loader() {
  return data(null, { status: 404 });
}

export default function DemoMailbox() {
  return <ErrorPage status={404} />;
}
