/**
 * Date ranges of the lists (docs/product.md, Lists: the date range with
 * shortcuts): two China-time calendar days, both inclusive, kept in the URL
 * as `startDate` and `endDate` (`YYYY-MM-DD`). The backend filters on Unix
 * seconds, start inclusive and end exclusive: `rangeToSeconds` converts.
 * Isomorphic: the server computes "today" and the shortcuts, the browser
 * only renders them. Plain `Date.UTC` arithmetic on calendar days, without a
 * date library: dayjs and its UTC plugin were 3.7 KB gzipped of the first
 * load of every page with a date field, for two subtractions and a format
 * (docs/decisions/2026-11-27-date-shortcuts-without-dayjs.md).
 */
import { CHINA_OFFSET_SECONDS } from "./china-time.ts";

/** Query parameters of a date range. */
export const START_DATE = "startDate";
export const END_DATE = "endDate";

/** China Standard Time has no daylight saving: always UTC+8. */
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export const DATE_SHORTCUTS = ["lastWeek", "lastMonth", "lastThreeMonths"] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

export interface DateRange {
  /** `YYYY-MM-DD`, inclusive; absent: no lower bound. */
  startDate?: string;
  /** `YYYY-MM-DD`, inclusive; absent: no upper bound. */
  endDate?: string;
}

/** Translation keys of the range errors. */
export const RANGE_ERRORS = {
  invalid: "inventory.dateRange.invalid",
  order: "inventory.dateRange.order",
} as const;
export type RangeErrorKey = (typeof RANGE_ERRORS)[keyof typeof RANGE_ERRORS];

/** `input` is the range as typed, to show again beside its error; `range` is what applies. */
export type ParsedRange = { input: DateRange } & (
  | { ok: true; range: DateRange }
  | { ok: false; error: RangeErrorKey }
);

/** The China-time calendar day of `now` (milliseconds), `YYYY-MM-DD`. */
export function chinaToday(now: number = Date.now()): string {
  return new Date(now + CHINA_OFFSET_SECONDS * 1000).toISOString().slice(0, 10);
}

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1970 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/**
 * The range of a shortcut, ending today: the same day a week, a calendar
 * month or three calendar months ago (clamped to the month's last day) up to
 * and including today, like the shortcuts of the usual date pickers.
 */
export function shortcutRange(shortcut: DateShortcut, today: string): Required<DateRange> {
  if (today !== rangesDay) {
    rangesDay = today;
    rangesOfDay = new Map();
  }
  let range = rangesOfDay.get(shortcut);
  if (!range) {
    range = { startDate: shortcutStart(shortcut, today), endDate: today };
    rangesOfDay.set(shortcut, range);
  }
  return { ...range };
}

/**
 * The first day of a shortcut's range ending on `today` (`YYYY-MM-DD`): seven
 * days earlier, or the same day of the month one or three months earlier,
 * the month's last day when it is shorter (2027-03-31 → 2027-02-28), as
 * dayjs's `subtract` counted them. `Date.UTC` carries days and months below
 * their range into the month and year before.
 */
function shortcutStart(shortcut: DateShortcut, today: string): string {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  if (shortcut === "lastWeek") return utcDay(Date.UTC(year, month - 1, day - 7));
  const monthIndex = month - 1 - (shortcut === "lastMonth" ? 1 : 3);
  // Day 0 of the month after is the month's last day.
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return utcDay(Date.UTC(year, monthIndex, Math.min(day, lastDay)));
}

/** The UTC calendar day of a time in milliseconds, `YYYY-MM-DD`. */
const utcDay = (milliseconds: number) => new Date(milliseconds).toISOString().slice(0, 10);

/*
 * The shortcuts' ranges of the last day asked for. A page with three date
 * fields draws each field's three shortcuts and looks for the chosen one:
 * 18 ranges of one day, each a dayjs parse, subtraction and two formats
 * (3 % of the order page's CPU before they were kept; docs/performance.md).
 * At most three entries, replaced when the day changes.
 */
let rangesDay = "";
let rangesOfDay = new Map<DateShortcut, Required<DateRange>>();

/** The shortcut whose range this is, if any (to show it as chosen). */
export function activeShortcut(range: DateRange, today: string): DateShortcut | undefined {
  return DATE_SHORTCUTS.find((shortcut) => {
    const candidate = shortcutRange(shortcut, today);
    return candidate.startDate === range.startDate && candidate.endDate === range.endDate;
  });
}

/**
 * A day as typed into a date field, in the portal's one format: `2026/11/25`,
 * `2026.11.25` and `20261125` are read as `2026-11-25`; blank is no day.
 * Anything else comes back as typed, for the range's error to point at.
 */
export function typedDay(value: string | null): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const match = /^(\d{4})[-/.]?(\d{2})[-/.]?(\d{2})$/.exec(trimmed);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : trimmed;
}

/**
 * The range of the query: blank days are absent; a day that is not a real
 * `YYYY-MM-DD` day, or a start after the end, is an error (the list says so
 * instead of quietly showing something else).
 */
export function parseDateRange(params: URLSearchParams): ParsedRange {
  const startDate = typedDay(params.get(START_DATE));
  const endDate = typedDay(params.get(END_DATE));
  const input = { startDate, endDate };
  if ((startDate && !isCalendarDay(startDate)) || (endDate && !isCalendarDay(endDate))) {
    return { input, ok: false, error: RANGE_ERRORS.invalid };
  }
  if (startDate && endDate && startDate > endDate) {
    return { input, ok: false, error: RANGE_ERRORS.order };
  }
  return { input, ok: true, range: input };
}

/** Unix seconds of 00:00 China time on `day`. */
export function chinaDayStart(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date) / 1000 - CHINA_OFFSET_SECONDS;
}

/** The range as the backend's `startTime` (inclusive) and `endTime` (exclusive) seconds. */
export function rangeToSeconds(range: DateRange): { startTime?: number; endTime?: number } {
  return {
    startTime: range.startDate ? chinaDayStart(range.startDate) : undefined,
    endTime: range.endDate ? chinaDayStart(range.endDate) + 86_400 : undefined,
  };
}
