/** A page with a loader and one element: the least a framework-mode page does. */
export function loader() {
  return { greeting: "Hello" };
}

export default function Empty({ loaderData }: { loaderData: { greeting: string } }) {
  return <p>{loaderData.greeting}</p>;
}
