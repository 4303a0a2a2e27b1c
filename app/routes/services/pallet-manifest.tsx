import "~/locales/areas/paper.ts";
import "./pallet-paper.css";
import { Barcode } from "~/components/barcode.tsx";
import { useTranslation } from "~/utils/i18n.ts";
import type { Route } from "./+types/pallet-manifest";
import { loadManifest } from "./pallet-manifest.server.ts";
import { PaperHeader, PaperNotice } from "./paper-header.tsx";

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadManifest(context, url);
}

/**
 * The manifest of one pallet on A4: its orders with their waybills'
 * barcodes, and the totals. The table's header repeats on every printed
 * page; the pages are numbered by the print stylesheet.
 */
export default function PalletManifestPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pallet, notice, rows, totals, serviceNo } = loaderData;
  return (
    <section className="card p-5" data-paper-card>
      <PaperHeader
        title={t("paper.manifest.title")}
        serviceNo={serviceNo}
        printable={Boolean(pallet)}
      />
      <PaperNotice notice={notice} />
      {pallet ? (
        <>
          <p className="mb-4 text-sm text-gray-600">{t("paper.printHint")}</p>
          <div className="paper-manifest" data-paper data-testid="manifest">
            <header className="mb-4 flex items-start justify-between gap-6">
              <div>
                <h2 className="mb-2 text-base font-bold">
                  {t("paper.manifest.heading", { palletNo: pallet.salverNo })}
                </h2>
                <dl className="paper-facts">
                  <dt>{t("paper.manifest.palletNo")}</dt>
                  <dd>{pallet.salverNo}</dd>
                  <dt>{t("paper.manifest.serviceNo")}</dt>
                  <dd>{pallet.serviceNo}</dd>
                  <dt>{t("paper.manifest.position")}</dt>
                  <dd>{pallet.position}</dd>
                  <dt>{t("paper.manifest.printedAt")}</dt>
                  <dd>{pallet.printedAt}</dd>
                </dl>
              </div>
              {pallet.barcode ? (
                <div className="paper-barcode paper-pallet-code">
                  <Barcode
                    drawing={pallet.barcode}
                    label={t("paper.barcodeOf", { palletNo: pallet.salverNo })}
                  />
                </div>
              ) : null}
            </header>
            {rows.length > 0 && totals ? (
              <table data-testid="manifest-table">
                <thead>
                  <tr>
                    <th scope="col" className="paper-right">
                      {t("paper.manifest.index")}
                    </th>
                    <th scope="col">{t("paper.manifest.logisticsNo")}</th>
                    <th scope="col">{t("paper.manifest.orderNo")}</th>
                    <th scope="col">{t("paper.manifest.consignee")}</th>
                    <th scope="col" className="paper-right">
                      {t("paper.manifest.weight")}
                    </th>
                    <th scope="col" className="paper-right">
                      {t("paper.manifest.amount")}
                    </th>
                    <th scope="col">{t("paper.manifest.status")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => (
                    <tr key={row.orderNo} data-row-key={row.orderNo}>
                      <td className="paper-right">{index + 1}</td>
                      <td>
                        {row.barcode && row.logisticsNo ? (
                          <div className="paper-barcode">
                            <Barcode
                              drawing={row.barcode}
                              label={t("paper.waybillBarcodeOf", { logisticsNo: row.logisticsNo })}
                            />
                          </div>
                        ) : null}
                        <div className="paper-waybill">
                          {row.logisticsNo ?? t("paper.manifest.noWaybill")}
                        </div>
                      </td>
                      <td className="font-mono">{row.orderNo}</td>
                      <td>{row.consignee}</td>
                      <td className="paper-right">{row.weight}</td>
                      <td className="paper-right">{row.amount}</td>
                      <td className="whitespace-nowrap">{row.status.label}</td>
                    </tr>
                  ))}
                </tbody>
                {/* A body of its own, not a footer: a footer would repeat on every printed page. */}
                <tbody className="paper-totals" data-testid="manifest-totals">
                  <tr>
                    <th scope="row" colSpan={2}>
                      {t("paper.manifest.total")}
                    </th>
                    <td>
                      {t("paper.manifest.orderCount")}{" "}
                      <span data-testid="manifest-order-count">{totals.orderCount}</span>
                    </td>
                    <td />
                    <td className="paper-right" data-testid="manifest-weight-total">
                      {totals.weight}
                    </td>
                    <td className="paper-right" data-testid="manifest-amount-total">
                      {totals.amountTotal}
                    </td>
                    <td />
                  </tr>
                </tbody>
              </table>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
