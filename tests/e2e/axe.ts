import type { Page } from "@playwright/test";
// The axe-core that @axe-core/playwright runs (offline.spec.ts still runs it through its builder).
import axe, { type ImpactValue, type RunOptions } from "axe-core";
import { expect } from "./fixtures.ts";

/** The success criteria the portal is held to: WCAG 2.2 A and AA. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Every rule of those criteria runs, but only the violations are described
 * in full: no selector is built for each node that passes.
 */
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: WCAG_TAGS },
  resultTypes: ["violations"],
};

interface Violation {
  id: string;
  impact: ImpactValue | null | undefined;
  targets: string[];
}

/**
 * Loads axe into every frame of the page that does not have it yet: once per
 * document. Its source is 650 kB: AxeBuilder sent and evaluated it twice on
 * every run, even on a page that had it from the run before (a dialog or
 * menu opened over the page after the page itself was checked).
 */
async function loadAxe(page: Page) {
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(() => "axe" in window);
    if (!loaded) await frame.evaluate(axe.source);
  }
}

/**
 * axe.run in the page itself, as @axe-core/playwright's "legacy mode" does:
 * its default runs each frame apart, then opens a blank page of its own to
 * merge the frames' results, for cross-origin frames, which the portal has
 * none of (axe still checks same-origin frames, through the copy loaded in
 * each). Only what a failure's message shows comes back from the page.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  await loadAxe(page);
  return page.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    const results = await axe.run(document, options);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  }, RUN_OPTIONS);
}

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
  const blocking = (await axeViolations(page))
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.targets.slice(0, 5).join(" | ")}`,
    );
  (soft ? expect.soft : expect)(blocking, `axe on ${state}`).toEqual([]);
}
