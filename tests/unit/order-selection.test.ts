import { describe, expect, it } from "vitest";
import {
  fitsInAddress,
  keepDataOnSelection,
  onlySelectionChanged,
  parseSelection,
  selectionValue,
  withPageChoice,
} from "../../app/utils/order-selection.ts";

describe("the order list's selection in its URL", () => {
  it("reads chosen numbers once each, blank and overlong parts dropped, and the all-matching flag", () => {
    const params = new URLSearchParams(`sel=A1,B2,,A1, C3 &sel=${"X".repeat(65)}&all=1`);
    expect(parseSelection(params)).toEqual({
      orderNos: ["A1", "B2", "C3"],
      all: true,
      kept: null,
    });
    expect(parseSelection(new URLSearchParams("all=yes"))).toEqual({
      orderNos: [],
      all: false,
      kept: null,
    });
    expect(selectionValue(["A1", "B2"])).toBe("A1,B2");
    expect(selectionValue([])).toBeNull();
  });

  it("names a selection kept on the server by its id, and writes out only what fits an address", () => {
    expect(parseSelection(new URLSearchParams("sel=*abcdEFGH1234_-xy"))).toEqual({
      orderNos: [],
      all: false,
      kept: "abcdEFGH1234_-xy",
    });
    const many = Array.from({ length: 450 }, (_, i) => `SO20261031${String(i).padStart(6, "0")}`);
    expect(fitsInAddress(many.slice(0, 50))).toBe(true);
    expect(fitsInAddress(many)).toBe(false);
  });

  it("loads the data again when the address names a kept selection or a result", () => {
    const at = (path: string) => new URL(path, "http://portal.test");
    expect(onlySelectionChanged(at("/order/?sel=A"), at("/order/?sel=*abcdEFGH1234"))).toBe(false);
    expect(onlySelectionChanged(at("/order/?sel=A"), at("/order/?sel=A&done=abcdEFGH1234"))).toBe(
      false,
    );
    // Leaving a result behind, by choosing an order, loads nothing.
    expect(onlySelectionChanged(at("/order/?done=abcdEFGH1234"), at("/order/?sel=A"))).toBe(true);
  });

  it("replaces the choice of one page and keeps the other pages' orders", () => {
    const selected = ["P1a", "P2a", "P1b"];
    const page1 = ["P1a", "P1b", "P1c"];
    expect(withPageChoice(selected, page1, new Set(["P1b", "P1c"]))).toEqual(["P2a", "P1b", "P1c"]);
    expect(withPageChoice(selected, page1, new Set())).toEqual(["P2a"]);
    expect(withPageChoice([], page1, new Set(page1))).toEqual(page1);
  });

  it("loads no data again when only the selection changed", () => {
    const at = (path: string) => new URL(path, "http://portal.test");
    expect(
      onlySelectionChanged(at("/order/?current=2&sel=A"), at("/order/?sel=A,B&current=2")),
    ).toBe(true);
    expect(onlySelectionChanged(at("/order"), at("/order/?all=1"))).toBe(true);
    expect(onlySelectionChanged(at("/order/?sel=A"), at("/order/?sel=A&current=2"))).toBe(false);
    expect(onlySelectionChanged(at("/order/?sel=A"), at("/en/order/?sel=A"))).toBe(false);
    const args = { defaultShouldRevalidate: true };
    expect(
      keepDataOnSelection({ ...args, currentUrl: at("/order"), nextUrl: at("/order/?sel=A") }),
    ).toBe(false);
    expect(
      keepDataOnSelection({
        ...args,
        currentUrl: at("/order/?sel=A"),
        nextUrl: at("/order/?sel=A"),
        formMethod: "POST",
      }),
    ).toBe(true);
  });
});
