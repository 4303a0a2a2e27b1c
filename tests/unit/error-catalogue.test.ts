/**
 * The codes of docs/product.md, Error codes, whose data is the message, edge by edge: a
 * range one wider or narrower than the catalogue would show the backend's
 * data where the generic message belongs, or hide a message the user needs.
 */
import { describe, expect, it } from "vitest";
import { isMessageCode, isSessionEndCode } from "~/contract/envelope.ts";

const RANGES: readonly [number, number][] = [
  [500, 500],
  [600, 602],
  [999, 999],
  [1000, 1004],
  [2001, 2004],
  [3001, 3003],
  [20005, 20006],
  [30001, 30003],
  [40001, 40010],
];

describe("error catalogue", () => {
  it.each(RANGES)("%i to %i show their data, and the codes either side do not", (from, to) => {
    for (let code = from; code <= to; code++) expect(isMessageCode(code), String(code)).toBe(true);
    for (const outside of [from - 1, to + 1]) {
      const inAnotherRange = RANGES.some(([a, b]) => outside >= a && outside <= b);
      if (!inAnotherRange && !isSessionEndCode(outside)) {
        expect(isMessageCode(outside), String(outside)).toBe(false);
      }
    }
  });

  it("20001 to 20004 end the session; 20000 and 20005 do not", () => {
    for (const code of [20001, 20002, 20003, 20004]) expect(isSessionEndCode(code)).toBe(true);
    expect(isSessionEndCode(20000)).toBe(false);
    expect(isSessionEndCode(20005)).toBe(false);
    expect(isMessageCode(20004)).toBe(false);
  });

  it("success and codes outside every range are not messages", () => {
    for (const code of [200, 400, 404, 777, 1999, 4000, 40000, 40011, 50000]) {
      expect(isMessageCode(code), String(code)).toBe(false);
    }
  });
});
