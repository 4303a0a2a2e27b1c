/** Downloads (xlsx, streamed), the self-service number import and its template. */
import { cbaEndpoints as ep, IMPORT_MAX_BYTES, OrderStatus } from "../../app/contract/cba.ts";
import { ApiCode } from "../../app/contract/envelope.ts";
import { hasZipMagic, XlsxRefused } from "../../app/utils/xlsx-guard.server.ts";
import { db, type OrderRow } from "../db.ts";
import { ApiError } from "../errors.ts";
import { actorOf, recordEvents } from "../history.ts";
import { t } from "../i18n.ts";
import { downloadedOrders, ordersByNumbers, type queryOrders } from "../logistics.ts";
import { canonicalNo } from "../numbers.ts";
import { route, signedIn } from "../route.ts";
import { type CompanyScope, companyScope } from "../scope.ts";
import { importTemplate, logisticsWorkbook, ordersWorkbook } from "../xlsx.ts";
import { readImportRows } from "../xlsx-reader.ts";

export const IMPORT_MAX_ROWS = 10_000;
const LOGISTICS_NO = /^[A-Za-z0-9]{6,30}$/;

/**
 * The listed orders, or every order of the filters; only the caller's
 * company's. A whole list is read as the file is written (`downloadedOrders`).
 */
function selection(
  scope: CompanyScope,
  orderNoList: readonly string[],
  query: Parameters<typeof queryOrders>[1],
): Iterable<OrderRow> {
  return orderNoList.length > 0
    ? ordersByNumbers(scope, orderNoList)
    : downloadedOrders(scope, query);
}

async function readUpload(form: FormData | null): Promise<Uint8Array> {
  // One file only (docs/product.md, Uploads): two are refused, not half read.
  const files = form?.getAll("file") ?? [];
  const [file] = files;
  if (files.length !== 1 || !file || typeof file === "string")
    throw new ApiError(ApiCode.invalidParameters, "importNoFile");
  if (file.size > IMPORT_MAX_BYTES) throw new ApiError(ApiCode.invalidParameters, "importTooLarge");
  const bytes = new Uint8Array(await file.arrayBuffer());
  // An xlsx is a zip archive: "PK\x03\x04".
  if (!hasZipMagic(bytes)) throw new ApiError(ApiCode.invalidParameters, "importNotXlsx");
  return bytes;
}

export const fileHandlers = [
  ...route(ep.downloadOrders, (ctx) =>
    ordersWorkbook(
      selection(companyScope(signedIn(ctx).user), ctx.body.orderNoList, ctx.query),
      ctx.lang,
    ),
  ),

  ...route(ep.downloadOrderLogistics, (ctx) =>
    logisticsWorkbook(
      selection(companyScope(signedIn(ctx).user), ctx.body.orderNoList, ctx.query),
      ctx.lang,
    ),
  ),

  ...route(ep.importTemplate, ({ lang }) => importTemplate(lang)),

  ...route(ep.importOrders, async (ctx) => {
    const { form, lang } = ctx;
    const scope = companyScope(signedIn(ctx).user);
    const bytes = await readUpload(form);
    let rows: [number, string, string][];
    try {
      // Checked before it is parsed, read as a stream up to one row too many.
      rows = await readImportRows(bytes, IMPORT_MAX_ROWS);
    } catch (error) {
      const tooMuch = error instanceof XlsxRefused && error.problem === "tooMuchData";
      throw new ApiError(
        ApiCode.invalidParameters,
        tooMuch ? "importTooMuchData" : "importNotXlsx",
      );
    }
    if (rows.length === 0) throw new ApiError(ApiCode.invalidParameters, "importEmpty");
    if (rows.length > IMPORT_MAX_ROWS)
      throw new ApiError(ApiCode.invalidParameters, "importTooManyRows");

    const report: {
      row: number;
      orderNo: string;
      logisticsNo: string;
      applied: boolean;
      reason: string | null;
    }[] = [];
    const firstRowOf = new Map<string, number>();
    /** Waybill numbers taken by this file: number → order. */
    const claimed = new Map<string, string>();
    const apply = new Map<string, string>();
    for (const [row, typedOrderNo, typedLogisticsNo] of rows) {
      const orderNo = canonicalNo(typedOrderNo);
      const logisticsNo = canonicalNo(typedLogisticsNo);
      // A refused row is reported as it was typed, so its sender finds it in the file.
      const refuse = (reason: string) =>
        report.push({
          row,
          orderNo: typedOrderNo,
          logisticsNo: typedLogisticsNo,
          applied: false,
          reason,
        });
      if (orderNo === "") {
        refuse(t(lang, "importBlankOrder"));
        continue;
      }
      const earlier = firstRowOf.get(orderNo);
      if (earlier !== undefined) {
        refuse(t(lang, "importDuplicateRow", { row: earlier }));
        continue;
      }
      firstRowOf.set(orderNo, row);
      const order = db.orders.get(orderNo);
      if (!order || !scope.allows(order.companyId)) {
        refuse(t(lang, "importUnknownOrder"));
        continue;
      }
      if (logisticsNo === "") {
        refuse(t(lang, "importBlankLogistics"));
        continue;
      }
      if (!LOGISTICS_NO.test(logisticsNo)) {
        refuse(t(lang, "importBadLogistics"));
        continue;
      }
      const owner = claimed.get(logisticsNo) ?? db.logisticsIndex.get(logisticsNo);
      if (owner !== undefined && owner !== orderNo) {
        // Waybill numbers are unique across companies; another company's order is not named.
        refuse(
          scope.allows(db.orders.get(owner)?.companyId)
            ? t(lang, "importLogisticsTaken", { no: owner })
            : t(lang, "importLogisticsTakenElsewhere"),
        );
        continue;
      }
      if (order.logisticsNo !== logisticsNo && order.cbaStatus === OrderStatus.stockedOut) {
        refuse(t(lang, "importStockedOut"));
        continue;
      }
      claimed.set(logisticsNo, orderNo);
      if (order.logisticsNo !== logisticsNo) apply.set(orderNo, logisticsNo);
      report.push({ row, orderNo, logisticsNo, applied: true, reason: null });
    }

    // The numbers being replaced are free again.
    for (const orderNo of apply.keys()) {
      const previous = db.orders.get(orderNo)?.logisticsNo;
      if (previous && db.logisticsIndex.get(previous) === orderNo)
        db.logisticsIndex.delete(previous);
    }
    await db.orders.updateMany(apply.keys(), (draft) => {
      draft.logisticsNo = apply.get(draft.orderNo) ?? draft.logisticsNo;
    });
    for (const [orderNo, logisticsNo] of apply) db.logisticsIndex.set(logisticsNo, orderNo);
    await recordEvents(
      [...apply].flatMap(([orderNo, logisticsNo]) => {
        const order = db.orders.get(orderNo);
        return order
          ? [
              {
                order,
                action: "logisticsNo" as const,
                from: order.cbaStatus,
                to: order.cbaStatus,
                text: logisticsNo,
              },
            ]
          : [];
      }),
      actorOf(signedIn(ctx).user),
      "import",
    );

    const applied = report.filter((row) => row.applied).length;
    return { total: report.length, applied, refused: report.length - applied, rows: report };
  }),
];
