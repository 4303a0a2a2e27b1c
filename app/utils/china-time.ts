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
  return format.replace(TOKENS, (token) => {
    switch (token) {
      case "YYYY":
        return String(wall.getUTCFullYear()).padStart(4, "0");
      case "MM":
        return pad(wall.getUTCMonth() + 1);
      case "DD":
        return pad(wall.getUTCDate());
      case "HH":
        return pad(wall.getUTCHours());
      case "mm":
        return pad(wall.getUTCMinutes());
      default:
        return pad(wall.getUTCSeconds());
    }
  });
}

/** The formats times are shown in: dates, times of day, or both. */
export type ChinaTimeFormat =
  | "YYYY-MM-DD HH:mm:ss"
  | "YYYY-MM-DD HH:mm"
  | "YYYY-MM-DD"
  | "HH:mm:ss";
const TOKENS = /YYYY|MM|DD|HH|mm|ss/g;
const pad = (value: number) => String(value).padStart(2, "0");

export function formatChinaDate(time: { seconds: number } | null | undefined): string {
  return formatChinaTime(time, "YYYY-MM-DD");
}
