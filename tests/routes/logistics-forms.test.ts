/**
 * The logistics pages' forms and answers below the browser, in both
 * languages: what the server answers a post (a refusal with its message and
 * nothing changed, or a redirect to the result) and what a page's loader
 * says in the table. The journeys (tests/e2e/logistics.spec.ts) keep what
 * only a browser shows: dialogs, focus, hydration, downloads, paging.
 */
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import enCommon from "~/locales/en/common.ts";
import enL from "~/locales/en/logistics.ts";
import zhCommon from "~/locales/zh/common.ts";
import zhL from "~/locales/zh/logistics.ts";
import {
  type OrderActionData,
  type OrderResult,
  type RowsText,
  rowsOf,
} from "~/routes/order/order-view.ts";
import * as orders from "~/routes/order/orders.tsx";
import * as orderDownload from "~/routes/resources/order-download.ts";
import * as importReport from "~/routes/resources/order-import-report.ts";
import * as importTemplate from "~/routes/resources/order-import-template.ts";
import * as pallets from "~/routes/services/pallets.tsx";
import { setAuditDestination } from "~/utils/audit.server.ts";
import { sessionStorage } from "~/utils/session.server.ts";
import { reset } from "../contract/helpers.ts";
import { signedIn, type Visitor } from "./account-harness.ts";
import { ORIGIN, payloadOf, runRoute } from "./harness.ts";

const TEXT = {
  zh: { l: zhL, common: zhCommon, prefix: "" },
  en: { l: enL, common: enCommon, prefix: "/en" },
} as const;
type Lang = keyof typeof TEXT;
const LANGS = ["zh", "en"] as const;

/** The text of a `logistics.…` key in `lang`, as the page draws it. */
function textOf(lang: Lang, key: string | null | undefined): string {
  const path = (key ?? "").split(".");
  expect(path[0], `${key} is a logistics text`).toBe("logistics");
  let value: unknown = TEXT[lang].l;
  for (const part of path.slice(1)) value = (value as Record<string, unknown>)?.[part];
  expect(typeof value, `${key} has a ${lang} text`).toBe("string");
  return value as string;
}

type OrderRow = {
  orderNo: string;
  serviceNo: string;
  salverNo: string;
  logisticsNo?: string;
  /** The status's code: the page draws its label. */
  cbaStatus: number;
};
type OrderPage = {
  list: OrderRow[];
  pagination: { total: number };
  result: OrderResult | null;
  pending: { orderNoList: string[] } | null;
};

/** The order list's data, as the loader gives it to `browser`. */
async function orderPage(browser: Visitor, path: string): Promise<OrderPage> {
  const outcome = await browser.get(orders, path, { home: true });
  expect(outcome.status, path).toBe(200);
  const { rows, ...page } = outcome.data as Omit<OrderPage, "list"> & { rows: RowsText };
  return { ...page, list: rowsOf({ rows }) as unknown as OrderRow[] };
}

/** The refusal an operation's post answered (400, with the form to show again). */
function refusalOf(outcome: { status: number; data: unknown }) {
  expect(outcome.status).toBe(400);
  const answer = outcome.data as OrderActionData;
  expect(answer.stage).toBe("error");
  return answer;
}

// The audit lines of these calls are not what is tested here.
setAuditDestination({ write: () => undefined });
// A seed with pages of orders in every status; users signed in afresh.
beforeEach(() => reset());

describe("the pallet list says in the table why it has no rows", () => {
  for (const lang of LANGS) {
    it(`without a service, or with one that does not exist (${lang})`, async () => {
      const { l, prefix } = TEXT[lang];
      const browser = await signedIn("manager@demo.test");
      const none = await browser.get(pallets, `${prefix}/server/salver/`, { home: true });
      expect(none.status).toBe(200);
      expect((none.data as { error: string }).error).toBe(l.pallet.serviceRequired);
      const unknown = await browser.get(pallets, `${prefix}/server/salver/?serviceNo=NOSUCH1`, {
        home: true,
      });
      expect((unknown.data as { error: string }).error).toBe(
        lang === "zh" ? "服务号 NOSUCH1 不存在" : "Service NOSUCH1 does not exist",
      );
    });
  }
});

