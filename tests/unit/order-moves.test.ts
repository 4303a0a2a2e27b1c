import { describe, expect, it } from "vitest";
import { OrderStatus } from "~/contract/status-codes.ts";
import { countStatuses, targetChoices } from "~/utils/order-moves.ts";
import { STATUS_TARGETS } from "~/validation/logistics-limits.ts";

const { initial, detained, stockedIn, stockedOut } = OrderStatus;

describe("the targets change status offers for a selection", () => {
  it("offers what every chosen order may move to, and names who keeps the others back", () => {
    const { counts } = countStatuses([
      { cbaStatus: initial, previousCbaStatus: null },
      { cbaStatus: initial, previousCbaStatus: null },
      { cbaStatus: stockedIn, previousCbaStatus: null },
    ]);
    const choices = targetChoices(STATUS_TARGETS, counts);
    expect(choices.filter((choice) => choice.offered)).toEqual([]);
    expect(choices.find((choice) => choice.to === stockedIn)).toEqual({
      to: stockedIn,
      offered: false,
      blocked: [{ from: stockedIn, count: 1, allowed: [stockedOut] }],
    });
    expect(choices.find((choice) => choice.to === stockedOut)?.blocked).toEqual([
      { from: initial, count: 2, allowed: [stockedIn] },
    ]);
  });

  it("a detained order returns only to the status it had; a stocked-out one goes nowhere", () => {
    const { counts } = countStatuses([
      { cbaStatus: detained, previousCbaStatus: stockedIn },
      { cbaStatus: stockedIn, previousCbaStatus: null },
    ]);
    const offered = targetChoices(STATUS_TARGETS, counts).filter((choice) => choice.offered);
    expect(offered.map((choice) => choice.to)).toEqual([]);
    const onlyDetained = countStatuses([{ cbaStatus: detained, previousCbaStatus: stockedIn }]);
    expect(
      targetChoices(STATUS_TARGETS, onlyDetained.counts)
        .filter((choice) => choice.offered)
        .map((choice) => choice.to),
    ).toEqual([stockedIn]);
    const gone = countStatuses([{ cbaStatus: stockedOut, previousCbaStatus: null }]);
    expect(targetChoices(STATUS_TARGETS, gone.counts)[0]?.blocked).toEqual([
      { from: stockedOut, count: 1, allowed: [] },
    ]);
  });

  it("offers nothing for no orders, and counts detained ones apart by their earlier status", () => {
    expect(targetChoices(STATUS_TARGETS, []).some((choice) => choice.offered)).toBe(false);
    expect(
      countStatuses([
        { cbaStatus: detained, previousCbaStatus: initial },
        { cbaStatus: detained, previousCbaStatus: stockedIn },
        { cbaStatus: detained, previousCbaStatus: initial },
        // Only a detained order's earlier status counts.
        { cbaStatus: initial, previousCbaStatus: stockedIn },
      ]),
    ).toEqual({
      total: 4,
      counts: [
        { cbaStatus: initial, previousCbaStatus: null, count: 1 },
        { cbaStatus: detained, previousCbaStatus: initial, count: 2 },
        { cbaStatus: detained, previousCbaStatus: stockedIn, count: 1 },
      ],
    });
  });
});
