/**
 * The pallet labels' and manifest's pages below the browser, in both
 * languages: without a pallet they say what to do, with too many labels
 * they say so and print nothing, a number the service lacks and another
 * company's pallet are not found. The paper itself (print, barcodes that
 * read back, the 404 page drawn) is the journey's (pallet-labels.spec.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import enPaper from "~/locales/en/paper.ts";
import zhPaper from "~/locales/zh/paper.ts";
import { type RowsText, rowsOf } from "~/routes/order/order-view.ts";
import * as orders from "~/routes/order/orders.tsx";
import * as labels from "~/routes/services/pallet-labels.tsx";
import * as manifest from "~/routes/services/pallet-manifest.tsx";
import { reset } from "../contract/helpers.ts";
import { signedIn, type Visitor } from "./account-harness.ts";

const TEXT = {
  zh: { p: zhPaper, prefix: "" },
  en: { p: enPaper, prefix: "/en" },
} as const;

beforeEach(() => reset());

/** A pallet of the manager's company with orders still to stock in. */
async function managersPallet(manager: Visitor) {
  const page = await manager.get(orders, "/order/?cbaStatus=1", { home: true });
  const [order] = rowsOf(page.data as { rows: RowsText });
  if (!order) throw new Error("no order to stock in");
  return { serviceNo: order.serviceNo, salverNo: order.salverNo };
}

const notice = (outcome: { data: unknown }) => (outcome.data as { notice: string | null }).notice;

describe("the pallet labels and manifest", () => {
  for (const lang of ["zh", "en"] as const) {
    it(`say what to do without a pallet, refuse too many labels and find no pallet the service lacks (${lang})`, async () => {
      const { p, prefix } = TEXT[lang];
      const manager = await signedIn("manager@demo.test");
      const { serviceNo } = await managersPallet(manager);
      for (const page of [labels, manifest]) {
        const path = page === labels ? "label" : "manifest";
        const none = await manager.get(page, `${prefix}/server/salver/${path}`, { home: true });
        expect(none.status).toBe(200);
        expect(notice(none)).toBe(p.labels.none);
        const unknown = await manager.get(
          page,
          `${prefix}/server/salver/${path}/?serviceNo=${serviceNo}&salverNo=NO-SUCH-PALLET`,
          { home: true },
        );
        expect(unknown.status, path).toBe(404);
      }
      const many = Array.from({ length: 101 }, (_, n) => `salverNo=P${n}`).join("&");
      const tooMany = await manager.get(
        labels,
        `${prefix}/server/salver/label/?serviceNo=${serviceNo}&${many}`,
        { home: true },
      );
      expect(notice(tooMany)).toBe(p.labels.tooMany.replace("{{max}}", "100"));
      expect((tooMany.data as { labels: unknown[] }).labels).toEqual([]);
    });

    it(`of another company's pallet are not found (${lang})`, async () => {
      const { prefix } = TEXT[lang];
      const { serviceNo, salverNo } = await managersPallet(await signedIn("manager@demo.test"));
      const other = await signedIn("nansha.trade@demo.test");
      for (const [page, path] of [
        [labels, "label"],
        [manifest, "manifest"],
      ] as const) {
        const answer = await other.get(
          page,
          `${prefix}/server/salver/${path}/?serviceNo=${serviceNo}&salverNo=${salverNo}`,
          { home: true },
        );
        expect(answer.status, path).toBe(404);
        expect(JSON.stringify(answer.data ?? "")).not.toContain(salverNo);
      }
    });
  }
});