describe("a pallet's position", () => {
  for (const lang of LANGS) {
    it(`refuses a blank position with its message and changes nothing; a position is saved with a redirect (${lang})`, async () => {
      const { l, common, prefix } = TEXT[lang];
      const browser = await signedIn("manager@demo.test");
      const [order] = (await orderPage(browser, `${prefix}/order/`)).list;
      const salverNo = order?.salverNo ?? "";
      const path = `${prefix}/server/salver/?serviceNo=${order?.serviceNo ?? ""}`;
      const positionOf = async () => {
        const list = await browser.get(pallets, path, { home: true });
        const rows = (list.data as { list: { salverNo: string; salverDirection: string }[] }).list;
        return rows.find((pallet) => pallet.salverNo === salverNo)?.salverDirection;
      };
      const before = await positionOf();
      expect(before).toEqual(expect.any(String));
      const blank = await browser.post(
        pallets,
        path,
        { salverNo, salverDirection: "   " },
        { home: true },
      );
      expect(blank.status).toBe(400);
      const refused = blank.data as { ok: false; salverNo: string; error: string };
      expect(refused).toMatchObject({ ok: false, salverNo });
      expect(textOf(lang, refused.error)).toBe(l.pallet.positionRequired);
      expect(await positionOf()).toBe(before);

      const position = `Z-${lang === "zh" ? "01" : "02"}-17`;
      const saved = await browser.post(
        pallets,
        path,
        { salverNo, salverDirection: position, submissionKey: `position-${lang}-0001` },
        { home: true },
      );
      expect(saved.status).toBe(302);
      expect(await positionOf()).toBe(position);
      const shown = await browser.get(pallets, saved.location ?? "", { home: true });
      const answer = shown.data as { saved: { salverNo: string; message: string } | null };
      expect(answer.saved?.salverNo).toBe(salverNo);
      expect(answer.saved?.message).toContain(common.operationSuccessful);
      expect(answer.saved?.message).toContain(position);
    });
  }
});

describe("an operation on the chosen orders, without JavaScript", () => {
  for (const lang of LANGS) {
    it(`with nothing chosen is refused by the server, with its message (${lang})`, async () => {
      const { l, prefix } = TEXT[lang];
      const browser = await signedIn("manager@demo.test");
      const refused = refusalOf(
        await browser.post(orders, `${prefix}/order/`, { intent: "detain" }, { home: true }),
      );
      expect(textOf(lang, refused.reply.error?.orderNoList?.[0])).toBe(l.order.selectAtLeastOne);
    });

    it(`without a reason is asked again with its message, a blank one too; nothing changes (${lang})`, async () => {
      const { l, prefix } = TEXT[lang];
      const browser = await signedIn("manager@demo.test");
      const [order] = (await orderPage(browser, `${prefix}/order/?cbaStatus=4`)).list;
      const orderNo = order?.orderNo ?? "";
      for (const reason of ["", "   "]) {
        const refused = refusalOf(
          await browser.post(
            orders,
            `${prefix}/order/?op=detain&sel=${orderNo}`,
            { intent: "detain", confirmed: "1", orderNoList: orderNo, reasonForDetention: reason },
            { home: true },
          ),
        );
        expect(refused.pending?.orderNoList).toEqual([orderNo]);
        expect(textOf(lang, refused.reply.error?.reasonForDetention?.[0])).toBe(
          l.order.reasonRequired,
        );
      }
      const [after] = (await orderPage(browser, `${prefix}/order/?orderNo=${orderNo}`)).list;
      // Still stocked in (4): the page draws the status's label from its code.
      expect(after?.cbaStatus).toBe(4);
    });

    it(`chosen on two pages are confirmed together and answered with the result in the page's language (${lang})`, async () => {
      const { l, common, prefix } = TEXT[lang];
      const browser = await signedIn("manager@demo.test");
      const first = (await orderPage(browser, `${prefix}/order/?cbaStatus=1`)).list;
      const second = (await orderPage(browser, `${prefix}/order/?cbaStatus=1&current=2`)).list;
      const chosen = [first[0], first[1], second[1]].map((order) => order?.orderNo ?? "");
      expect(new Set(chosen).size).toBe(3);
      const selection = `cbaStatus=1&current=2&sel=${chosen.join(",")}`;
      // The page's form posts its checked box and those chosen on other pages.
      const asked = await browser.send(
        orders.action,
        `${prefix}/order/?${selection}`,
        [
          ["intent", "detain"],
          ...chosen.map((orderNo): [string, string] => ["orderNoList", orderNo]),
        ],
        { home: true },
      );
      expect(asked.response.status).toBe(302);
      const confirmation = await orderPage(browser, asked.response.headers.get("Location") ?? "");
      expect(confirmation.pending?.orderNoList.sort()).toEqual([...chosen].sort());

      // The confirmation's form names every chosen order: one field per order.
      const done = await browser.send(
        orders.action,
        asked.response.headers.get("Location") ?? "",
        [
          ["intent", "detain"],
          ["confirmed", "1"],
          ["reasonForDetention", `hold ${lang}`],
          ["submissionKey", `two-pages-${lang}-0001`],
          ...chosen.map((orderNo): [string, string] => ["orderNoList", orderNo]),
        ],
        { home: true },
      );
      expect(done.response.status).toBe(302);
      const shown = await orderPage(browser, done.response.headers.get("Location") ?? "");
      expect(shown.result?.message).toBe(
        `${common.operationSuccessful}: ${l.order.updated.replace("{{n}}", "3")}`,
      );
      const detained = await orderPage(browser, `${prefix}/order/?cbaStatus=2&pageSize=500`);
      for (const orderNo of chosen) {
        expect(detained.list.map((order) => order.orderNo)).toContain(orderNo);
      }
    });
  }
});

