import "~/locales/areas/paper.ts";
import "./pallet-paper.css";
import { Form } from "react-router";
import { Barcode } from "~/components/barcode.tsx";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { PATHS } from "~/utils/site-map.ts";
import type { Route } from "./+types/pallet-labels";
import { loadLabels } from "./pallet-labels.server.ts";
import { LABEL_FORMATS, type PalletLabel } from "./pallet-paper.ts";
import { PaperHeader, PaperNotice } from "./paper-header.tsx";

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadLabels(context, url);
}

/** Four labels to an A4 page. */
const PER_A4 = 4;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

function Label({ label }: { label: PalletLabel }) {
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t("paper.labels.serviceNo"), label.serviceNo],
    [t("paper.labels.name"), label.name],
    [t("paper.labels.size"), label.size],
    [t("paper.labels.weight"), label.weight],
    [t("paper.labels.position"), label.position],
    [t("paper.labels.orders"), label.ordersTotal],
  ];
  return (
    <article
      className="paper-label"
      aria-label={`${t("paper.labels.palletNo")} ${label.salverNo}`}
      data-testid="pallet-label"
    >
      {label.barcode ? (
        <div className="paper-barcode">
          <Barcode
            drawing={label.barcode}
            label={t("paper.barcodeOf", { palletNo: label.salverNo })}
          />
        </div>
      ) : null}
      <p className="paper-number" data-testid="label-number">
        {label.salverNo}
      </p>
      <dl className="paper-facts">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** Labels of one or more pallets, for a label printer or A4; printed by the browser. */
export default function PalletLabelsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { labels, format, notice, serviceNo } = loaderData;
  return (
    <section className="card p-5" data-paper-card>
      <PaperHeader
        title={t("paper.labels.title")}
        serviceNo={serviceNo}
        printable={Boolean(labels.length > 0)}
      />
      <PaperNotice notice={notice} />
      {labels.length > 0 ? (
        <>
          <Form
            method="get"
            // The address of a page with a query ends in "/", as every list's does.
            action={`${localizePath(PATHS.palletLabels, locale)}/`}
            className="mb-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm"
          >
            <input type="hidden" name="serviceNo" value={serviceNo ?? ""} />
            {labels.map((label) => (
              <input key={label.salverNo} type="hidden" name="salverNo" value={label.salverNo} />
            ))}
            <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <legend className="float-left mr-2 font-medium text-gray-700">
                {t("paper.labels.format")}
              </legend>
              {LABEL_FORMATS.map((value) => (
                <label key={value} className="flex items-center gap-1.5">
                  <input
                    type="radio"
                    name="format"
                    value={value}
                    defaultChecked={format === value}
                    data-testid={`format-${value}`}
                  />
                  {value === "a4" ? t("paper.labels.formatA4") : t("paper.labels.formatLabel")}
                </label>
              ))}
            </fieldset>
            <button type="submit" className="btn-secondary h-8 px-3">
              {t("paper.labels.apply")}
            </button>
            <span className="text-gray-600">
              {t("paper.labels.count", { count: labels.length })}
            </span>
          </Form>
          <p className="mb-4 text-sm text-gray-600">{t("paper.printHint")}</p>
          <div className="paper-sheets" data-paper data-format={format}>
            {format === "a4"
              ? chunks(labels, PER_A4).map((sheet) => (
                  <div key={sheet[0]!.salverNo} className="paper-a4" data-testid="a4-sheet">
                    {sheet.map((label) => (
                      <Label key={label.salverNo} label={label} />
                    ))}
                  </div>
                ))
              : labels.map((label) => <Label key={label.salverNo} label={label} />)}
          </div>
        </>
      ) : null}
    </section>
  );
}
