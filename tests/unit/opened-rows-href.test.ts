import { describe, expect, it } from "vitest";
import { openedRowsHrefs } from "~/components/paged-table.tsx";
import { RESULT_PARAM } from "~/utils/list-query.ts";
import { hrefWithQuery } from "~/utils/locale-path.ts";

/** The link as the table wrote it before: the address's query read again for every row. */
function readAgainForEachRow(location: { pathname: string; search: string }, key: string) {
  const params = new URLSearchParams(location.search);
  params.delete(RESULT_PARAM);
  const keys = params.getAll("open");
  params.delete("open");
  for (const open of keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]) {
    params.append("open", open);
  }
  return hrefWithQuery(location.pathname, params);
}

const PATHS = ["/order", "/order/", "/en/order/"];
const SEARCHES = [
  "",
  "?open=DD1",
  "?open=DD1&open=DD2",
  `?${RESULT_PARAM}=x1&open=DD1&current=2`,
  "?salverNo=TP+1&open=%E4%B8%AD",
  "?open=DD1&open=DD1&pageSize=20",
  "?open=",
  "?a=%26b%3D&open=a%2Bb",
];
const KEYS = ["DD1", "DD2", "中 文", "x&y=z", "a+b", "*-._~", "", "%41"];

describe("the rows' links that open or close their detail", () => {
  it("are the links each row's own reading of the address gave", () => {
    for (const pathname of PATHS) {
      for (const search of SEARCHES) {
        const hrefOf = openedRowsHrefs({ pathname, search });
        for (const key of KEYS) {
          expect(hrefOf(key), `${pathname}${search} ${key}`).toBe(
            readAgainForEachRow({ pathname, search }, key),
          );
        }
      }
    }
  });

  it("open a closed row and close an open one, leaving the change's result out", () => {
    const hrefOf = openedRowsHrefs({ pathname: "/order", search: `?${RESULT_PARAM}=r&open=DD1` });
    expect(hrefOf("DD2")).toBe("/order/?open=DD1&open=DD2");
    expect(hrefOf("DD1")).toBe("/order");
  });
});