/** A workbook of self-service numbers: a header, then [order number, waybill] rows. */
async function workbook(rows: [string, string][]): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("import");
  sheet.addRow(["订单号", "物流单号"]);
  for (const row of rows) sheet.addRow(row);
  return new Blob([await book.xlsx.writeBuffer()], {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
}

/** Posts an upload (multipart) to the order list as `browser`. */
async function upload(browser: Visitor, path: string, file: Blob, name: string, key: string) {
  const form = new FormData();
  form.set("intent", "import");
  form.set("submissionKey", key);
  form.set("file", file, name);
  return browser.send(orders.action, path, form, { home: true });
}

describe("the import of self-service numbers", () => {
  for (const lang of LANGS) {
    it(`refuses a file that is not an xlsx with its message, and reports each row of a workbook (${lang})`, async () => {
      const { l, common, prefix } = TEXT[lang];
      const browser = await signedIn("manager@demo.test");
      const stocked = await orderPage(browser, `${prefix}/order/?cbaStatus=4`);
      const orderNo = stocked.list[0]?.orderNo;
      if (!orderNo) throw new Error("no stocked-in order");

      const csv = await upload(
        browser,
        `${prefix}/order/?op=import`,
        new Blob(["a,b\n"], { type: "text/csv" }),
        "numbers.csv",
        `import-csv-${lang}-01`,
      );
      expect(csv.response.status).toBe(400);
      const refused = payloadOf(csv.value) as OrderActionData;
      expect(refused).toMatchObject({ stage: "error", intent: "import" });
      expect(textOf(lang, refused.reply.error?.file?.[0])).toBe(l.import.xlsxOnly);

      const waybill = `SF20261126${lang === "zh" ? 1 : 2}`;
      const book = await workbook([
        [orderNo, waybill],
        ["NO-SUCH-ORDER", "SF0000000001"],
        [orderNo.slice(0, -1), ""],
      ]);
      const posted = await upload(
        browser,
        `${prefix}/order/?op=import`,
        book,
        "numbers.xlsx",
        `import-xlsx-${lang}-01`,
      );
      expect(posted.response.status).toBe(302);
      const location = posted.response.headers.get("Location") ?? "";
      // The address of the import is left: the list shows the report.
      expect(location).not.toMatch(/op=import/);
      const shown = await orderPage(browser, location);
      expect(shown.result?.message).toBe(
        `${common.operationSuccessful}: ${l.import.summary
          .replace("{{total}}", "3")
          .replace("{{applied}}", "1")
          .replace("{{refused}}", "2")}`,
      );
      const rows = shown.result?.report?.rows ?? [];
      expect(rows.map((row) => row.applied)).toEqual([true, false, false]);
      expect(rows[1]?.orderNo).toBe("NO-SUCH-ORDER");
      expect(rows[1]?.reason?.trim()).not.toBe("");
      expect(rows[2]?.reason?.trim()).not.toBe("");
      const [imported] = (await orderPage(browser, `${prefix}/order/?orderNo=${orderNo}`)).list;
      expect(imported?.logisticsNo).toBe(waybill);

      // The report's refused rows as a workbook, in the page's language.
      const refusedBook = await browser.send(
        importReport.action,
        `${prefix}/order/import-report`,
        [
          ["report", JSON.stringify(shown.result?.report)],
          ["only", "refused"],
        ],
        { home: false },
      );
      expect(refusedBook.response.status).toBe(200);
      expect(refusedBook.response.headers.get("Content-Disposition")).toContain(
        "import-report-refused.xlsx",
      );
      const sheet = await sheetOf(refusedBook.response);
      expect(sheet[0]).toEqual([
        l.import.row,
        l.order.orderNo,
        l.order.logisticsNo,
        l.import.result,
        l.import.reason,
      ]);
      expect(sheet.slice(1).map((row) => [row[0], row[1], row[3]])).toEqual([
        ["3", "NO-SUCH-ORDER", l.import.refused],
        ["4", orderNo.slice(0, -1), l.import.refused],
      ]);
      expect(sheet[1]?.[4]).not.toBe("");
    });
  }
});

describe("the import's template", () => {
  for (const lang of LANGS) {
    it(`is a workbook of two columns (${lang})`, async () => {
      const browser = await signedIn("manager@demo.test");
      const template = await runRoute({
        request: new Request(`${ORIGIN}${TEXT[lang].prefix}/order/import-template`, {
          headers: {
            Cookie: browser.cookieHeader(),
          },
        }),
        handler: importTemplate.loader,
      });
      expect(template.response.status).toBe(200);
      expect((await sheetOf(template.response))[0]).toHaveLength(2);
    });
  }
});

/** The rows of a downloaded workbook's first sheet, as text, header row first. */
async function sheetOf(response: Response): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push(Array.from((row.values as ExcelJS.CellValue[]).slice(1), (v) => String(v ?? "")));
  });
  return rows;
}

