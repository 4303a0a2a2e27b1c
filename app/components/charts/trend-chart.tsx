/**
 * A chart of figures per day, drawn as SVG while the page renders (server
 * or browser alike: visx's shapes compute the paths, no DOM),
 * so it shows without JavaScript. It is an image named by its title and
 * described in words; the same figures are in a table beside it, for
 * screen readers and for copying. Each day's column carries its figures as
 * a native tooltip, and with JavaScript pointing at it also marks the day
 * and shows its figures above the chart.
 */
import { Bar, LinePath } from "@visx/shape";
import { useId, useState } from "react";
import { ScrollBox } from "~/components/scroll-box.tsx";
import { bandScale, valueScale } from "./scales.ts";

export interface ChartSeries {
  key: string;
  label: string;
  /** Stroke or fill colour. */
  color: string;
  /** SVG dash pattern, so lines differ by more than colour. */
  dash?: string;
  /** One value per day, in the order of `days`. */
  values: readonly number[];
}

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 56 };
const INNER_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const INNER_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;
/** A day label under every fifth day, and the last (today). */
const LABEL_EVERY = 5;

export function TrendChart({
  title,
  description,
  days,
  dayLabels,
  series,
  kind,
  format,
  dayHeader,
  tableLabel,
  pointText,
  hint,
  step = 1,
  testId,
}: {
  title: string;
  description: string;
  /** Full days (`YYYY-MM-DD`), for the table and the tooltips. */
  days: readonly string[];
  /** Short labels under the axis (`MM-DD`). */
  dayLabels: readonly string[];
  series: readonly ChartSeries[];
  kind: "line" | "bar";
  format: (value: number) => string;
  dayHeader: string;
  tableLabel: string;
  /** The words of one day's figures ("2026-11-03: stocked in 3, …"). */
  pointText: (day: string, figures: string) => string;
  hint: string;
  /** The smallest step worth a tick (1 order, 100 fen): an empty chart still gets a sensible axis. */
  step?: number;
  testId?: string;
}) {
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  const max = Math.max(step, ...series.flatMap((line) => line.values));
  const values = valueScale(max, INNER_HEIGHT, 4);
  const y = values.at;
  const bands = bandScale(days.length, INNER_WIDTH, 0.2);
  const x = bands.at;
  const band = bands.width;
  const centre = (index: number) => x(index) + band / 2;
  const ticks = values.ticks.filter((tick) => Number.isInteger(tick / step));
  const figuresOf = (index: number) =>
    series.map((line) => `${line.label} ${format(line.values[index] ?? 0)}`).join(", ");
  const barWidth = band / series.length;

  return (
    <figure className="card p-4" data-testid={testId}>
      <h3 id={`${id}-title`} className="text-sm font-semibold text-gray-900">
        {title}
      </h3>
      <p id={`${id}-desc`} className="mt-1 text-xs text-gray-600">
        {description}
      </p>
      <ul className="mt-2 flex flex-wrap gap-4 text-xs text-gray-700">
        {series.map((line) => (
          <li key={line.key} className="flex items-center gap-1.5">
            <svg width="20" height="8" aria-hidden="true">
              <line
                x1="0"
                x2="20"
                y1="4"
                y2="4"
                stroke={line.color}
                strokeWidth="3"
                strokeDasharray={kind === "line" ? line.dash : undefined}
              />
            </svg>
            {line.label}
          </li>
        ))}
      </ul>
      <div className="mt-2 grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div>
          <p className="min-h-5 text-xs text-gray-700" aria-hidden="true" data-testid="chart-point">
            {active === null ? hint : pointText(days[active] ?? "", figuresOf(active))}
          </p>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className="h-auto w-full"
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
            onMouseLeave={() => setActive(null)}
          >
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              {ticks.map((tick) => (
                <g key={tick}>
                  <line
                    x1={0}
                    x2={INNER_WIDTH}
                    y1={y(tick)}
                    y2={y(tick)}
                    stroke="#e5e7eb"
                    strokeWidth={1}
                  />
                  <text
                    x={-6}
                    y={y(tick)}
                    dy="0.32em"
                    textAnchor="end"
                    fontSize="11"
                    fill="#4b5563"
                  >
                    {format(tick)}
                  </text>
                </g>
              ))}
              {dayLabels.map((label, index) =>
                index % LABEL_EVERY === 0 || index === dayLabels.length - 1 ? (
                  <text
                    // biome-ignore lint/suspicious/noArrayIndexKey: one label per day, in day order
                    key={index}
                    x={centre(index)}
                    y={INNER_HEIGHT + 18}
                    textAnchor="middle"
                    fontSize="11"
                    fill="#4b5563"
                  >
                    {label}
                  </text>
                ) : null,
              )}
              {active !== null ? (
                <rect
                  x={x(active)}
                  y={0}
                  width={band}
                  height={INNER_HEIGHT}
                  fill="#eef2ff"
                  data-testid="chart-active-day"
                />
              ) : null}
              {kind === "bar"
                ? series.map((line, seriesIndex) =>
                    line.values.map((value, index) => (
                      <Bar
                        // biome-ignore lint/suspicious/noArrayIndexKey: one bar per day, in day order
                        key={`${line.key}-${index}`}
                        x={x(index) + seriesIndex * barWidth}
                        y={y(value)}
                        width={barWidth}
                        height={INNER_HEIGHT - y(value)}
                        fill={line.color}
                      />
                    )),
                  )
                : series.map((line) => (
                    <LinePath
                      key={line.key}
                      data={line.values.map((value, index) => [index, value] as const)}
                      x={([index]) => centre(index)}
                      y={([, value]) => y(value)}
                      stroke={line.color}
                      strokeWidth={2}
                      strokeDasharray={line.dash}
                      fill="none"
                    />
                  ))}
              {kind === "line"
                ? series.map((line) =>
                    line.values.map((value, index) => (
                      <circle
                        // biome-ignore lint/suspicious/noArrayIndexKey: one point per day, in day order
                        key={`${line.key}-${index}`}
                        cx={centre(index)}
                        cy={y(value)}
                        r={active === index ? 4 : 2.5}
                        fill={line.color}
                      />
                    )),
                  )
                : null}
              {days.map((day, index) => (
                // A transparent column per day: the pointer's target and the native tooltip.
                // biome-ignore lint/a11y/noStaticElementInteractions: pointing only repeats the table beside
                <rect
                  key={day}
                  x={x(index) - (band * 0.25) / 2}
                  y={0}
                  width={band * 1.25}
                  height={INNER_HEIGHT}
                  fill="transparent"
                  onMouseEnter={() => setActive(index)}
                  data-testid="chart-day"
                >
                  <title>{pointText(day, figuresOf(index))}</title>
                </rect>
              ))}
            </g>
          </svg>
        </div>
        <ScrollBox label={tableLabel} className="max-h-72 overflow-y-auto">
          <table className="w-full text-xs">
            <thead className="sticky top-0 bg-white">
              <tr>
                <th scope="col" className="px-2 py-1 text-left font-medium text-gray-700">
                  {dayHeader}
                </th>
                {series.map((line) => (
                  <th
                    key={line.key}
                    scope="col"
                    className="px-2 py-1 text-right font-medium text-gray-700"
                  >
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day} className="border-t border-gray-100">
                  <th scope="row" className="px-2 py-1 text-left font-normal tabular-nums">
                    {day}
                  </th>
                  {series.map((line) => (
                    <td key={line.key} className="px-2 py-1 text-right tabular-nums">
                      {format(line.values[index] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </div>
    </figure>
  );
}
