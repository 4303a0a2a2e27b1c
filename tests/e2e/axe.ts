import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** The success criteria the portal is held to: WCAG 2.2 A and AA. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe on the page as it is drawn now: no serious or critical violation.
 * `state` names what is on the screen in the failure's message; `soft`
 * lets a sweep go on to its next state and report every failure at the end.
 */
export async function expectAccessible(
  page: Page,
  state: string,
  { soft = false }: { soft?: boolean } = {},
) {
  // axe.run in the page itself ("legacy mode"): the default runs each frame
  // apart, then opens a blank page of its own to merge the frames' results,
  // for cross-origin frames, which the portal has none of (same-origin frames
  // are still checked). Only the violations are described in full: every rule
  // still runs, but no selector is built for each node that passes.
  // `options` replaces what was set before it, so the tags come after.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_TAGS)
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(" "))
          .join(" | ")}`,
    );
  (soft ? expect.soft : expect)(blocking, `axe on ${state}`).toEqual([]);
}
