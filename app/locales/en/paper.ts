import type zh from "../zh/paper.ts";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Printed paper of the warehouse: pallet labels and pallet manifests (an area, see ../areas.ts). */
export default {
  print: "Print",
  printHint:
    "Print this page with the browser (Ctrl+P); only the labels or the manifest are printed, not the menu.",
  backToPallets: "Back to the pallet list",
  serviceRequired: "Open this page from the pallet list: the service number is missing",
  barcodeOf: "Barcode of pallet number {{palletNo}}",
  waybillBarcodeOf: "Barcode of waybill number {{logisticsNo}}",
  labels: {
    title: "Pallet labels",
    count: "{{count}} labels",
    none: "No pallet chosen: tick pallets in the pallet list and press “Print labels of the selected pallets”, or press a row's “Print label”.",
    tooMany: "At most {{max}} labels can be printed at once: choose fewer pallets",
    format: "Paper",
    formatLabel: "Label 100 × 150 mm (one pallet each)",
    formatA4: "A4 (four to a page)",
    apply: "Apply",
    palletNo: "Pallet No.",
    serviceNo: "Service No.",
    name: "Name",
    size: "Size (cm)",
    weight: "Weight (kg)",
    position: "Position",
    orders: "Orders",
  },
  manifest: {
    title: "Pallet manifest",
    heading: "Manifest of pallet {{palletNo}}",
    palletNo: "Pallet No.",
    serviceNo: "Service No.",
    position: "Position",
    printedAt: "Printed",
    index: "No.",
    logisticsNo: "Waybill No.",
    orderNo: "Order No.",
    consignee: "Consignee",
    weight: "Gross weight (kg)",
    amount: "Amount paid (CNY)",
    status: "Status",
    noWaybill: "No waybill number yet",
    total: "Total",
    orderCount: "Orders",
    weightTotal: "Gross weight (kg)",
    amountTotal: "Amount total (CNY)",
    empty: "This pallet has no orders",
    tooMany:
      "This pallet has {{count}} orders and a manifest lists at most {{max}}: export the pallet's orders from the order list",
  },
  pallets: {
    printLabel: "Print label",
    manifest: "Manifest",
    ofPallet: " (pallet {{salverNo}})",
    select: "Select pallet {{salverNo}}",
    printSelected: "Print labels of the selected pallets",
  },
} satisfies Shape<typeof zh>;
