/**
 * The order list's operation forms (confirmations and the scan check), whose
 * code comes after the first paint: they bring Conform, zod and the
 * operations' schemas, which the list itself does not need to show and
 * choose orders (see app/components/deferred.tsx). The page keeps working
 * meanwhile: an operation's dialog shows its form once the chunk is there,
 * and a form the server drew (without JavaScript) stays as it was drawn.
 */
import { deferredModule } from "~/components/deferred.tsx";
import type { OrderIntent } from "./operations.ts";

const forms = deferredModule(
  import.meta.env.SSR ? await import("./operation-form.tsx") : undefined,
  () => import("./operation-form.tsx"),
);

export const OperationForm = forms.component("OperationForm");

/** `checkScan` of ./operation-form.tsx, once its chunk is there. */
export async function checkScan(intent: OrderIntent, value: FormDataEntryValue | null) {
  return (await forms.load()).checkScan(intent, value);
}
