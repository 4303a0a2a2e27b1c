import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);

/** China Standard Time has no daylight saving: always UTC+8. */
const CHINA_OFFSET_MINUTES = 8 * 60;

/**
 * Times from the API (`{ seconds }`) shown in China time, whatever the time
 * zone of the server or the browser; empty stays empty.
 */
export function formatChinaTime(
  time: { seconds: number } | null | undefined,
  format = "YYYY-MM-DD HH:mm:ss",
): string {
  if (!time) return "";
  return dayjs.unix(time.seconds).utcOffset(CHINA_OFFSET_MINUTES).format(format);
}

export function formatChinaDate(time: { seconds: number } | null | undefined): string {
  return formatChinaTime(time, "YYYY-MM-DD");
}