describe("the order downloads", () => {
  const download = (browser: Visitor, path: string, fields: [string, string][], origin?: string) =>
    browser.send(orderDownload.action, path, fields, { origin });

  it("speak the language of the page they come from: the selection, or every order of the filter (en)", async () => {
    const browser = await signedIn("manager@demo.test");
    const [first, second] = (await orderPage(browser, "/en/order/?pageSize=20")).list.map(
      (order) => order.orderNo,
    );
    const chosen = await download(browser, "/en/order/download", [
      ["kind", "orders"],
      ["orderNoList", first ?? ""],
      ["orderNoList", second ?? ""],
    ]);
    expect(chosen.response.status).toBe(200);
    const orderRows = await sheetOf(chosen.response);
    expect(orderRows[0]?.slice(0, 3)).toEqual(["Order No.", "Service No.", "Pallet No."]);
    // One row per order line, then the totals row.
    expect(new Set(orderRows.slice(1, -1).map((row) => row[0]))).toEqual(new Set([first, second]));

    const filtered = await download(browser, "/en/order/download", [
      ["kind", "logistics"],
      ["orderNo", second ?? ""],
    ]);
    const logisticsRows = await sheetOf(filtered.response);
    expect(logisticsRows[0]?.slice(0, 2)).toEqual(["Logistics No.", "Order No."]);
    expect(logisticsRows.slice(1, -1).map((row) => row[1])).toEqual([second]);
  });

  it("needs a same-site post", async () => {
    const browser = await signedIn("manager@demo.test");
    const crossSite = await download(
      browser,
      "/order/download",
      [["kind", "orders"]],
      "https://evil.test",
    );
    expect(crossSite.response.status).toBe(403);
  });
});

