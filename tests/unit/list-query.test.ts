import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RECENT_MAX } from "~/components/list-filter.tsx";
import { listHrefsBy } from "~/utils/list-hrefs.ts";
import {
  filterEntries,
  ignoredFilters,
  lastPage,
  listHref,
  loadClampedPage,
  PAGE_SIZES,
  pageWindow,
  parseFilters,
  parsePaging,
  redirectToTidyQuery,
} from "~/utils/list-query.ts";
import { pushRecent } from "~/utils/local-store.ts";

const q = (search: string) => new URLSearchParams(search);

describe("parsePaging", () => {
  it("defaults to page 1 of 10", () => {
    expect(parsePaging(q(""))).toEqual({ current: 1, pageSize: 10 });
  });

  it("reads valid values", () => {
    expect(parsePaging(q("current=3&pageSize=50"))).toEqual({ current: 3, pageSize: 50 });
    for (const size of PAGE_SIZES) expect(parsePaging(q(`pageSize=${size}`)).pageSize).toBe(size);
  });

  it("drops values that are not allowed", () => {
    expect(parsePaging(q("current=0&pageSize=7"))).toEqual({ current: 1, pageSize: 10 });
    expect(parsePaging(q("current=-2&pageSize=1000"))).toEqual({ current: 1, pageSize: 10 });
    expect(parsePaging(q("current=2.5&pageSize=abc"))).toEqual({ current: 1, pageSize: 10 });
    expect(parsePaging(q("current=1e400"))).toEqual({ current: 1, pageSize: 10 });
  });

  it("takes a list's own sizes", () => {
    const sizes = [10, 100, 200, 500, 1000];
    expect(parsePaging(q("pageSize=1000"), sizes).pageSize).toBe(1000);
    expect(parsePaging(q("pageSize=20"), sizes).pageSize).toBe(10);
    expect(parsePaging(q(""), [25, 50]).pageSize).toBe(25);
  });
});

describe("parseFilters", () => {
  const schema = z.object({
    orderNo: z.string().trim().max(8).optional(),
    cbaStatus: z.coerce.number().int().min(1).max(4).optional(),
  });

  it("keeps valid values and drops blank or invalid ones", () => {
    expect(parseFilters(q("orderNo=%20A1%20&cbaStatus=2"), schema)).toEqual({
      orderNo: "A1",
      cbaStatus: 2,
    });
    expect(parseFilters(q("orderNo=&cbaStatus=9"), schema)).toEqual({});
    expect(parseFilters(q("orderNo=toolongvalue&cbaStatus=x&other=1"), schema)).toEqual({});
  });
});

describe("links", () => {
  it("for many values of one parameter are the links `listHref` makes for each", () => {
    const paths = ["/order", "/order/", "/en/order/", "/"];
    const queries = [
      "",
      "orderNo=A",
      "current=3&pageSize=20",
      "done=abcdEFGH1234&cbaStatus=1",
      "salverNo=TP1&current=2",
      "orderNo=%E4%B8%AD+%E6%96%87&open=DD1&open=DD2",
      "current=1",
      "a=%26b%3D",
    ];
    const cases: [string, Record<string, string | null>][] = [
      ["current", {}],
      ["salverNo", { current: null }],
      ["done", {}],
      ["orderNo", { orderNo: "x" }],
    ];
    const values = [1, 2, "1", "01", 500, "TP 1", "中文", "a&b=c", "*-._~", "", null, undefined];
    for (const pathname of paths) {
      for (const query of queries) {
        for (const [name, changes] of cases) {
          const hrefOf = listHrefsBy(pathname, q(query), name, changes);
          for (const value of values) {
            expect(hrefOf(value), `${pathname}?${query} ${name}=${value}`).toBe(
              listHref(pathname, q(query), { ...changes, [name]: value }),
            );
          }
        }
      }
    }
  });

  it("end their path in / when they have a query", () => {
    expect(listHref("/order", q("orderNo=A"), { current: 2 })).toBe("/order/?orderNo=A&current=2");
    expect(listHref("/en/order/", q("orderNo=A"), { current: 2 })).toBe(
      "/en/order/?orderNo=A&current=2",
    );
  });

  it("leave page 1 and removed values out", () => {
    expect(listHref("/order/", q("current=3&pageSize=20"), { current: 1 })).toBe(
      "/order/?pageSize=20",
    );
    expect(listHref("/order/", q("orderNo=A"), { orderNo: "" })).toBe("/order");
  });

  it("leave a change's result behind, unless they name one", () => {
    const params = new URLSearchParams("cbaStatus=1&done=abcdEFGH1234");
    expect(listHref("/order", params, { current: 2 })).toBe("/order/?cbaStatus=1&current=2");
    expect(listHref("/order", params, { done: "otherId12345" })).toBe(
      "/order/?cbaStatus=1&done=otherId12345",
    );
  });

  it("list filter entries without empty values", () => {
    expect(filterEntries({ a: "x", b: "", c: undefined, d: 0, e: null })).toEqual([
      ["a", "x"],
      ["d", "0"],
    ]);
  });
});

