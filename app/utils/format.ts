/**
 * Display formats of logistics values (docs/product.md, Units and formats). The backend
 * sends integers: money in fen (÷100, yuan with two decimals), weight in
 * 1/100000 kg, size in 1/100 cm. Missing values stay empty. Numbers follow
 * the page's locale. Times: `formatChinaTime` of app/utils/china-time.ts.
 */
import { LOCALE_TAGS, type Locale } from "~/locales/index.ts";

export const MONEY_DIVISOR = 100;
export const WEIGHT_DIVISOR = 100_000;
export const SIZE_DIVISOR = 100;

type Raw = number | null | undefined;

const formatters = new Map<string, Intl.NumberFormat>();

/** One formatter per locale and kind of value, made once: building one costs more than formatting. */
function numberFormat(
  locale: Locale,
  kind: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const key = `${locale}:${kind}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE_TAGS[locale], options);
    formatters.set(key, formatter);
  }
  return formatter;
}

function isEmpty(value: Raw): value is null | undefined {
  return value === null || value === undefined || Number.isNaN(value);
}

/** A count: `1,234`. */
export function formatCount(value: Raw, locale: Locale): string {
  if (isEmpty(value)) return "";
  if (Number.isSafeInteger(value) && (value > 0 || Object.is(value, 0))) {
    return groupedDigits(String(value));
  }
  return numberFormat(locale, "count", { maximumFractionDigits: 0 }).format(value);
}

/**
 * `1234567` → `1,234,567`: what both languages' formats (zh-CN, en) write for
 * a whole number that is not negative, without `Intl` (the running numbers,
 * page links and totals of a list: two dozen a page, each several times the
 * cost of this through `Intl`). A unit test holds it to `Intl`.
 */
function groupedDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return grouped;
}

/**
 * Fen to yuan, always two decimals: `123456` → `1,234.56`. Whole fen that are
 * not negative (what the backend sends) are written without `Intl`, as counts
 * are (every list row has an amount); a unit test holds it to `Intl`.
 */
export function formatMoney(fen: Raw, locale: Locale): string {
  if (isEmpty(fen)) return "";
  // Up to 15 digits, where yuan as a double still has its exact two decimals.
  if (Number.isInteger(fen) && fen < 1e15 && (fen > 0 || Object.is(fen, 0))) {
    const cents = fen % MONEY_DIVISOR;
    return `${groupedDigits(String((fen - cents) / MONEY_DIVISOR))}.${cents < 10 ? "0" : ""}${cents}`;
  }
  return numberFormat(locale, "money", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(fen / MONEY_DIVISOR);
}

/** 1/100000 kg to kg, up to three decimals: `1234500` → `12.345`. */
export function formatWeight(raw: Raw, locale: Locale): string {
  if (isEmpty(raw)) return "";
  return numberFormat(locale, "weight", { maximumFractionDigits: 3 }).format(raw / WEIGHT_DIVISOR);
}

/** 1/100 cm to cm, up to two decimals: `12050` → `120.5`. */
export function formatSize(raw: Raw, locale: Locale): string {
  if (isEmpty(raw)) return "";
  return numberFormat(locale, "size", { maximumFractionDigits: 2 }).format(raw / SIZE_DIVISOR);
}

/** Width × length × height in cm; empty when any of the three is missing. */
export function formatDimensions(width: Raw, length: Raw, height: Raw, locale: Locale): string {
  if (isEmpty(width) || isEmpty(length) || isEmpty(height)) return "";
  return [width, length, height].map((value) => formatSize(value, locale)).join(" × ");
}