describe("the lists' loaders", () => {
  for (const lang of LANGS) {
    it(`a page past the end answers the last page (${lang})`, async () => {
      const browser = await signedIn("manager@demo.test");
      const page = await orderPage(browser, `${TEXT[lang].prefix}/order/?current=9999`);
      const { total, pageSize, current } = page.pagination as {
        total: number;
        pageSize: number;
        current: number;
      };
      expect(current).toBe(Math.ceil(total / pageSize));
      expect(page.list.length).toBeGreaterThan(0);
    });

    it(`a service's pallets are listed by number (${lang})`, async () => {
      const browser = await signedIn("manager@demo.test");
      const [order] = (await orderPage(browser, `${TEXT[lang].prefix}/order/`)).list;
      const listed = await browser.get(
        pallets,
        `${TEXT[lang].prefix}/server/salver/?serviceNo=${order?.serviceNo ?? ""}`,
        { home: true },
      );
      const numbers = (listed.data as { list: { salverNo: string }[] }).list.map(
        (pallet) => pallet.salverNo,
      );
      expect(numbers.length).toBeGreaterThan(1);
      expect(numbers).toEqual([...numbers].sort());
    });
  }
});

describe("a pallet scan", () => {
  for (const lang of LANGS) {
    it(`names every order it left as it was, and why, in the page's language (${lang})`, async () => {
      const { l, prefix } = TEXT[lang];
      const browser = await signedIn("manager@demo.test");
      // Two initial orders of one pallet.
      const initial = (await orderPage(browser, `${prefix}/order/?cbaStatus=1&pageSize=100`)).list;
      const byPallet = new Map<string, string[]>();
      for (const { salverNo, orderNo } of initial) {
        byPallet.set(salverNo, [...(byPallet.get(salverNo) ?? []), orderNo]);
      }
      const [salverNo, onPallet] = [...byPallet].find(([, list]) => list.length >= 2) ?? [];
      if (!salverNo || !onPallet) throw new Error("no pallet with two initial orders");
      const first = onPallet[0] ?? "";
      const scan = async (number: string) => {
        const done = await browser.post(
          orders,
          `${prefix}/order/`,
          { intent: "stockIn", confirmed: "1", salverNoOrOrderNo: number },
          { home: true },
        );
        expect(done.status).toBe(302);
        return (await orderPage(browser, done.location ?? "")).result;
      };
      // One order in first, then the whole pallet: that order stays as it was, and says why.
      expect((await scan(first))?.unchanged).toEqual([]);
      const result = await scan(salverNo);
      expect(result?.unchanged).toEqual([
        { orderNo: first, why: l.order.unchangedWhy.replace("{{status}}", l.orderStatus["4"]) },
      ]);
    });
  }
});

describe("a refused download", () => {
  it("goes back to the list it came from, which says why in its language (en)", async () => {
    const browser = await signedIn("manager@demo.test");
    const from = "/en/order/?sel=DD999999999999999";
    const refused = await browser.send(
      orderDownload.action,
      "/en/order/download",
      [
        ["kind", "orders"],
        ["orderNoList", "DD999999999999999"],
      ],
      { referer: from },
    );
    expect(refused.response.status).toBe(302);
    expect(refused.response.headers.get("Location")).toBe(from);
    const cookie = refused.response.headers.get("Set-Cookie")?.split(";")[0];
    const notice = (await sessionStorage.getSession(cookie)).get("notice") as {
      kind: string;
      message: string;
    };
    expect(notice.kind).toBe("error");
    expect(notice.message).toContain("DD999999999999999");
    expect(notice.message).toContain("does not exist");
  });
});
