/** What a scan did, as the scan action answers it and the page keeps it (browser and server alike). */
import type { SubmissionResult } from "@conform-to/react";
import type { OrderStatusCode, WarehousingDirection } from "~/contract/index.ts";

/** What one scan did; plain values only, so the browser can keep it in sessionStorage. */
export interface ScanRecord {
  id: string;
  /** Unix seconds when the portal got the scan. */
  at: number;
  /** The pallet or order number: as the backend spells it, or as scanned when refused. */
  number: string;
  target: "salver" | "order" | null;
  direction: WarehousingDirection;
  ok: boolean;
  /** Order numbers moved. */
  changed: string[];
  /** Orders of the pallet left as they were, with the status that kept them. */
  unchanged: { orderNo: string; cbaStatus: OrderStatusCode }[];
  /** The backend's refusal, in the user's language. */
  message: string | null;
}

/** The refusal of a scan the form's schema did not pass; a scan carried out redirects. */
export type ScanActionData = {
  stage: "invalid";
  direction: WarehousingDirection | null;
  reply: SubmissionResult<string[]>;
};
