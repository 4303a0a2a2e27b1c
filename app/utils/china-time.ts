/**
 * China Standard Time has no daylight saving: always UTC+8. The one
 * definition, for the portal and the fake backend alike.
 */
export const CHINA_OFFSET_SECONDS = 8 * 3600;

/**
 * Times from the API (`{ seconds }`) shown in China time, whatever the time
 * zone of the server or the browser; empty stays empty.
 */
export function formatChinaTime(
  time: { seconds: number } | null | undefined,
  format: ChinaTimeFormat = "YYYY-MM-DD HH:mm:ss",
): string {
  if (!time) return "";
  // China's wall clock is UTC shifted by eight hours; read it with the UTC getters.
  // dayjs's offset arithmetic slipped an hour when the server's own zone changed
  // to or from daylight saving time, and cost more than the rest of a list row.
  const wall = new Date((time.seconds + CHINA_OFFSET_SECONDS) * 1000);
  // What dayjs wrote for a time outside what a Date can hold (this module
  // once formatted with dayjs; it stays out of the browser's first load).
  if (Number.isNaN(wall.getTime())) return "Invalid Date";
  // Written piece by piece, not by a pattern's replace: a list page formats
  // three times a row on every request.
  const date = `${String(wall.getUTCFullYear()).padStart(4, "0")}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  const clock = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  switch (format) {
    case "YYYY-MM-DD":
      return date;
    case "YYYY-MM-DD HH:mm":
      return `${date} ${clock}`;
    case "HH:mm:ss":
      return `${clock}:${pad(wall.getUTCSeconds())}`;
    default:
      return `${date} ${clock}:${pad(wall.getUTCSeconds())}`;
  }
}

/** The formats times are shown in: dates, times of day, or both. */
export type ChinaTimeFormat =
  | "YYYY-MM-DD HH:mm:ss"
  | "YYYY-MM-DD HH:mm"
  | "YYYY-MM-DD"
  | "HH:mm:ss";
const pad = (value: number) => String(value).padStart(2, "0");

export function formatChinaDate(time: { seconds: number } | null | undefined): string {
  return formatChinaTime(time, "YYYY-MM-DD");
}