describe("page numbers", () => {
  it("count the last page", () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(10, 10)).toBe(1);
    expect(lastPage(11, 10)).toBe(2);
  });

  it("show a window around the current page", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
  });
});

describe("recent inputs", () => {
  it("keep the last five, newest first, without duplicates", () => {
    let list: string[] = [];
    // At most 5 per field (docs/product.md, Lists): the number the filters use.
    expect(RECENT_MAX).toBe(5);
    for (const value of ["a", "b", "c", "d", "e", "f"]) list = pushRecent(list, value, RECENT_MAX);
    expect(list).toEqual(["f", "e", "d", "c", "b"]);
    expect(pushRecent(list, " c ", RECENT_MAX)).toEqual(["c", "f", "e", "d", "b"]);
    expect(pushRecent(list, "  ", RECENT_MAX)).toEqual(list);
  });
});

describe("redirectToTidyQuery", () => {
  const target = (href: string) => {
    try {
      redirectToTidyQuery(new URL(href, "http://portal.test"));
      return null;
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      expect(thrown.status).toBe(302);
      return thrown.headers.get("Location");
    }
  };

  it("leaves blank fields out of a filter URL sent without JavaScript", () => {
    expect(target("/order/?serviceNo=&orderNo=+&cbaStatus=4")).toBe("/order/?cbaStatus=4");
    expect(target("/en/server/?serviceNo=&cbaStatus=")).toBe("/en/server");
    expect(target("/order/?current=1&pageSize=20")).toBe("/order/?pageSize=20");
  });

  it("keeps a tidy URL as it is", () => {
    expect(target("/order/?cbaStatus=4&current=3")).toBeNull();
    expect(target("/order")).toBeNull();
  });
});

describe("loadClampedPage", () => {
  const pages = (total: number) => async (paging: { current: number; pageSize: number }) => ({
    rows: Math.max(0, Math.min(paging.pageSize, total - (paging.current - 1) * paging.pageSize)),
    pagination: { total, ...paging },
  });

  it("loads the last page for a page past the end", async () => {
    const seen: number[] = [];
    const load = pages(5_000);
    const result = await loadClampedPage(
      { current: 9_999, pageSize: 10 },
      (paging) => {
        seen.push(paging.current);
        return load(paging);
      },
      (answer) => answer.pagination,
    );
    expect(seen).toEqual([9_999, 500]);
    expect(result.pagination.current).toBe(500);
    expect(result.rows).toBe(10);
  });

  it("loads once when the page exists or the list is empty", async () => {
    let calls = 0;
    const count =
      (load: ReturnType<typeof pages>) => (paging: { current: number; pageSize: number }) => {
        calls += 1;
        return load(paging);
      };
    await loadClampedPage({ current: 3, pageSize: 10 }, count(pages(30)), (a) => a.pagination);
    await loadClampedPage({ current: 4, pageSize: 10 }, count(pages(0)), (a) => a.pagination);
    expect(calls).toBe(2);
  });
});

describe("ignoredFilters", () => {
  const schema = z.object({
    cbaStatus: z.coerce
      .number()
      .pipe(z.literal([1, 2, 3, 4]))
      .optional(),
    salverNo: z.string().trim().max(64).optional(),
  });

  it("names each filter that parseFilters drops, with what it said, cut short", () => {
    const params = new URLSearchParams({ cbaStatus: "99", salverNo: "X".repeat(65) });
    expect(parseFilters(params, schema)).toEqual({});
    expect(ignoredFilters(params, schema)).toEqual([
      { name: "cbaStatus", value: "99" },
      { name: "salverNo", value: `${"X".repeat(40)}…` },
    ]);
  });

  it("names nothing when every filter applies or is blank", () => {
    const params = new URLSearchParams({ cbaStatus: "2", salverNo: " " });
    expect(ignoredFilters(params, schema)).toEqual([]);
  });
});
