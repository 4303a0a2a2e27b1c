/** What the pallet labels and manifest pages show: shared by their server code and their components. */

import type { StatusView } from "~/components/status-badge.tsx";
import type { BarcodeDrawing } from "~/utils/barcode-drawing.ts";

/** Label paper: one 100 × 150 mm label per pallet, or four to an A4 page. */
export const LABEL_FORMATS = ["label", "a4"] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export interface PalletLabel {
  salverNo: string;
  serviceNo: string;
  name: string;
  size: string;
  weight: string;
  position: string;
  ordersTotal: string;
  barcode: BarcodeDrawing | null;
}

export interface ManifestRow {
  orderNo: string;
  logisticsNo: string | null;
  barcode: BarcodeDrawing | null;
  consignee: string;
  weight: string;
  amount: string;
  status: StatusView;
}
