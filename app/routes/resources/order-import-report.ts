import ExcelJS from "exceljs";
import { data, type RouterContextProvider } from "react-router";
import { importReportSchema } from "~/contract/index.ts";
import { requireAccess } from "~/utils/auth.server.ts";
import { downloadOrBack } from "~/utils/refusal.server.ts";
import { getT, postedForm } from "~/utils/request-context.server.ts";
import { resourcePage } from "~/utils/resource-paths.ts";
import { assertSameOrigin } from "~/utils/same-origin.server.ts";
import type { Route } from "./+types/order-import-report";

/** Generous bound of a posted report: 10,000 rows of short numbers and reasons. */
const MAX_REPORT_CHARS = 4 * 1024 * 1024;

/**
 * The report of an import as a workbook, all rows or only the refused ones
 * (`only=refused`). The page posts the report it shows; nothing is kept on
 * the server between the import and the download.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const page = resourcePage(request);
  return downloadOrBack(request, context, page, () => reportWorkbook(context, page));
}

async function reportWorkbook(context: Readonly<RouterContextProvider>, page: string) {
  await requireAccess(context, page);
  const t = getT(context);
  const form = postedForm(context);
  const text = form.get("report");
  let parsed: ReturnType<typeof importReportSchema.safeParse> | null = null;
  if (typeof text === "string" && text.length <= MAX_REPORT_CHARS) {
    try {
      parsed = importReportSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
  }
  if (!parsed?.success) {
    throw data({ message: t("common.wrongFormat") }, { status: 400 });
  }
  const refusedOnly = form.get("only") === "refused";
  const rows = parsed.data.rows.filter((row) => !refusedOnly || !row.applied);

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t("logistics.import.report"), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  const asText = { numFmt: "@" };
  sheet.columns = [
    { header: t("logistics.import.row"), width: 8 },
    { header: t("logistics.order.orderNo"), width: 24, style: asText },
    { header: t("logistics.order.logisticsNo"), width: 24, style: asText },
    { header: t("logistics.import.result"), width: 12, style: asText },
    { header: t("logistics.import.reason"), width: 48, style: asText },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow([
      row.row,
      row.orderNo,
      row.logisticsNo,
      row.applied ? t("logistics.import.applied") : t("logistics.import.refused"),
      row.reason ?? "",
    ]);
  }
  const buffer = await workbook.xlsx.writeBuffer();
  const name = refusedOnly ? "import-report-refused.xlsx" : "import-report.xlsx";
  return new Response(new Uint8Array(buffer as ArrayBuffer), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
