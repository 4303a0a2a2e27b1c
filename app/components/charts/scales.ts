/**
 * The two scales the charts need, on d3-array's tick rules: a value axis
 * from zero to a round top, and one band per day. d3-scale's scales do the
 * same and more, but bring colour and time parsing along (about 12 KB gzip
 * in the browser), which these charts never use.
 */
import { nice, ticks } from "d3-array";

export interface ValueScale {
  /** The y coordinate of a value (0 at the bottom, `height` high). */
  at(value: number): number;
  ticks: number[];
}

/** Zero to at least `max`, rounded up to a tick, over `height` (SVG y grows downwards). */
export function valueScale(max: number, height: number, count: number): ValueScale {
  const [, top] = nice(0, max, count);
  const span = top > 0 ? top : 1;
  return { at: (value) => height - (value / span) * height, ticks: ticks(0, span, count) };
}

export interface BandScale {
  /** The left edge of band `index`. */
  at(index: number): number;
  width: number;
}

/** `count` bands over `width`, a `padding` share of each step left empty between and around them. */
export function bandScale(count: number, width: number, padding: number): BandScale {
  const step = width / Math.max(1, count + padding);
  return { at: (index) => step * padding + index * step, width: step * (1 - padding) };
}
